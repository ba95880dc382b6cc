import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { formatYen } from '@swipe/shared/billing/money'
import { createWriteTransaction } from 'electrodb'
import Stripe from 'stripe'
import { Accounts } from '#data/accounts'
import { BillingAudit, BillingProfiles, Invoices } from '#data/billing'
import { now } from '#lib/clock'
import { logger } from '#lib/logger'
import { sendMail } from '#lib/mail'
import { stripeConfig } from './stripe-config.ts'

/**
 * The payment-provider port (issue 18, Deliver 5): what billing asks of a card processor. The one
 * adapter is Stripe's SDK: on AWS against Stripe (the secret key from Secrets Manager,
 * ./stripe-config.ts), locally the same SDK against the stand-in server of infra/local/stripe.ts
 * (`STRIPE_API_URL`), which implements only the endpoints below and Stripe's documented test cards.
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
  /**
   * A hosted page where the cardholder saves a card (Stripe Checkout, `mode: 'setup'`): the card
   * number never reaches the console or the API. Idempotent per `idempotencyKey`.
   */
  createSetupSession(input: {
    accountId: string
    customerId: string
    successUrl: string
    cancelUrl: string
    locale: 'ja' | 'en' | 'zh' | 'ko'
    idempotencyKey: string
  }): Promise<{ id: string; url: string }>
  /** A finished setup session's card, read back from the provider (never from the event alone). */
  setupSessionCard(sessionId: string): Promise<SetupSessionCard | undefined>
  /** Makes the card the customer's default for off-session charges. */
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>
  /** Removes a card from its customer (a card already gone counts as removed). */
  detachCard(paymentMethodId: string): Promise<void>
}

/** What billing keeps of a saved card: never its number. */
export interface CardSummary {
  paymentMethodId: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export interface SetupSessionCard {
  accountId: string | undefined
  customerId: string
  card: CardSummary
}

let client: Promise<Stripe | undefined> | undefined
/**
 * The SDK client, or undefined where card payments are not configured (no secret key: the API
 * answers "card payments are unavailable"). The key comes from `stripeConfig` (the secret on AWS,
 * the environment locally), read once per container.
 */
export const stripeClient = (): Promise<Stripe | undefined> => {
  if (client) return client
  const attempt = stripeConfig().then((config) => {
    if (!config.secretKey) return undefined
    const url = config.apiUrl ? new URL(config.apiUrl) : undefined
    return new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(url
        ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' }
        : {}),
    })
  })
  client = attempt
  // A secret that could not be read, or holds no key yet, is tried again by a later request.
  attempt.then(
    (made) => {
      if (!made && client === attempt) client = undefined
    },
    () => {
      if (client === attempt) client = undefined
    },
  )
  return attempt
}

const stripe = async (): Promise<Stripe> => {
  const configured = await stripeClient()
  if (!configured) throw new Error('The Stripe secret key is not configured')
  return configured
}

/** Whether card payments can be used here (a secret key is configured and readable). */
export const cardPaymentsAvailable = async (): Promise<boolean> => {
  try {
    return Boolean(await stripeClient())
  } catch (error) {
    // The secret could not be read (tried again by the next request): unavailable, not a failure.
    logger.error('Stripe keys could not be read', {
      reason: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

const summaryOf = (method: Stripe.PaymentMethod): CardSummary => ({
  paymentMethodId: method.id,
  brand: method.card?.brand ?? 'unknown',
  last4: method.card?.last4 ?? '',
  expMonth: method.card?.exp_month ?? 0,
  expYear: method.card?.exp_year ?? 0,
})

export const stripeProvider: PaymentProvider = {
  async createCustomer({ accountId, email, name }) {
    // One customer per account, even when two first saves race (Stripe keeps keys 24 hours).
    const customer = await (await stripe()).customers.create(
      { email, name, metadata: { accountId } },
      { idempotencyKey: `customer-${accountId}` },
    )
    return customer.id
  },
  async saveCard(customerId, card) {
    const sdk = await stripe()
    const method = await sdk.paymentMethods.create({
      type: 'card',
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    })
    await sdk.paymentMethods.attach(method.id, { customer: customerId })
    return { paymentMethodId: method.id, last4: method.card?.last4 ?? '' }
  },
  async charge({ invoiceId, customerId, paymentMethodId, amount }) {
    try {
      const intent = await (await stripe()).paymentIntents.create(
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
  async createSetupSession({ accountId, customerId, successUrl, cancelUrl, locale, idempotencyKey }) {
    const session = await (await stripe()).checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'jpy',
        customer: customerId,
        client_reference_id: accountId,
        metadata: { accountId },
        setup_intent_data: { metadata: { accountId } },
        locale,
        success_url: successUrl,
        cancel_url: cancelUrl,
      },
      { idempotencyKey },
    )
    if (!session.url) throw new Error('Stripe answered a setup session without a URL')
    return { id: session.id, url: session.url }
  },
  async setupSessionCard(sessionId) {
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId, {
      expand: ['setup_intent.payment_method'],
    })
    const intent = session.setup_intent
    if (session.mode !== 'setup' || session.status !== 'complete' || !intent || typeof intent === 'string')
      return undefined
    const method = intent.payment_method
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id
    if (intent.status !== 'succeeded' || !method || typeof method === 'string' || !customer) return undefined
    return { accountId: session.metadata?.accountId, customerId: customer, card: summaryOf(method) }
  },
  async setDefaultCard(customerId, paymentMethodId) {
    await (await stripe()).customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethodId },
    })
  },
  async detachCard(paymentMethodId) {
    try {
      await (await stripe()).paymentMethods.detach(paymentMethodId)
    } catch (error) {
      // Already detached or deleted at the provider: nothing is left to remove.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return
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

/** What a provider's report says was charged: the amount in yen (JPY has no minor unit) and the currency. */
export interface Charged {
  amount: number
  currency: string
}

/**
 * Records a charge's outcome once — from the charge's own answer or from the provider's webhook,
 * whichever comes first; the other finds the status moved and changes nothing. Paid from
 * `processing` (or a `failed` charge retried and paid); failed only from `processing`. A failure
 * mails the account. A webhook's report names what was `charged`: unless that is exactly the
 * invoice's total in `jpy`, nothing changes (logged; docs/decisions.md "Security II — payments…").
 */
export const recordOutcome = async (
  invoiceId: string,
  outcome: Awaited<ReturnType<PaymentProvider['charge']>>,
  at = now(),
  charged?: Charged,
): Promise<boolean> => {
  const status = outcome.ok ? 'paid' : 'failed'
  const from = outcome.ok ? ['processing', 'failed'] : ['processing']
  const invoice = (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (invoice?.billingMethod !== 'CARD' || !from.includes(invoice.status)) return false
  if (charged && (charged.amount !== invoice.total || charged.currency !== 'jpy')) {
    logger.warn('stripe webhook ignored: the charge is not the invoice’s amount and currency', {
      invoiceId,
      chargeId: outcome.chargeId,
      charged: { amount: charged.amount, currency: charged.currency },
      invoiced: { amount: invoice.total, currency: 'jpy' },
    })
    return false
  }
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

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body (HMAC-SHA256 with the endpoint's
 * secret, 5 minutes' tolerance) and answers the event, or undefined when it is not genuine (or no
 * signing secret is configured: then nothing is believed).
 */
export const verifiedEvent = async (rawBody: string, signature: string | undefined) => {
  const { webhookSecret } = await stripeConfig()
  if (!webhookSecret || !signature) return undefined
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
  } catch {
    return undefined
  }
}
