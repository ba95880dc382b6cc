import type Stripe from 'stripe'

/**
 * The payment-provider port (issue 18, Deliver 5): what billing asks of a card processor. The one
 * adapter is Stripe's SDK (./aws/payments.ts `stripePayments`): on AWS against Stripe with the keys
 * from Secrets Manager, locally the same SDK against the stand-in server of infra/local/stripe.ts
 * (./local/payments.ts), which implements only the endpoints below and Stripe's documented test
 * cards. Tests replace the port with a fake (`{ ...localPlatform(env), payments: fake }`). On AWS the
 * SDK runs in a Lambda of its own, which billing invokes (./aws/invoked-payments.ts): the billing
 * Lambdas carry neither the SDK nor the keys.
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

/** The port: the provider, and whether (and with which webhook secret) it is configured here. */
export interface Payments extends PaymentProvider {
  /**
   * Whether card payments can be used here (a secret key is configured); rejects when the keys
   * cannot be read (tried again by the next call).
   */
  configured(): Promise<boolean>
  /**
   * Verifies a webhook's `Stripe-Signature` over the raw body (HMAC-SHA256 with the endpoint's
   * secret, 5 minutes' tolerance) and answers the event, or undefined when it is not genuine (or no
   * signing secret is configured: then nothing is believed).
   */
  verifiedEvent(rawBody: string, signature: string): Promise<Stripe.Event | undefined>
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
