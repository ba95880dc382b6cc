import { randomUUID } from 'node:crypto'
import { jstDay } from '@swipe/shared/time/jst'
import type { Context } from 'aws-lambda'
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { stripeSignature } from '../../infra/local/stripe.ts'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { apiEvent, withLogLines } from '../support/inline.ts'

/**
 * Saving the paying account's card (issue 18): the API opens a setup session at the provider (the
 * Stripe stand-in locally), the cardholder types a test card on its hosted page, the stand-in sends
 * the signed `checkout.session.completed` webhook to the API and redirects back to プラン確認 —
 * the real flow through the real handlers. The tests drive the hosted page with plain HTTP, as a
 * browser posts its form.
 */
const { urls, env } = useStackEnv()
// The closing runs this file starts in its process read the stack's clock: the invoice's time
// follows the card's, which the stack (on its clock) wrote.
useStackPlatform()
const http = api(urls.api)
const RETURN_PATH = '/user/check-plan'

let oem: TestAccount
let user: TestAccount
let token: string
/** A card invoice whose charge was declined (`failed`), left for the webhook tests. */
let declinedInvoiceId: string

const stored = async (accountId: string) => {
  const { BillingProfiles } = await import('../../functions/src/data/billing.ts')
  return (await BillingProfiles.get({ accountId }).go({ consistent: true })).data
}

/** Opens a setup session as `as` and answers the hosted page's URL. */
const openSession = async (as: string) => {
  const opened = await http.post('/user/payment-card/setup', { return_path: RETURN_PATH }, { token: as })
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  expect(opened.body.url).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/cs_test_[0-9a-f]+$`))
  return opened.body.url as string
}

/** Submits the hosted page's form as a browser would, without following the redirect. */
const submitCard = (url: string, number: string, exp = '12 / 34', cvc = '123') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, exp, cvc }).toString(),
    redirect: 'manual',
  })

/** Saves a card through the hosted page and checks that the browser is sent back to プラン確認. */
const saveCard = async (as: string, number: string, exp?: string) => {
  const answer = await submitCard(await openSession(as), number, exp)
  expect(answer.status).toBe(303)
  expect(answer.headers.get('location')).toBe(`${env.ADMIN_ORIGIN}${RETURN_PATH}?card=saved`)
}

/** The stand-in's own API, as the SDK calls it. */
const standIn = (path: string) =>
  fetch(`${env.STRIPE_API_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  })

const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context
const bearer = (as: string) => ({ authorization: `Bearer ${as}` })

const currentMonth = () => jstDay(stackNow()).slice(0, 7)

beforeAll(async () => {
  const root = await seededMaster(http)
  oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  user = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
  token = await tokenFor(http, user.email, user.password)
})

