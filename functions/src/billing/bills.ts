import { randomUUID } from 'node:crypto'
import { inScope, type PolicyActor, scopeRoot } from '@swipe/shared'
import { billingRoutes } from '@swipe/shared/contract/billing'
import { createWriteTransaction } from 'electrodb'
import { BillingAudit, type Invoice, Invoices } from '#data/billing'
import { ConflictError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor, adminOf, authorize, policyActorOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { billView } from './bills-view.ts'

/** Platform staff (master, master users and their sub-admins) see who force-completed a payment. */
const isPlatformStaff = (actor: PolicyActor) => scopeRoot(actor) === 'ALL'

/** An invoice the caller may take `action` on: 404 outside its scope, 403 inside when refused. */
const invoiceFor = async (
  actor: Parameters<typeof authorize>[0],
  invoiceId: string,
  action: 'billing:read' | 'billing:forceComplete',
) => {
  const found = (await Invoices.get({ invoiceId }).go({ consistent: true })).data
  if (!found) throw new NotFoundError()
  return authorize(actor, action, found)
}

/**
 * The payment list (SPEC §2): one account's invoices when named (in scope), else every invoice
 * in the caller's scope (staff: all; an OEM: its subtree; a user: its own), newest month first.
 */
export const list = endpoint(billingRoutes['billing.listBills'], async ({ actor, query, locale }) => {
  const me = adminOf(actor)
  const policyActor = policyActorOf(me)
  const root = scopeRoot(policyActor)
  let items: Invoice[]
  const accountId = query.accountId ?? (root !== 'ALL' && root ? root : undefined)
  if (accountId && accountId !== root) {
    await accountsFor(actor).get(accountId, 'billing:read')
    items = (await Invoices.query.byAccount({ accountId }).go({ order: 'desc', pages: 'all' })).data
  } else {
    // Staff read every invoice; an account with a subtree reads its own and its subtree's.
    const base = query.month
      ? Invoices.query.byMonth({}).begins({ month: query.month })
      : Invoices.query.byMonth({})
    const all = (await base.go({ order: 'desc', pages: 'all' })).data
    items = all.filter((invoice) => inScope(policyActor, invoice))
  }
  return ok({
    items: items
      .filter(
        (i) => (!query.month || i.month === query.month) && (!query.status || i.status === query.status),
      )
      .map((invoice) => billView(invoice, locale, isPlatformStaff(policyActor))),
  })
})

/**
 * How long an invoice PDF link works: minutes, not an hour. The link is a bearer URL (whoever holds
 * it reads the invoice), and the console asks for a fresh one on each click and fetches it at once.
 */
export const INVOICE_PDF_LINK_SECONDS = 5 * 60

/**
 * A link to the PDF as issued (the stored file, never re-rendered) with its SHA-256; once a
 * correction has voided the invoice, the copy stamped 無効 on every page that the correction stored.
 */
export const pdf = endpoint(billingRoutes['billing.billPdf'], async ({ actor, params }) => {
  const invoice = await invoiceFor(actor, params.id, 'billing:read')
  const voided = invoice.status === 'void' && invoice.voidPdfKey && invoice.voidPdfSha256
  return ok({
    url: await presignGet(
      mediaBucket,
      voided ? (invoice.voidPdfKey as string) : invoice.pdfKey,
      INVOICE_PDF_LINK_SECONDS,
    ),
    fileName: voided ? `${invoice.number}-void.pdf` : `${invoice.number}.pdf`,
    sha256: voided ? (invoice.voidPdfSha256 as string) : invoice.pdfSha256,
  })
})

/**
 * Force-completes an unpaid payment (SPEC §4): MASTER only (the route's policy action), an
 * explicit confirmation in the body, only from `unpaid` (a conditional write, so two clicks make
 * one change), irreversible, and written to the billing audit history with who, when and why —
 * also kept on the invoice, so the payment list shows it beside the payment.
 */
export const forceComplete = endpoint(
  billingRoutes['billing.forceComplete'],
  async ({ actor, params, body, t, locale }) => {
    const me = adminOf(actor)
    const invoice = await invoiceFor(actor, params.id, 'billing:forceComplete')
    if (invoice.status !== 'unpaid') throw new ConflictError('billing.notUnpaid')
    const at = now()
    // The status change and its audit entry in one transaction, on the condition it is still unpaid.
    const result = await createWriteTransaction({ invoices: Invoices, audit: BillingAudit }, (e) => [
      e.invoices
        .patch({ invoiceId: invoice.invoiceId })
        .set({
          status: 'completed',
          forcedAt: at,
          forcedBy: me.email,
          ...(body.reason ? { forcedReason: body.reason } : {}),
        })
        .add({ version: 1 })
        .where(({ status }, { eq }) => eq(status, 'unpaid'))
        .commit(),
      e.audit
        .create({
          invoiceId: invoice.invoiceId,
          at,
          entryId: randomUUID(),
          action: 'FORCE_COMPLETE',
          actorId: me.accountId,
          from: 'unpaid',
          to: 'completed',
          detail: body.reason ? `${me.email}: ${body.reason}` : me.email,
        })
        .commit(),
    ]).go()
    if (result.canceled) throw new ConflictError('billing.notUnpaid')
    const saved = (await Invoices.get({ invoiceId: invoice.invoiceId }).go({ consistent: true }))
      .data as Invoice
    return ok({ ...billView(saved, locale, true), message: t('billing.forceCompleted') })
  },
)
