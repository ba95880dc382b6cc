import { billingRoutes } from '@swipe/shared/contract/billing'
import { AppError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { headerOf } from '#edge/request-state'
import { logger } from '#platform/services/logger'
import { applySetupSession } from './card.ts'
import { recordOutcome, verifiedEvent } from './payments.ts'

/**
 * POST /billing/stripe/webhook: the card provider's report of a payment's outcome. Only an event
 * whose `Stripe-Signature` verifies over the raw body counts (400 otherwise, nothing changed):
 * `payment_intent.succeeded` pays the invoice named in its metadata, `payment_intent.payment_failed`
 * fails it (and mails the account) — unless the charge's own answer recorded the outcome first, or
 * the intent's amount (`amount_received` of a success) or currency is not the invoice's total in
 * `jpy`: then the invoice is left as it was, the mismatch logged, and the event acknowledged (200:
 * Stripe retries anything else for days, and a retry carries the same amount);
 * `checkout.session.completed` of a setup session saves the card entered on the hosted page.
 * Other events are acknowledged and ignored.
 */
export const handler = endpoint(billingRoutes['billing.stripeWebhook'], async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '')
  const verified = await verifiedEvent(raw, headerOf(event, 'stripe-signature'))
  if (!verified) {
    logger.warn('stripe webhook refused: no valid signature')
    throw new AppError(400, 'error.badRequest')
  }
  if (verified.type === 'payment_intent.succeeded' || verified.type === 'payment_intent.payment_failed') {
    const intent = verified.data.object as {
      id: string
      amount?: number
      amount_received?: number
      currency?: string
      metadata?: Record<string, string>
      last_payment_error?: { code?: string } | null
    }
    const invoiceId = intent.metadata?.invoiceId
    const succeeded = verified.type === 'payment_intent.succeeded'
    // What was charged: a success reports what was received, a failure what was asked. JPY has no
    // minor unit, so the amount is the invoice's yen total itself; anything else changes nothing.
    const charged = {
      amount: Number((succeeded ? intent.amount_received : intent.amount) ?? Number.NaN),
      currency: String(intent.currency ?? ''),
    }
    if (invoiceId)
      await recordOutcome(
        invoiceId,
        succeeded
          ? { ok: true, chargeId: intent.id }
          : { ok: false, chargeId: intent.id, code: intent.last_payment_error?.code ?? 'payment_failed' },
        undefined,
        charged,
      )
  }
  if (verified.type === 'checkout.session.completed') {
    const session = verified.data.object as { id: string; mode?: string }
    // A card saved on the hosted page (./card.ts): the session is read back from the provider.
    if (session.mode === 'setup') await applySetupSession(session.id)
  }
  return ok({ received: true })
})
