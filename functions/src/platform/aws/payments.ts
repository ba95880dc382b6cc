import Stripe from 'stripe'
import * as z from 'zod'
import type { PlatformEnv } from '../env.ts'
import type { CardSummary, Payments } from '../payments.ts'
import type { Secrets } from '../secrets.ts'

/**
 * Where billing finds its Stripe keys (issue 18):
 *
 * - On AWS, `STRIPE_SECRET_ARN` names a Secrets Manager secret whose value the operator sets to
 *   `{"secretKey":"sk_live_…","webhookSecret":"whsec_…"}` (README "Deploy"). It is read when the
 *   platform is built (cold start) and kept for the container's life; while it holds no secret key
 *   yet, it is read again every 5 minutes, so setting it takes effect without a deploy.
 * - Locally (and in tests), the keys are configuration, with the SDK pointed at the stand-in
 *   (infra/local/stripe.ts; ../local/payments.ts).
 *
 * Without a secret key card payments are unavailable: the console says so, the card routes answer
 * 503 `billing.cardUnavailable`, card invoices stay `processing`. Without a signing secret the
 * webhook believes nothing.
 */
export interface StripeConfig {
  secretKey: string | undefined
  webhookSecret: string | undefined
  /** Only the local stack's stand-in: `http://127.0.0.1:<port>`. */
  apiUrl: string | undefined
}

/** The secret's value as the operator stores it; anything else counts as not configured. */
const SecretValue = z.object({
  secretKey: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\S+$/)
    .optional()
    .catch(undefined),
  webhookSecret: z
    .string()
    .regex(/^whsec_\S+$/)
    .optional()
    .catch(undefined),
})

/** Parses a secret's string: a JSON object with the two keys; unset or malformed values are left out. */
export const parseStripeSecret = (
  value: string | undefined,
): Pick<StripeConfig, 'secretKey' | 'webhookSecret'> => {
  if (!value) return { secretKey: undefined, webhookSecret: undefined }
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    return { secretKey: undefined, webhookSecret: undefined }
  }
  const parsed = SecretValue.safeParse(json)
  return parsed.success
    ? { secretKey: parsed.data.secretKey, webhookSecret: parsed.data.webhookSecret }
    : { secretKey: undefined, webhookSecret: undefined }
}

const UNSET_RECHECK_MS = 5 * 60_000

/**
 * The keys of the secret `arn`, read once per container (a failed read is tried again by the next
 * call; a secret found without a secret key is read again after 5 minutes, not at every request).
 */
export const stripeSecretKeys = (secrets: Secrets, arn: string): (() => Promise<StripeConfig>) => {
  let cached: Promise<StripeConfig> | undefined
  /** When the secret was last found without a secret key (then it is read again after 5 minutes). */
  let unsetSince: number | undefined
  return () => {
    if (cached && !(unsetSince !== undefined && Date.now() - unsetSince > UNSET_RECHECK_MS)) return cached
    unsetSince = undefined
    const attempt = (async (): Promise<StripeConfig> => {
      const keys = parseStripeSecret(await secrets.get(arn))
      if (!keys.secretKey) unsetSince = Date.now()
      return { ...keys, apiUrl: undefined }
    })()
    cached = attempt
    attempt.catch(() => {
      if (cached === attempt) cached = undefined
    })
    return attempt
  }
}

const summaryOf = (method: Stripe.PaymentMethod): CardSummary => ({
  paymentMethodId: method.id,
  brand: method.card?.brand ?? 'unknown',
  last4: method.card?.last4 ?? '',
  expMonth: method.card?.exp_month ?? 0,
  expYear: method.card?.exp_year ?? 0,
})

/** The Stripe SDK adapter, with its keys from `config` (the secret on AWS, configuration locally). */
export const stripePayments = (config: () => Promise<StripeConfig>): Payments => {
  let client: Promise<Stripe | undefined> | undefined
  /**
   * The SDK client, or undefined where card payments are not configured (no secret key: the API
   * answers "card payments are unavailable"), made once per container.
   */
  const stripeClient = (): Promise<Stripe | undefined> => {
    if (client) return client
    const attempt = config().then((keys) => {
      if (!keys.secretKey) return undefined
      const url = keys.apiUrl ? new URL(keys.apiUrl) : undefined
      return new Stripe(keys.secretKey, {
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
  return {
    configured: async () => Boolean(await stripeClient()),
    async verifiedEvent(rawBody, signature) {
      const { webhookSecret } = await config()
      if (!webhookSecret) return undefined
      try {
        return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
      } catch {
        return undefined
      }
    },
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
      if (intent.status !== 'succeeded' || !method || typeof method === 'string' || !customer)
        return undefined
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
}

const NO_KEYS: StripeConfig = { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined }

/**
 * On AWS: Stripe, with the keys of the secret `STRIPE_SECRET_ARN` names (the billing functions are
 * given it and may read it, infra/lib/billing.ts); a function without it has no card payments. The
 * read starts as the platform is built (cold start), alongside the rest of the function's loading.
 */
export const awsPayments = (env: PlatformEnv, secrets: Secrets): Payments => {
  const arn = env.STRIPE_SECRET_ARN
  if (!arn) return stripePayments(async () => NO_KEYS)
  const keys = stripeSecretKeys(secrets, arn)
  keys().catch(() => undefined)
  return stripePayments(keys)
}
