import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { formatYen } from '@swipe/shared/billing/money'
import { createWriteTransaction } from 'electrodb'
import { Accounts } from '#data/accounts'
import { BillingAudit, BillingProfiles, Invoices } from '#data/billing'
import { platform } from '#platform'
import type { PaymentProvider } from '#platform/payments'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'

export type { CardSummary, PaymentProvider, SetupSessionCard } from '#platform/payments'

/**
 * Whether card payments can be used here (a secret key is configured and readable): the platform's
 * payments port (#platform/payments).
 */
export const cardPaymentsAvailable = async (): Promise<boolean> => {
  try {
    return await platform().payments.configured()
  } catch (error) {
    // The secret could not be read (tried again by the next request): unavailable, not a failure.
    logger.error('Stripe keys could not be read', {
      reason: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

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
      ? await platform().payments.charge({
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
 * invoice's total in `jpy`, nothing changes (logged; docs/decisions/0049-payments-and-account-answers.md).
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

/** The webhook's event, or undefined when it is not genuine (the payments port, #platform/payments). */
export const verifiedEvent = async (rawBody: string, signature: string | undefined) =>
  signature ? platform().payments.verifiedEvent(rawBody, signature) : undefined
