import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startStripeStandIn, stripeSignature } from '../../../infra/local/stripe.ts'
import {
  type InvokeReply,
  startLambdaStandIn,
  stubStandInCredentials,
} from '../../../test/support/lambda-stand-in.ts'
import { thrown } from '../../../test/support/thrown.ts'
import { AppError } from '../edge/errors.ts'
import { invokedPayments } from '../platform/aws/invoked-payments.ts'
import { awsInvoker } from '../platform/aws/invoker.ts'
import { parsePlatformEnv } from '../platform/env.ts'
import { type Platform, runWithPlatform } from '../platform/index.ts'
import { localPayments } from '../platform/local/payments.ts'
import type { Payments } from '../platform/payments.ts'
import type { Secrets } from '../platform/secrets.ts'
import { handler } from './index.ts'

/**
 * Billing's payments port on AWS, end to end on loopback: the billing Lambda's port
 * (`invokedPayments`) invokes the payments Lambda through the signed invoker and the stand-in of
 * Lambda's Invoke API, which runs this Lambda's handler as Lambda would (a throw is a function
 * error); the handler runs Stripe's SDK against the Stripe stand-in (infra/local/stripe.ts).
 */
const WEBHOOK_SECRET = 'whsec_payments_lambda_test'
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>
let lambda: Awaited<ReturnType<typeof startLambdaStandIn>>
/** What the payments Lambda's platform answers `payments` with: Stripe's SDK by default. */
let inLambda: Payments

beforeAll(async () => {
  stubStandInCredentials()
  stripe = await startStripeStandIn(0, { webhookSecret: WEBHOOK_SECRET })
  inLambda = localPayments(
    parsePlatformEnv({
      STRIPE_SECRET_KEY: 'sk_test_payments',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    }),
  )
  lambda = await startLambdaStandIn(async (invoke): Promise<InvokeReply> => {
    if (invoke.functionName !== 'swipe-payments')
      return { status: 404, headers: { 'X-Amzn-ErrorType': 'ResourceNotFoundException' } }
    try {
      const answer = await runWithPlatform({ payments: inLambda } as unknown as Platform, () =>
        handler(invoke.event),
      )
      return { status: 200, body: JSON.stringify(answer) }
    } catch (error) {
      return {
        status: 200,
        headers: { 'X-Amz-Function-Error': 'Unhandled' },
        body: JSON.stringify({ errorMessage: (error as Error).message }),
      }
    }
  })
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await Promise.all([lambda.close(), stripe.stop()])
})

const billingPort = () =>
  invokedPayments(
    parsePlatformEnv({ PAYMENTS_FUNCTION_NAME: 'swipe-payments', AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint }),
    {} as Secrets,
    awsInvoker(parsePlatformEnv({ AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint })),
  )
const methods = () => lambda.taken().map((invoke) => (invoke.event as { method: string }).method)
/** A new customer of `accountId` with the test card `number` saved. */
const customerWithCard = async (payments: Payments, accountId: string, number: string) => {
  const customerId = await payments.createCustomer({
    accountId,
    email: `${accountId}@example.com`,
    name: accountId,
  })
  const card = await payments.saveCard(customerId, { number, expMonth: 12, expYear: 2030, cvc: '123' })
  return { customerId, card }
}

