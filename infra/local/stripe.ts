/**
 * A STAND-IN for Stripe's API on 127.0.0.1 — not Stripe. The local stack points the real `stripe`
 * SDK at it (functions/src/billing/payments.ts, `STRIPE_API_URL`), so card charges run end to end
 * with no account and no network. It implements only the endpoints billing uses, in memory:
 *
 * - POST /v1/customers
 * - POST /v1/payment_methods (type=card, raw test card numbers)
 * - POST /v1/payment_methods/{id}/attach
 * - POST /v1/payment_methods/{id}/detach, POST /v1/customers/{id} (default payment method)
 * - POST /v1/payment_intents (confirm + off_session)
 * - POST /v1/checkout/sessions (mode=setup) and GET /v1/checkout/sessions/{id} (expand setup_intent)
 *
 * plus a small HOSTED SETUP PAGE in place of Stripe Checkout (`GET/POST /checkout/{id}`): the
 * cardholder types a test card; a good one completes the session, the stand-in sends the signed
 * `checkout.session.completed` webhook to the API (as Stripe does, `Stripe-Signature` with the
 * endpoint's secret) and then redirects to the session's success URL; a declined one stays on the
 * page with the decline message. It follows Stripe's documented test cards: 4242 4242 4242 4242
 * (Visa) and 5555 5555 5555 4444 (Mastercard) succeed; 4000 0000 0000 0341 is saved but every
 * charge on it is declined; 4000 0000 0000 0002 is declined
 * (`card_declined`, `generic_decline`); 4000 0000 0000 9995 is declined for insufficient funds.
 * Other numbers are refused as `incorrect_number`. An `Idempotency-Key` replays the first answer.
 * API requests need a bearer key starting `sk_test_`.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** `a[b][c]=v` form fields, as the SDK encodes them, into nested objects. */
const parseForm = (text: string): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter(Boolean)
    let node = out
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value
      else {
        node[part] ??= {}
        node = node[part] as Record<string, unknown>
      }
    }
  }
  return out
}

const DECLINES: Record<string, string> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
}
const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  // Saving it succeeds; every charge is declined (Stripe's test card for a later failure).
  '4000000000000341': 'visa',
}
const CHARGE_DECLINES: Record<string, string> = { '4000000000000341': 'generic_decline' }
const brandOf = (number: string) => SUCCEEDS[number] ?? 'visa'

interface Card {
  id: string
  number: string
  customer: string | null
  expMonth: number
  expYear: number
}

interface SetupSession {
  id: string
  customer: string
  successUrl: string
  cancelUrl: string
  locale: string
  metadata: Record<string, unknown>
  clientReferenceId: string | null
  status: 'open' | 'complete'
  setupIntent: string | null
}

export interface StripeStandInOptions {
  /** Where completed setup sessions are reported: the API's `/billing/stripe/webhook`. */
  webhookUrl?: string
  /** The webhook endpoint's signing secret (the API's `STRIPE_WEBHOOK_SECRET`). */
  webhookSecret?: string
  log?: (line: string) => void
}