describe('saving the card on the provider’s hosted page', () => {
  it('starts with no card, refuses a declined card with its message, saves a good one as a summary', async () => {
    const before = await http.get('/user/payment-card', { token })
    expect(before.status).toBe(200)
    expect(before.body).toEqual({
      account_id: user.accountId,
      available: true,
      payer: true,
      can_manage: true,
      method: 'BANK_TRANSFER',
      state: 'none',
      card: null,
      last_failure: null,
    })

    // Only a return path into the console's own プラン確認 is accepted.
    const bad = await http.post(
      '/user/payment-card/setup',
      { return_path: 'https://evil.example/x' },
      { token },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'body.returnPath' })])

    const url = await openSession(token)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<form method="post"')
    expect(html).toContain('Stripe')

    // 4000 0000 0000 0002: declined; the page stays, with the decline message; nothing is saved.
    const declined = await submitCard(url, '4000 0000 0000 0002')
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('カードが拒否されました。')
    const wrong = await submitCard(url, '4111 1111 1111 1112')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('カード番号が正しくありません。')
    expect((await http.get('/user/payment-card', { token })).body).toMatchObject({
      state: 'none',
      card: null,
    })

    // 4242 4242 4242 4242: saved. The webhook has been delivered before the browser comes back.
    const saved = await submitCard(url, '4242 4242 4242 4242', '12 / 34', '123')
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`${env.ADMIN_ORIGIN}${RETURN_PATH}?card=saved`)
    const after = await http.get('/user/payment-card', { token })
    expect(after.body).toEqual({
      account_id: user.accountId,
      available: true,
      payer: true,
      can_manage: true,
      method: 'CARD',
      state: 'saved',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, saved_at: expect.any(String) },
      last_failure: null,
    })
    // What is stored: the provider's ids and the summary — never the number.
    const profile = await stored(user.accountId)
    expect(profile).toMatchObject({
      method: 'CARD',
      customerId: expect.stringMatching(/^cus_/),
      paymentMethodId: expect.stringMatching(/^pm_/),
      cardLast4: '4242',
      cardBrand: 'visa',
      setupSessionId: expect.stringMatching(/^cs_test_/),
    })
    expect(JSON.stringify(profile)).not.toContain('4242424242424242')
    // A completed session's page sends the browser back again; it saves nothing twice.
    const again = await fetch(url, { redirect: 'manual' })
    expect(again.status).toBe(303)
  })

  it('a repeated or forged webhook changes nothing', async () => {
    const profile = (await stored(user.accountId))!
    const payload = JSON.stringify({
      id: 'evt_repeat',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: profile.setupSessionId, object: 'checkout.session', mode: 'setup' } },
    })
    const post = (signature: string) =>
      fetch(`${urls.api}/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      })
    const forged = await post(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    )
    expect(forged.status).toBe(400)
    const repeated = await post(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET as string }),
    )
    expect(repeated.status).toBe(200)
    expect(await stored(user.accountId)).toEqual(profile)
  })

  it('replaces the card: the new one is the default, the old one is detached at the provider', async () => {
    const old = (await stored(user.accountId))!
    await saveCard(token, '5555 5555 5555 4444', '11 / 33')
    const after = await http.get('/user/payment-card', { token })
    expect(after.body).toMatchObject({
      method: 'CARD',
      state: 'saved',
      card: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2033 },
    })
    const profile = (await stored(user.accountId))!
    expect(profile.customerId).toBe(old.customerId)
    expect(profile.paymentMethodId).not.toBe(old.paymentMethodId)
    // The replaced card is no longer attached: detaching it again is refused by the provider.
    expect((await standIn(`/v1/payment_methods/${old.paymentMethodId}/detach`)).status).toBe(404)

    // The closing run charges the saved card: the invoice is paid and names the card.
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const { Invoices } = await import('../../functions/src/data/billing.ts')
    const result = await closeMonth(currentMonth(), { accountIds: [user.accountId] })
    expect(result.issued).toHaveLength(1)
    const invoice = (await Invoices.get({ invoiceId: result.issued[0]! }).go()).data!
    expect(invoice).toMatchObject({ billingMethod: 'CARD', status: 'paid' })
    expect(JSON.parse(invoice.document).card.last4).toBe('4444')
  })

  it('says honestly when the last payment failed and when the card expires soon', async () => {
    const payer = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    const payerToken = await tokenFor(http, payer.email, payer.password)
    // 4000 0000 0000 0341: saving succeeds, every charge is declined (Stripe's test card).
    await saveCard(payerToken, '4000 0000 0000 0341')
    expect((await http.get('/user/payment-card', { token: payerToken })).body.state).toBe('saved')
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const result = await closeMonth(currentMonth(), { accountIds: [payer.accountId] })
    expect(result.issued).toHaveLength(1)
    declinedInvoiceId = result.issued[0]!
    const failed = await http.get('/user/payment-card', { token: payerToken })
    expect(failed.body).toMatchObject({
      state: 'failed',
      card: { last4: '0341' },
      last_failure: { invoice_id: result.issued[0], month: currentMonth(), number: expect.any(String) },
    })

    // A card saved since is not the one that failed; the failed payment is still reported. This one
    // expires at the end of the stack's current month: expiring soon.
    const [year, month] = currentMonth().split('-')
    await saveCard(payerToken, '4242 4242 4242 4242', `${month} / ${year!.slice(2)}`)
    const replaced = await http.get('/user/payment-card', { token: payerToken })
    expect(replaced.body).toMatchObject({
      state: 'expiringSoon',
      card: { last4: '4242', exp_month: Number(month), exp_year: Number(year) },
      last_failure: { invoice_id: result.issued[0] },
    })
  })

  it('pays a card invoice from the webhook only for the invoice’s own amount in yen', async () => {
    const { Invoices } = await import('../../functions/src/data/billing.ts')
    const invoiceOf = async () =>
      (await Invoices.get({ invoiceId: declinedInvoiceId }).go({ consistent: true })).data!
    const before = await invoiceOf()
    expect(before).toMatchObject({ billingMethod: 'CARD', status: 'failed' })
    expect(before.total).toBeGreaterThan(0)
    /** A `payment_intent.succeeded` for the invoice, signed as the stand-in (and Stripe) signs. */
    const succeeded = (intent: Record<string, unknown>) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_from_webhook',
            object: 'payment_intent',
            status: 'succeeded',
            amount: before.total,
            amount_received: before.total,
            currency: 'jpy',
            metadata: { invoiceId: declinedInvoiceId },
            ...intent,
          },
        },
      })
      return { payload, signature: stripeSignature(payload, env.STRIPE_WEBHOOK_SECRET as string) }
    }

    // Another amount (one yen short; the total read as cents) or another currency: acknowledged so
    // Stripe stops retrying, logged, and the invoice is left exactly as it was. Run here to read the log.
    const { handler } = await import('../../functions/src/billing/webhook.ts')
    const wrong = [
      { amount_received: before.total - 1 },
      { amount: before.total * 100, amount_received: before.total * 100 },
      { currency: 'usd' },
    ]
    const { result: answers, lines } = await withLogLines(async () => {
      const answered = []
      for (const intent of wrong) {
        const { payload, signature } = succeeded(intent)
        const path = '/billing/stripe/webhook'
        const headers = { 'stripe-signature': signature }
        answered.push(
          await handler(apiEvent('POST', path, path, { headers, body: payload }) as never, context),
        )
      }
      return answered
    })
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(JSON.parse(answer.body as string)).toEqual({ received: true })
    }
    const ignored = lines.filter((line) => String(line.message).startsWith('stripe webhook ignored'))
    expect(ignored.map((line) => [line.level, line.invoiceId, line.charged])).toEqual([
      ['WARN', declinedInvoiceId, { amount: before.total - 1, currency: 'jpy' }],
      ['WARN', declinedInvoiceId, { amount: before.total * 100, currency: 'jpy' }],
      ['WARN', declinedInvoiceId, { amount: before.total, currency: 'usd' }],
    ])
    expect(await invoiceOf()).toEqual(before)

    // The invoice's own total in yen, through the API: paid, with the intent's id.
    const { payload, signature } = succeeded({})
    const right = await fetch(`${urls.api}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    expect(right.status).toBe(200)
    expect(await invoiceOf()).toMatchObject({ status: 'paid', chargeId: 'pi_from_webhook' })
  })

  it('removes the card: later invoices are bank transfers; removing nothing is a conflict', async () => {
    const old = (await stored(user.accountId))!
    const removed = await http.call('DELETE', '/user/payment-card', { token })
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({
      method: 'BANK_TRANSFER',
      state: 'none',
      card: null,
      message: 'カードを削除しました。今後のご請求は銀行振込でのお支払いになります。',
    })
    const profile = (await stored(user.accountId))!
    expect(profile).toMatchObject({ method: 'BANK_TRANSFER', customerId: old.customerId })
    expect(profile.paymentMethodId).toBeUndefined()
    expect(profile.cardLast4).toBeUndefined()
    expect((await standIn(`/v1/payment_methods/${old.paymentMethodId}/detach`)).status).toBe(404)
    const twice = await http.call('DELETE', '/user/payment-card', { token })
    expect(twice.status).toBe(409)
    expect(twice.body.error).toMatchObject({
      code: 'billing.noCard',
      message: '登録されているカードはありません。',
    })
  })
})

