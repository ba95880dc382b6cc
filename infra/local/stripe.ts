/**
 * A STAND-IN for Stripe's API on 127.0.0.1 — not Stripe. The local stack points the real `stripe`
 * SDK at it (functions/src/billing/payments.ts, `STRIPE_API_URL`), so card charges run end to end
 * with no account and no network. It implements only the endpoints billing uses, in memory:
 *
 * - POST /v1/customers
 * - POST /v1/payment_methods (type=card, raw test card numbers)
 * - POST /v1/payment_methods/{id}/attach
 * - POST /v1/payment_intents (confirm + off_session)
 *
 * and follows Stripe's documented test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
 * declined (`card_declined`, `generic_decline`); 4000 0000 0000 9995 is declined for insufficient
 * funds. Other numbers are refused as `incorrect_number`. An `Idempotency-Key` replays the first
 * answer. Requests need a bearer key starting `sk_test_`.
 */
import { randomBytes } from 'node:crypto'
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
const SUCCEEDS = new Set(['4242424242424242'])

interface Card {
  id: string
  number: string
  customer: string | null
}

export const startStripeStandIn = async (port = 0): Promise<Running & { port: number }> => {
  const customers = new Map<string, Record<string, unknown>>()
  const cards = new Map<string, Card>()
  const replays = new Map<string, { status: number; body: unknown }>()

  const cardView = (card: Card) => ({
    id: card.id,
    object: 'payment_method',
    type: 'card',
    customer: card.customer,
    card: { brand: 'visa', last4: card.number.slice(-4), exp_month: 12, exp_year: 2034, country: 'JP' },
  })
  const error = (status: number, type: string, code: string, message: string, extra: object = {}) => ({
    status,
    body: { error: { type, code, message, ...extra } },
  })

  const handle = (method: string, path: string, form: Record<string, unknown>) => {
    if (method !== 'POST')
      return error(404, 'invalid_request_error', 'resource_missing', 'Not in the stand-in')
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
      if (!SUCCEEDS.has(number) && !DECLINES[number])
        return error(402, 'card_error', 'incorrect_number', 'Your card number is incorrect.')
      const card: Card = { id: id('pm'), number, customer: null }
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
      const decline = DECLINES[card.number]
      if (decline)
        return error(402, 'card_error', 'card_declined', 'Your card was declined.', {
          decline_code: decline,
          payment_intent: { ...intent, status: 'requires_payment_method' },
        })
      return { status: 200, body: { ...intent, status: 'succeeded' } }
    }
    return error(404, 'invalid_request_error', 'resource_missing', `Not in the stand-in: ${path}`)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        res.end(JSON.stringify(body))
      }
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } })
      const key = req.headers['idempotency-key']
      const replayKey = typeof key === 'string' ? `${req.url} ${key}` : undefined
      const replay = replayKey ? replays.get(replayKey) : undefined
      if (replay) return send(replay.status, replay.body)
      const answer = handle(
        req.method ?? 'GET',
        (req.url ?? '').split('?')[0] ?? '',
        parseForm(Buffer.concat(chunks).toString('utf8')),
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