describe('the payments Lambda behind billing’s payments port', () => {
  it('saves a card and charges it through Stripe’s SDK, each call one signed invoke', async () => {
    const payments = billingPort()
    const { customerId, card } = await customerWithCard(payments, 'acct-1', '4242424242424242')
    expect(customerId).toMatch(/^cus_/)
    expect(card).toEqual({ paymentMethodId: expect.stringMatching(/^pm_/), last4: '4242' })
    const charged = await payments.charge({
      invoiceId: 'inv-1',
      customerId,
      paymentMethodId: card.paymentMethodId,
      amount: 5500,
    })
    expect(charged).toEqual({ ok: true, chargeId: expect.stringMatching(/^pi_/) })
    const calls = lambda.taken()
    expect(calls.map((c) => [c.functionName, c.invocationType, c.signatureValid])).toEqual([
      ['swipe-payments', 'RequestResponse', true],
      ['swipe-payments', 'RequestResponse', true],
      ['swipe-payments', 'RequestResponse', true],
    ])
    expect(calls[2]!.event).toEqual({
      source: 'swipe.payments',
      method: 'charge',
      args: [{ invoiceId: 'inv-1', customerId, paymentMethodId: card.paymentMethodId, amount: 5500 }],
    })
  })

  it('answers a declined charge as the adapter does, with Stripe’s code', async () => {
    const payments = billingPort()
    const { customerId, card } = await customerWithCard(payments, 'acct-2', '4000000000000341')
    expect(
      await payments.charge({
        invoiceId: 'inv-2',
        customerId,
        paymentMethodId: card.paymentMethodId,
        amount: 5500,
      }),
    ).toEqual({ ok: false, chargeId: expect.stringMatching(/^pi_/), code: 'card_declined' })
    lambda.taken()
  })

  it('verifies a webhook where the keys are, and believes no other signature', async () => {
    const payments = billingPort()
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: {} },
    })
    expect(await payments.verifiedEvent(payload, stripeSignature(payload, WEBHOOK_SECRET))).toMatchObject({
      id: 'evt_1',
      type: 'checkout.session.completed',
    })
    expect(
      await payments.verifiedEvent(payload, stripeSignature(payload, 'whsec_someone_else')),
    ).toBeUndefined()
    expect(
      await payments.verifiedEvent(`${payload} `, stripeSignature(payload, WEBHOOK_SECRET)),
    ).toBeUndefined()
    expect(methods()).toEqual(['verifiedEvent', 'verifiedEvent', 'verifiedEvent'])
  })

  it('keeps a yes to "configured" for the container, and asks again after a no', async () => {
    const payments = billingPort()
    expect([await payments.configured(), await payments.configured()]).toEqual([true, true])
    expect(methods()).toEqual(['configured'])
    const unconfigured = inLambda
    inLambda = localPayments(parsePlatformEnv({}))
    try {
      const fresh = billingPort()
      expect([await fresh.configured(), await fresh.configured()]).toEqual([false, false])
      expect(methods()).toEqual(['configured', 'configured'])
    } finally {
      inLambda = unconfigured
    }
  })

  it('raises a refusal as the AppError the adapter threw, and a failure as a plain error', async () => {
    const real = inLambda
    inLambda = {
      ...real,
      detachCard: async () => {
        throw new AppError(409, 'error.conflict')
      },
      setDefaultCard: async () => {
        throw new Error('Stripe is down')
      },
    }
    try {
      const refused = await thrown(() => billingPort().detachCard('pm_1'))
      expect(refused).toBeInstanceOf(AppError)
      expect(refused).toMatchObject({ status: 409, code: 'error.conflict' })
      const failed = await thrown(() => billingPort().setDefaultCard('cus_1', 'pm_1'))
      expect(failed).not.toBeInstanceOf(AppError)
      expect(failed).toEqual(new Error('Payments setDefaultCard failed in swipe-payments: Unhandled'))
    } finally {
      inLambda = real
      lambda.taken()
    }
  })

  it('takes only payments events, and a billing Lambda without the payments Lambda calls nothing', async () => {
    expect(await thrown(() => handler({ source: 'swipe.payments', method: 'refund', args: [] }))).toEqual(
      new Error('The payments Lambda takes only payments events'),
    )
    // Nor does it hand out the webhook's signing secret: verification happens in it (`verifiedEvent`).
    expect(
      await thrown(() => handler({ source: 'swipe.payments', method: 'webhookSecret', args: [] })),
    ).toEqual(new Error('The payments Lambda takes only payments events'))
    const bare = invokedPayments(parsePlatformEnv({}), {} as Secrets, awsInvoker(parsePlatformEnv({})))
    expect(await thrown(() => bare.configured())).toEqual(
      new Error('No payments Lambda (PAYMENTS_FUNCTION_NAME) in this function'),
    )
    expect(lambda.taken()).toEqual([])
  })
})