describe('who manages the card: the paying account’s own roles only', () => {
  it('lets an editor sub-admin and an OEM master manage it; viewers, OEM admins and staff not', async () => {
    const editor = await createAccount({ type: 'SUB_ADMIN', parent: user, adminRole: 'EDITOR' })
    const viewer = await createAccount({ type: 'SUB_ADMIN', parent: user, adminRole: 'VIEWER' })
    const oemAdmin = await createAccount({ type: 'OEM_ADMIN', parent: oem })
    const as = async (account: TestAccount) => tokenFor(http, account.email, account.password)
    const master = await tokenFor(http, 'master@example.com', 'Master#Local1')

    // The editor acts for its parent: the session is the parent's.
    const editorToken = await as(editor)
    expect((await http.get('/user/payment-card', { token: editorToken })).body).toMatchObject({
      account_id: user.accountId,
      can_manage: true,
    })
    await openSession(editorToken)

    const viewerToken = await as(viewer)
    expect((await http.get('/user/payment-card', { token: viewerToken })).body).toMatchObject({
      account_id: user.accountId,
      can_manage: false,
    })
    const refused = await http.post(
      '/user/payment-card/setup',
      { return_path: RETURN_PATH },
      { token: viewerToken },
    )
    expect(refused.status).toBe(403)
    expect((await http.call('DELETE', '/user/payment-card', { token: viewerToken })).status).toBe(403)

    for (const other of [await as(oemAdmin), master]) {
      const view = await http.get('/user/payment-card', { token: other })
      expect(view.body).toMatchObject({ payer: false, can_manage: false, card: null })
      const post = await http.post('/user/payment-card/setup', { return_path: RETURN_PATH }, { token: other })
      expect(post.status).toBe(403)
    }

    // An OEM master is invoiced itself: it saves its own card.
    await saveCard(await as(oem), '4242 4242 4242 4242')
    expect((await stored(oem.accountId))?.cardLast4).toBe('4242')
    // …which is not its users' card.
    expect((await stored(user.accountId))?.cardLast4).toBeUndefined()
  })
})