/** `Stripe-Signature` as Stripe computes it: `t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`. */
export const stripeSignature = (payload: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`, 'utf8').digest('hex')}`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The hosted page's texts: Japanese for a `ja` session, English otherwise (it is a stand-in). */
const PAGE_TEXT = {
  ja: {
    title: 'カードを登録',
    note: 'ローカル開発用の Stripe スタンドイン（Stripe ではありません）。テストカードのみ使えます。',
    number: 'カード番号',
    expiry: '有効期限（MM / YY）',
    cvc: 'セキュリティコード',
    save: '保存する',
    cancel: 'キャンセルして戻る',
    declined: 'カードが拒否されました。別のカードをお試しください。',
    incorrect: 'カード番号が正しくありません。',
    expired: 'カードの有効期限が正しくないか、過ぎています。',
    cvcInvalid: 'セキュリティコードが正しくありません。',
  },
  en: {
    title: 'Save a card',
    note: 'Local development stand-in for Stripe (not Stripe). Only test cards work.',
    number: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'Security code',
    save: 'Save',
    cancel: 'Cancel and go back',
    declined: 'Your card was declined. Please try another card.',
    incorrect: 'Your card number is incorrect.',
    expired: "Your card's expiration date is invalid or in the past.",
    cvcInvalid: "Your card's security code is invalid.",
  },
}

export const startStripeStandIn = async (
  port = 0,
  options: StripeStandInOptions = {},
): Promise<Running & { port: number }> => {
  const customers = new Map<string, Record<string, unknown>>()
  const cards = new Map<string, Card>()
  const replays = new Map<string, { status: number; body: unknown }>()
  const sessions = new Map<string, SetupSession>()
  const intents = new Map<
    string,
    { id: string; customer: string; paymentMethod: string; metadata: unknown }
  >()
  let baseUrl = ''

  const cardView = (card: Card) => ({
    id: card.id,
    object: 'payment_method',
    type: 'card',
    customer: card.customer,
    card: {
      brand: brandOf(card.number),
      last4: card.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      country: 'JP',
    },
  })
  const intentView = (id: string, expandMethod: boolean) => {
    const intent = intents.get(id)
    if (!intent) return null
    const card = cards.get(intent.paymentMethod)
    return {
      id,
      object: 'setup_intent',
      status: 'succeeded',
      customer: intent.customer,
      usage: 'off_session',
      metadata: intent.metadata,
      payment_method: expandMethod && card ? cardView(card) : intent.paymentMethod,
    }
  }
  const sessionView = (session: SetupSession, expand: string[] = []) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'setup',
    status: session.status,
    customer: session.customer,
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    locale: session.locale,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === 'open' ? `${baseUrl}/checkout/${session.id}` : null,
    setup_intent:
      session.setupIntent && expand.some((e) => e.startsWith('setup_intent'))
        ? intentView(session.setupIntent, expand.includes('setup_intent.payment_method'))
        : session.setupIntent,
  })
  const error = (status: number, type: string, code: string, message: string, extra: object = {}) => ({
    status,
    body: { error: { type, code, message, ...extra } },
  })

  const handle = (method: string, path: string, form: Record<string, unknown>) => {
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '')
      if (!session) return error(404, 'invalid_request_error', 'resource_missing', 'No such checkout.session')
      const expand = Object.values((form.expand as Record<string, string> | undefined) ?? {})
      return { status: 200, body: sessionView(session, expand) }
    }
    if (method !== 'POST')
      return error(404, 'invalid_request_error', 'resource_missing', 'Not in the stand-in')
    if (path === '/v1/checkout/sessions') {
      if (form.mode !== 'setup')
        return error(
          400,
          'invalid_request_error',
          'parameter_invalid',
          'The stand-in opens setup sessions only',
        )
      if (!customers.has(String(form.customer)))
        return error(404, 'invalid_request_error', 'resource_missing', 'No such customer')
      if (typeof form.success_url !== 'string' || typeof form.cancel_url !== 'string')
        return error(
          400,
          'invalid_request_error',
          'parameter_missing',
          'success_url and cancel_url are required',
        )
      const session: SetupSession = {
        id: id('cs_test'),
        customer: String(form.customer),
        successUrl: form.success_url,
        cancelUrl: form.cancel_url,
        locale: typeof form.locale === 'string' ? form.locale : 'auto',
        metadata: (form.metadata as Record<string, unknown>) ?? {},
        clientReferenceId: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        status: 'open',
        setupIntent: null,
      }
      sessions.set(session.id, session)
      return { status: 200, body: sessionView(session) }
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path)
    if (customerPath) {
      const customer = customers.get(customerPath[1] ?? '')
      if (!customer) return error(404, 'invalid_request_error', 'resource_missing', 'No such customer')
      const settings = form.invoice_settings as Record<string, string> | undefined
      if (settings?.default_payment_method) {
        const card = cards.get(settings.default_payment_method)
        if (!card || card.customer !== customer.id)
          return error(
            400,
            'invalid_request_error',
            'resource_missing',
            'No such PaymentMethod for this customer',
          )
        customer.invoice_settings = { default_payment_method: card.id }
      }
      return { status: 200, body: customer }
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)
    if (detach) {
      const card = cards.get(detach[1] ?? '')
      if (!card?.customer)
        return error(404, 'invalid_request_error', 'resource_missing', 'No such attached PaymentMethod')
      card.customer = null
      return { status: 200, body: cardView(card) }
    }
    if (path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
      }
      customers.set(customer.id, customer)
      return { status: 200, body: customer }
    }
    if (path === '/v1/payment_methods') {
      const number = String((form.card as Record<string, string> | undefined)?.number ?? '').replace(
        /\s/g,
        '',
      )
      if (!SUCCEEDS[number] && !DECLINES[number])
        return error(402, 'card_error', 'incorrect_number', 'Your card number is incorrect.')
      const given = form.card as Record<string, string> | undefined
      const card: Card = {
        id: id('pm'),
        number,
        customer: null,
        expMonth: Number(given?.exp_month ?? 12),
        expYear: Number(given?.exp_year ?? 2034),
      }
      cards.set(card.id, card)
      return { status: 200, body: cardView(card) }
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path)
    if (attach) {
      const card = cards.get(attach[1] ?? '')
      if (!card) return error(404, 'invalid_request_error', 'resource_missing', 'No such PaymentMethod')
      if (!customers.has(String(form.customer)))
        return error(404, 'invalid_request_error', 'resource_missing', 'No such customer')
      card.customer = String(form.customer)
      return { status: 200, body: cardView(card) }
    }
    if (path === '/v1/payment_intents') {
      const card = cards.get(String(form.payment_method))
      if (!card || card.customer !== form.customer)
        return error(
          400,
          'invalid_request_error',
          'resource_missing',
          'No such PaymentMethod for this customer',
        )
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: card.id,
        metadata: form.metadata ?? {},
      }
      const decline = DECLINES[card.number] ?? CHARGE_DECLINES[card.number]
      if (decline)
        return error(402, 'card_error', 'card_declined', 'Your card was declined.', {
          decline_code: decline,
          payment_intent: { ...intent, status: 'requires_payment_method' },
        })
      return { status: 200, body: { ...intent, status: 'succeeded' } }
    }
    return error(404, 'invalid_request_error', 'resource_missing', `Not in the stand-in: ${path}`)
  }

  /** The hosted setup page (Stripe Checkout's place): the form, or the form again with a message. */
  const page = (session: SetupSession, message?: string, status = 200) => {
    const text = session.locale === 'ja' ? PAGE_TEXT.ja : PAGE_TEXT.en
    const lang = session.locale === 'ja' ? 'ja' : 'en'
    const body = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${text.title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1a1a1a}
label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font-size:16px}
button{margin-top:16px;padding:10px 16px;font-size:16px}.note{color:#555;font-size:13px}
[role=alert]{color:#b00020;margin:12px 0}</style></head>
<body><main><h1>${text.title}</h1><p class="note">${text.note}</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/checkout/${session.id}">
<label for="number">${text.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="exp">${text.expiry}</label><input id="exp" name="exp" placeholder="12 / 34" autocomplete="cc-exp" required>
<label for="cvc">${text.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${text.save}</button></form>
<p><a href="${escapeHtml(session.cancelUrl)}">${text.cancel}</a></p></main></body></html>`
    return { status, body }
  }

  /** Reports a completed session to the API, signed as Stripe signs, before the browser returns. */
  const notify = async (session: SetupSession) => {
    if (!options.webhookUrl || !options.webhookSecret) return
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: sessionView(session) },
    })
    try {
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(payload, options.webhookSecret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      })
      if (!answer.ok) options.log?.(`stripe stand-in: webhook answered ${answer.status}`)
    } catch (err) {
      options.log?.(`stripe stand-in: webhook not delivered: ${String(err)}`)
    }
  }

  /** The cardholder's submit: a good test card completes the session; anything else shows why not. */
  const submit = async (session: SetupSession, form: Record<string, unknown>) => {
    const text = session.locale === 'ja' ? PAGE_TEXT.ja : PAGE_TEXT.en
    const number = String(form.number ?? '').replace(/[\s-]/g, '')
    const exp = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(String(form.exp ?? '').trim())
    const month = Number(exp?.[1] ?? 0)
    const year = 2000 + Number(exp?.[2] ?? 0)
    const now = new Date()
    if (DECLINES[number]) return { page: page(session, text.declined, 402) }
    if (!SUCCEEDS[number]) return { page: page(session, text.incorrect, 400) }
    if (
      !exp ||
      month < 1 ||
      month > 12 ||
      year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
    )
      return { page: page(session, text.expired, 400) }
    if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim())) return { page: page(session, text.cvcInvalid, 400) }
    const card: Card = { id: id('pm'), number, customer: session.customer, expMonth: month, expYear: year }
    cards.set(card.id, card)
    const intentId = id('seti')
    intents.set(intentId, {
      id: intentId,
      customer: session.customer,
      paymentMethod: card.id,
      metadata: session.metadata,
    })
    session.status = 'complete'
    session.setupIntent = intentId
    await notify(session)
    return { redirect: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        res.end(JSON.stringify(body))
      }
      const [path = '', search = ''] = (req.url ?? '').split('?')
      const hosted = /^\/checkout\/([^/]+)$/.exec(path)
      if (hosted) {
        const session = sessions.get(hosted[1] ?? '')
        const html = (answer: { status: number; body: string }) => {
          res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' })
          res.end(answer.body)
        }
        if (!session) return html({ status: 404, body: 'No such session' })
        const redirect = (to: string) => {
          res.writeHead(303, { location: to })
          res.end()
        }
        if (session.status === 'complete')
          return redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id))
        if (req.method !== 'POST') return html(page(session))
        void submit(session, parseForm(Buffer.concat(chunks).toString('utf8'))).then((outcome) =>
          outcome.redirect
            ? redirect(outcome.redirect)
            : html(outcome.page as { status: number; body: string }),
        )
        return
      }
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } })
      const key = req.headers['idempotency-key']
      const replayKey = typeof key === 'string' ? `${req.url} ${key}` : undefined
      const replay = replayKey ? replays.get(replayKey) : undefined
      if (replay) return send(replay.status, replay.body)
      const answer = handle(
        req.method ?? 'GET',
        path,
        parseForm(req.method === 'GET' ? search : Buffer.concat(chunks).toString('utf8')),
      )
      if (replayKey) replays.set(replayKey, answer)
      send(answer.status, answer.body)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  baseUrl = `http://${HOST}:${bound}`
  return {
    name: 'stripe stand-in',
    url: `http://${HOST}:${bound}`,
    port: bound,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
