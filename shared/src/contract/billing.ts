/** The billing context's routes with their schemas (heads in ./routes.ts; issue 18). */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { requiredText } from '../schemas/common.ts'
import { IdParams, PlanFeaturesSchema, withMessage } from './common.ts'
import { defineContext } from './define.ts'

/** Payment states (SPEC §4). `completed` is only reached by a force-complete. */
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'processing', 'void', 'completed', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const BILLING_METHODS = ['BANK_TRANSFER', 'CARD'] as const
export type BillingMethod = (typeof BILLING_METHODS)[number]

const yen = (max: number) =>
  z.number({ error: 'validation.required' }).int('validation.invalid').min(0).max(max)
const count = (min: number, max: number) =>
  z.number({ error: 'validation.required' }).int('validation.invalid').min(min).max(max)

/** The editable fields of a plan (SPEC §3 Plan). */
const planFields = /* @__PURE__ */ lazySchema(() => ({
  name: requiredText(50),
  /** Monthly fee in yen, excluding tax. */
  price: yen(10_000_000),
  /** Creatives (pages) per site. The largest grid a site can have is 10 × 10. */
  quantitySwipe: count(1, 100),
  /** Sites per account. */
  quantitySite: count(1, 10_000),
  /** Page views per month included. */
  limitAccess: count(0, 1_000_000_000),
  /** Yen per started 1,000 page views over the limit. */
  limitAccessPrice: yen(1_000_000),
  swipe: z.boolean(),
  features: PlanFeaturesSchema,
  /** Days a published version can be returned to beyond the 10 newest; 0 = unlimited (issue 33). */
  historyDays: count(0, 3650),
}))

export const PlanSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    ...planFields,
    name: z.string(),
    retired: z.boolean(),
    version: z.number().int(),
  }),
)

export const CreatePlanBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string({ error: 'validation.required' }).regex(/^[a-z0-9][a-z0-9_-]{1,31}$/, 'validation.planId'),
    ...planFields,
  }),
)

export const UpdatePlanBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...planFields,
    /** Retire (true) or offer again (false): a retired plan is offered to nobody, accounts on it keep it. */
    retired: z.boolean(),
    version: z.number().int().positive(),
  }),
)

const PlanRef = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.string(), name: z.string(), price: z.number().int() }),
)

/** A plan change (SPEC §4): the pending plan and the instant it takes effect. */
export const PendingPlan = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: PlanRef,
    /** 00:00 JST on the 1st of the month after the request. */
    from: z.iso.datetime(),
    /** The Japanese calendar day of `from`: YYYY-MM-DD. */
    fromDay: z.string(),
  }),
)

export const UserPlanQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ accountId: z.string().max(64).optional() }),
)

/** One payment row (SPEC §2 payment list, §3 Payment row). Money is integer yen. */
export const BillSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.string(),
    accountId: z.string(),
    companyName: z.string().nullable(),
    /** The billing month, YYYY-MM. */
    month: z.string(),
    planId: z.string(),
    planName: z.string(),
    blocksUsed: z.number().int(),
    planFee: z.number().int(),
    pageViewFee: z.number().int(),
    licenceFee: z.number().int(),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    billingMethod: z.enum(BILLING_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    issuedAt: z.iso.datetime(),
    dueDate: z.string(),
    /** The invoice this one corrects (void), or null. */
    replaces: z.string().nullable(),
    replacedBy: z.string().nullable(),
    /** The day it was issued (Japan, YYYY-MM-DD). */
    issuedDay: z.string(),
    /** 取引年月日: the last day of the billed month (Japan, YYYY-MM-DD), kept by a correction. */
    transactionDay: z.string(),
    /** The contract's initial fee on its first invoice, else 0 (excluding tax). */
    initialFee: z.number().int(),
    /** Per tax rate: the lines' sum excluding tax and its tax; they add up to subtotal and tax. */
    taxByRate: z.array(
      z.object({ taxRate: z.number().int(), taxable: z.number().int(), tax: z.number().int() }),
    ),
    /** The force-complete of this payment: when, by whom (platform staff only, else null) and why. */
    forceCompleted: z
      .object({ at: z.iso.datetime(), by: z.string().nullable(), reason: z.string().nullable() })
      .nullable(),
  }),
)