describe('without Stripe keys (on AWS, before the operator has set the secret)', () => {
  it('says card payments are unavailable (not a 500), and the card routes answer 503', async () => {
    const [{ platform, runWithPlatform }, { awsPayments }, { parsePlatformEnv }] = await Promise.all([
      import('../../functions/src/platform/index.ts'),
      import('../../functions/src/platform/aws/payments.ts'),
      import('../../functions/src/platform/env.ts'),
    ])
    // The AWS adapter, reading the secret as CloudFormation creates it: empty keys and a generated filler.
    const payments = awsPayments(
      parsePlatformEnv({
        STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf',
      }),
      { get: async () => '{"secretKey":"","webhookSecret":"","filler":"Zx81"}' },
    )
    const card = await import('../../functions/src/billing/card.ts')
    const path = '/user/payment-card'
    await runWithPlatform({ ...platform(), payments }, async () => {
      const got = await card.get(apiEvent('GET', path, path, { headers: bearer(token) }) as never, context)
      expect(got.statusCode).toBe(200)
      expect(JSON.parse(got.body as string)).toMatchObject({
        available: false,
        payer: true,
        can_manage: false,
      })
      const setup = await card.setup(
        apiEvent('POST', `${path}/setup`, `${path}/setup`, {
          headers: bearer(token),
          body: { return_path: RETURN_PATH },
        }) as never,
        context,
      )
      expect(setup.statusCode).toBe(503)
      expect(JSON.parse(setup.body as string).error).toMatchObject({
        code: 'billing.cardUnavailable',
        message: '現在クレジットカード決済はご利用いただけません。銀行振込でお支払いください。',
      })
    })
  })
})
