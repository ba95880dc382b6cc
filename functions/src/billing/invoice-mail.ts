import { LOCALES, translate, userTypeSegment } from '@swipe/shared'
import { formatYen } from '@swipe/shared/billing/money'
import { type Account, Accounts } from '#data/accounts'
import { type Invoice, Invoices } from '#data/billing'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl } from '#platform/services/urls'
import { japaneseDay, monthLabel } from './document.ts'

/** What the mail says of an invoice and its account. */
type MailedInvoice = Pick<
  Invoice,
  'accountId' | 'mailState' | 'status' | 'replaces' | 'month' | 'number' | 'total' | 'dueDate'
>
type MailedAccount = Pick<Account, 'email' | 'companyName' | 'accountType' | 'parentType'>

const conditionFailed = (error: unknown) => /conditional request failed/i.test(String(error))

/**
 * Mails the billed account that an invoice (or a correction) was issued (issue 30): the number,
 * amount, due date and a link to プラン確認 in the console, where the signed-in account downloads
 * the PDF — never the PDF's own (bearer) link or anything else secret. The account's language is
 * not stored, so the body carries every console language, Japanese first (the invoice's language);
 * the subject is Japanese (docs/decisions/0036-invoices-as-read.md).
 *
 * Sent once: only an invoice issued `PENDING` is mailed, and it is claimed (`SENT`, a conditional
 * write) before the mail goes, so a retried or concurrent closing run never mails it twice; a send
 * that fails gives the claim back for the next run. Answers whether this call sent it.
 */
export const mailInvoiceIssued = async (
  invoiceId: string,
  options: {
    /** The invoice as just issued and its account (the closing run has both): neither is read again. */
    known?: { invoice: MailedInvoice; account: MailedAccount }
    /**
     * A send that fails (SES throttled) is thrown after the claim is given back, instead of only
     * logged: the close's per-account job fails, and its queue's next delivery mails it.
     */
    throwOnFailure?: boolean
  } = {},
): Promise<boolean> => {
  const { known } = options
  const invoice: MailedInvoice | null =
    known?.invoice ?? (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (invoice?.mailState !== 'PENDING' || invoice.status === 'void') return false
  const account: MailedAccount | null =
    known?.account ?? (await Accounts.get({ accountId: invoice.accountId }).go()).data
  if (!account) return false
  try {
    await Invoices.patch({ invoiceId })
      .set({ mailState: 'SENT', mailedAt: now() })
      .where(({ mailState }, { eq }) => eq(mailState, 'PENDING'))
      .go()
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
  const replaced = invoice.replaces
    ? (await Invoices.get({ invoiceId: invoice.replaces }).go()).data?.number
    : undefined
  const values = {
    company: account.companyName ?? account.email,
    month: monthLabel(invoice.month),
    number: invoice.number,
    total: formatYen(invoice.total),
    due: japaneseDay(invoice.dueDate),
    replaces: replaced ?? '',
    link: adminUrl(`/${userTypeSegment(account.accountType, account.parentType)}/check-plan`),
  }
  const kind = replaced ? 'invoiceCorrected' : 'invoiceIssued'
  const inLocale = (locale: (typeof LOCALES)[number]) =>
    translate(locale, `billing.${kind}Body`, {
      ...values,
      // Months and days as each language writes them; Japanese keeps the invoice's own form.
      ...(locale === 'ja' ? {} : { month: invoice.month, due: invoice.dueDate }),
    })
  try {
    await sendMail({
      to: account.email,
      subject: translate('ja', `billing.${kind}Subject`, values),
      text: LOCALES.map(inLocale).join('\n\n――――――――――\n\n'),
    })
  } catch (error) {
    logger.error('invoice mail could not be sent', {
      invoiceId,
      reason: error instanceof Error ? error.message : String(error),
    })
    await Invoices.patch({ invoiceId })
      .set({ mailState: 'PENDING' })
      .remove(['mailedAt'])
      .where(({ mailState }, { eq }) => eq(mailState, 'SENT'))
      .go()
      .catch(() => undefined)
    if (options.throwOnFailure) throw error
    return false
  }
  logger.info('invoice mail sent', { invoiceId, kind })
  return true
}
