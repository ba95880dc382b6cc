import { stripePayments } from '../aws/payments.ts'
import type { PlatformEnv } from '../env.ts'
import type { Payments } from '../payments.ts'

/**
 * The local stack's payments: the real Stripe SDK against the stand-in (infra/local/stripe.ts,
 * `STRIPE_API_URL`) with the local keys (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`); never Stripe.
 */
export const localPayments = (env: PlatformEnv): Payments =>
  stripePayments(async () => ({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  }))