/** The プラン確認 screen: plan, pending change, this month's usage and the account's payments. */
export const UserPlanSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accountId: z.string(),
    companyName: z.string().nullable(),
    plan: PlanRef.extend({
      quantitySwipe: z.number().int(),
      quantitySite: z.number().int(),
      limitAccess: z.number().int(),
      limitAccessPrice: z.number().int(),
      /** Days a published version can be returned to beyond the 10 newest; 0 = unlimited. */
      historyDays: z.number().int(),
    }),
    pending: PendingPlan.nullable(),
    usage: z.object({
      month: z.string(),
      sites: z.number().int(),
      blocks: z.number().int(),
      pageViews: z.number().int(),
      /** This month's page views at the pace so far, to the month's end. */
      projectedPageViews: z.number().int(),
      projectedPageViewFee: z.number().int(),
    }),
    contract: z.object({
      minimumMonths: z.number().int(),
      initialFee: z.number().int(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
    }),
    bills: z.array(BillSchema),
  }),
)

export const ChangePlanBody = /* @__PURE__ */ lazySchema(() =>
  z.object({ planId: z.string({ error: 'validation.required' }).min(1).max(64) }),
)

export const ListBillsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accountId: z.string().max(64).optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalid')
      .optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
  }),
)

const ACCOUNT_TYPE_KEYS = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'MASTER_USER'] as const

/** Registrations per month (Japan) by account type, the last 12 months, oldest first. */
export const RegistrationsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    months: z.array(
      z.object({
        month: z.string(),
        byType: z.array(z.object({ accountType: z.enum(ACCOUNT_TYPE_KEYS), count: z.number().int() })),
      }),
    ),
  }),
)

export const DashboardSitesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accounts: z.number().int(),
    sites: z.object({ created: z.number().int(), published: z.number().int() }),
  }),
)

export const AdoptionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plans: z.array(z.object({ planId: z.string(), name: z.string(), accounts: z.number().int() })),
  }),
)

/**
 * MRR: the monthly plan fees (excluding tax) of active paying accounts, without trials and usage
 * fees; ARR = MRR × 12. The month's movement compares each account's fee at the month's start with
 * its fee now.
 */
export const RevenueSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: z.string(),
    mrr: z.number().int(),
    arr: z.number().int(),
    payingAccounts: z.number().int(),
    movement: z.object({
      new: z.number().int(),
      expansion: z.number().int(),
      contraction: z.number().int(),
      churn: z.number().int(),
    }),
  }),
)

/** How the card on file stands (issue 18): what the console shows, honestly. */
export const CARD_STATES = ['none', 'saved', 'expiringSoon', 'expired', 'failed'] as const
export type CardState = (typeof CARD_STATES)[number]

/**
 * The paying account's card on file (プラン確認, payment settings): a summary only — brand, last
 * four digits and expiry, never the number. `available` is false where card payments are not
 * configured; `payer` is false for accounts that are not billed themselves (platform staff, an OEM
 * admin acting for its OEM shows its OEM master's).
 */
export const PaymentCardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    accountId: z.string(),
    available: z.boolean(),
    payer: z.boolean(),
    /** Whether the caller may save, replace or remove it (`billing:card`). */
    canManage: z.boolean(),
    method: z.enum(BILLING_METHODS),
    state: z.enum(CARD_STATES),
    card: z
      .object({
        brand: z.string(),
        last4: z.string(),
        expMonth: z.number().int(),
        expYear: z.number().int(),
        savedAt: z.iso.datetime().nullable(),
      })
      .nullable(),
    /** The latest card payment, when it failed: which invoice. */
    lastFailure: z.object({ invoiceId: z.string(), number: z.string(), month: z.string() }).nullable(),
  }),
)

