import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { formatYen } from '@swipe/shared/billing/money'
import { createWriteTransaction } from 'electrodb'
import Stripe from 'stripe'
import * as z from 'zod'
import { Accounts } from '#data/accounts'
import { BillingAudit, BillingProfiles, Invoices } from '#data/billing'
import { now } from '#lib/clock'
import { readEnv } from '#lib/env'
import { logger } from '#lib/logger'
import { sendMail } from '#lib/mail'

/**
 * The payment-provider port (issue 18, Deliver 5): what billing asks of a card processor. The one
 * adapter is Stripe's SDK: on AWS against Stripe (`STRIPE_SECRET_KEY`), locally the same SDK
 * against the stand-in server of infra/local/stripe.ts (`STRIPE_API_URL`), which implements only
 * the endpoints below and Stripe's documented test cards.
 */
export interface PaymentProvider {
  createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>
  /** Saves a card for off-session charges; answers the payment method and its last 4 digits. */
  saveCard(
    customerId: string,
    card: { number: string; expMonth: number; expYear: number; cvc: string },
  ): Promise<{ paymentMethodId: string; last4: string }>
  /** One off-session charge of an invoice (idempotent per invoice). */
  charge(input: {
    invoiceId: string
    customerId: string
    paymentMethodId: string
    amount: number
  }): Promise<{ ok: true; chargeId: string } | { ok: false; chargeId?: string | undefined; code: string }>
}

const env = readEnv({
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Only the local stack's stand-in: `http://127.0.0.1:<port>`. */
  STRIPE_API_URL: z.url().optional(),
})

let client: Stripe | undefined
const stripe = (): Stripe => {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not configured')
  if (!client) {
    const url = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(url
        ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' }
        : {}),
    })
  }
  return client
}

export const stripeProvider: PaymentProvider = {
  async createCustomer({ accountId, email, name }) {
    const customer = await stripe().customers.create({ email, name, metadata: { accountId } })
    return customer.id
  },
  async saveCard(customerId, card) {
    const method = await stripe().paymentMethods.create({
      type: 'card',
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    })
    await stripe().paymentMethods.attach(method.id, { customer: customerId })
    return { paymentMethodId: method.id, last4: method.card?.last4 ?? '' }
  },
  async charge({ invoiceId, customerId, paymentMethodId, amount }) {
    try {
      const intent = await stripe().paymentIntents.create(
        {
          amount,
          currency: 'jpy',
          customer: customerId,
          payment_method: paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { invoiceId },
        },
        { idempotencyKey: `invoice-${invoiceId}` },
      )
      if (intent.status === 'succeeded') return { ok: true, chargeId: intent.id }
      return { ok: false, chargeId: intent.id, code: intent.status }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          ok: false,
          chargeId: (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id,
          code: error.code ?? 'card_declined',
        }
      throw error
    }
  },
}

let provider: PaymentProvider = stripeProvider
/** Tests only: another adapter. */
export const setPaymentProvider = (next: PaymentProvider) => {
  provider = next
}
export const paymentProvider = () => provider

/**
 * Charges a card invoice that is `processing` (just issued): paid on success; on a decline the
 * payment is `failed`, the outcome is audited and the account is mailed. Bank transfers and
 * invoices in any other state are left alone, so calling it again changes nothing.
 */
export const chargeInvoice = async (invoiceId: string): Promise<void> => {
  const invoice = (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (invoice?.billingMethod !== 'CARD' || invoice.status !== 'processing') return
  const profile = (await BillingProfiles.get({ accountId: invoice.accountId }).go()).data
  const at = now()
  type Outcome = Awaited<ReturnType<PaymentProvider['charge']>>
  const outcome: Outcome =
    profile?.customerId && profile.paymentMethodId
      ? await provider.charge({
          invoiceId,
          customerId: profile.customerId,
          paymentMethodId: profile.paymentMethodId,
          amount: invoice.total,
        })
      : { ok: false, code: 'no_card' }
  await recordOutcome(invoiceId, outcome, at)
}

/**
 * Records a charge's outcome once — from the charge's own answer or from the provider's webhook,
 * whichever comes first; the other finds the status moved and changes nothing. Paid from
 * `processing` (or a `failed` charge retried and paid); failed only from `processing`. A failure
 * mails the account.
 */
export const recordOutcome = async (
  invoiceId: string,
  outcome: Awaited<ReturnType<PaymentProvider['charge']>>,
  at = now(),
): Promise<boolean> => {
  const status = outcome.ok ? 'paid' : 'failed'
  const from = outcome.ok ? ['processing', 'failed'] : ['processing']
  const invoice = (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (invoice?.billingMethod !== 'CARD' || !from.includes(invoice.status)) return false
  const result = await createWriteTransaction({ invoices: Invoices, audit: BillingAudit }, (e) => [
    e.invoices
      .patch({ invoiceId })
      .set({ status, ...(outcome.chargeId ? { chargeId: outcome.chargeId } : {}) })
      .add({ version: 1 })
      .where(({ status: current }, { eq }) => eq(current, invoice.status))
      .commit(),
    e.audit
      .create({
        invoiceId,
        at,
        entryId: randomUUID(),
        action: outcome.ok ? 'CHARGE_SUCCEEDED' : 'CHARGE_FAILED',
        actorId: 'provider',
        from: invoice.status,
        to: status,
        detail: outcome.ok ? outcome.chargeId : outcome.code,
      })
      .commit(),
  ]).go()
  if (result.canceled) return false
  if (outcome.ok) return true
  logger.warn('card charge declined', { invoiceId, code: outcome.code })
  const account = (await Accounts.get({ accountId: invoice.accountId }).go()).data
  if (!account) return true
  const values = {
    company: account.companyName ?? account.email,
    month: invoice.month,
    total: formatYen(invoice.total),
    number: invoice.number,
  }
  await sendMail({
    to: account.email,
    subject: translate('ja', 'billing.cardDeclinedSubject', values),
    text: translate('ja', 'billing.cardDeclinedBody', values),
  })
  return true
}

const webhookEnv = readEnv({ STRIPE_WEBHOOK_SECRET: z.string().min(1).optional() })

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body (HMAC-SHA256 with the endpoint's
 * secret, 5 minutes' tolerance) and answers the event, or undefined when it is not genuine.
 */
export const verifiedEvent = (rawBody: string, signature: string | undefined) => {
  if (!webhookEnv.STRIPE_WEBHOOK_SECRET || !signature) return undefined
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookEnv.STRIPE_WEBHOOK_SECRET)
  } catch {
    return undefined
  }
}