export const CardSetupBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The console page to come back to: `/{userTypeId}/check-plan`. */
    returnPath: z
      .string({ error: 'validation.required' })
      .regex(/^\/[a-z]{2,20}\/check-plan$/, 'validation.invalid'),
  }),
)

export const billingRoutes = defineContext('billing')({
  'billing.listPlans': () => ({
    summary: 'The plan catalogue; retired plans are marked (SPEC §3 Plan).',
    response: z.object({ items: z.array(PlanSchema) }),
  }),
  'billing.createPlan': () => ({
    summary: 'A new plan (platform staff only).',
    body: CreatePlanBody,
    response: withMessage(PlanSchema),
    status: 201,
  }),
  'billing.updatePlan': () => ({
    summary: 'Edits or retires a plan (platform staff only); a plan in use is retired, never deleted.',
    params: IdParams,
    body: UpdatePlanBody,
    response: withMessage(PlanSchema),
  }),
  'billing.userPlan': () => ({
    summary: 'プラン確認: an account’s plan, pending change, usage this month and payments.',
    query: UserPlanQuery,
    response: UserPlanSchema,
  }),
  'billing.changePlan': () => ({
    summary: 'Requests a plan change: it takes effect at 00:00 JST on the 1st of next month.',
    params: IdParams,
    body: ChangePlanBody,
    response: withMessage(z.object({ current: PlanRef, pending: PendingPlan.nullable() })),
  }),
  'billing.listBills': () => ({
    summary: 'The payment list in the caller’s scope, newest month first.',
    query: ListBillsQuery,
    response: z.object({ items: z.array(BillSchema) }),
  }),
  'billing.billPdf': () => ({
    summary: 'A short-lived link to the invoice PDF as issued, with its SHA-256.',
    params: IdParams,
    response: z.object({ url: z.string(), fileName: z.string(), sha256: z.string() }),
  }),
  'billing.stripeWebhook': () => ({
    summary:
      'Stripe’s webhook: a payment’s outcome (payment_intent.succeeded / payment_failed) and a saved card (checkout.session.completed), verified by its signature.',
    bodyType: 'text',
    keys: 'asSent',
    body: z.looseObject({ id: z.string(), type: z.string() }),
    response: z.object({ received: z.boolean() }),
  }),
  'billing.dashboardRegistrations': () => ({
    summary: 'Dashboard: registrations per month by account type (the caller’s scope).',
    response: RegistrationsSchema,
  }),
  'billing.dashboardSites': () => ({
    summary: 'Dashboard: accounts, and sites created and published (the caller’s scope).',
    response: DashboardSitesSchema,
  }),
  'billing.dashboardAdoption': () => ({
    summary: 'Dashboard: accounts per current plan (the caller’s scope).',
    response: AdoptionSchema,
  }),
  'billing.dashboardRevenue': () => ({
    summary: 'Dashboard: MRR, ARR and the month’s new, expansion, contraction and churn.',
    response: RevenueSchema,
  }),
  'billing.paymentCard': () => ({
    summary:
      'The paying account’s card on file: brand, last 4 digits, expiry and its state (never the number).',
    response: PaymentCardSchema,
  }),
  'billing.cardSetup': () => ({
    summary:
      'Starts saving or replacing the card: answers the provider’s hosted page (Stripe Checkout, setup mode) to go to.',
    body: CardSetupBody,
    response: z.object({ url: z.string() }),
    status: 201,
  }),
  'billing.removeCard': () => ({
    summary: 'Removes the card on file: later invoices are paid by bank transfer.',
    response: withMessage(PaymentCardSchema),
  }),
  'billing.forceComplete': () => ({
    summary: 'Forces an unpaid payment to completed (MASTER only, irreversible, audited).',
    params: IdParams,
    body: z.object({
      confirm: z.literal(true, { error: 'validation.confirmRequired' }),
      /** Why (the transfer seen, an agreement…): kept in the audit and shown with the payment. */
      reason: z.string().trim().max(200, 'validation.tooLong').optional(),
    }),
    response: withMessage(BillSchema),
  }),
})
