import { SITE_STATUSES, scopeRoot, TRIAL_PLAN_ID } from '@swipe/shared'
import { jstMonth, monthStart, planIdAt, previousMonth } from '@swipe/shared/billing/months'
import { billingRoutes } from '@swipe/shared/contract/billing'
import { planNameIn } from '@swipe/shared/plan-names'
import { type Account, Accounts } from '#data/accounts'
import { siteField } from '#data/tallies'
import { ALL_SCOPE, readTally } from '#domain/tallies'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf, policyActorOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { catalogue } from './plans.ts'

/** What the dashboard reads of each account: a projection of the account index, nothing else. */
const ATTRIBUTES = [
  'accountId',
  'accountType',
  'createdAt',
  'updatedAt',
  'planId',
  'pendingPlanId',
  'pendingPlanFrom',
  'contractStatus',
] as const
type Row = Pick<Account, (typeof ATTRIBUTES)[number]>

/**
 * The accounts of the caller's scope, read as one paged index query with projected attributes
 * (never a query per account): staff read the all-accounts index, an OEM the children of its
 * OEM master (its admins and direct users). Sub-admins are helpers, not customers: left out.
 */
const scopeOf = async (actor: Parameters<typeof adminOf>[0]) => {
  const me = adminOf(actor)
  const root = scopeRoot(policyActorOf(me))
  if (!root) throw new ForbiddenError()
  const query = root === ALL_SCOPE ? Accounts.query.all({}) : Accounts.query.byParent({ parentId: root })
  const { data } = await query.go({ pages: 'all', attributes: [...ATTRIBUTES] })
  return {
    root,
    accounts: (data as Row[]).filter((a) => a.accountType !== 'SUB_ADMIN' && a.accountType !== 'MASTER'),
  }
}

const REGISTERED_TYPES = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'MASTER_USER'] as const

export const registrations = endpoint(billingRoutes['billing.dashboardRegistrations'], async ({ actor }) => {
  const { accounts } = await scopeOf(actor)
  const months: string[] = []
  let month = jstMonth(now())
  for (let i = 0; i < 12; i++) {
    months.unshift(month)
    month = previousMonth(month)
  }
  const counts = new Map<string, number>()
  for (const a of accounts) {
    const key = `${jstMonth(a.createdAt)}#${a.accountType}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return ok({
    months: months.map((m) => ({
      month: m,
      byType: REGISTERED_TYPES.map((accountType) => ({
        accountType,
        count: counts.get(`${m}#${accountType}`) ?? 0,
      })),
    })),
  })
})

/** Sites by status come from the scope's tally (kept on every site write): one item read. */
export const sites = endpoint(billingRoutes['billing.dashboardSites'], async ({ actor }) => {
  const { root, accounts } = await scopeOf(actor)
  const tally = (await readTally(root)) as Record<string, unknown>
  const count = (field: string) => Number(tally[field] ?? 0)
  const created = SITE_STATUSES.reduce((sum, status) => sum + count(siteField(status)), 0)
  return ok({ accounts: accounts.length, sites: { created, published: count(siteField('PUBLISH')) } })
})

/** Billing accounts: direct users and OEM masters (what closing bills). */
const billed = (a: Row) => a.accountType === 'USER' || a.accountType === 'OEM_MASTER'
const active = (a: Row) => a.contractStatus === 'ACTIVE' || a.contractStatus === 'SUSPENDED'

export const adoption = endpoint(billingRoutes['billing.dashboardAdoption'], async ({ actor, locale }) => {
  const { accounts } = await scopeOf(actor)
  const plans = await catalogue()
  const at = now()
  const counts = new Map<string, number>()
  for (const a of accounts.filter((x) => billed(x) && active(x))) {
    const id = planIdAt(a, at) ?? (a.accountType === 'USER' ? TRIAL_PLAN_ID : 'ep_oem')
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  const known = plans.filter((p) => counts.has(p.planId) || !p.retired)
  return ok({
    plans: [
      ...known.map((p) => ({
        planId: p.planId,
        name: planNameIn(p, locale),
        accounts: counts.get(p.planId) ?? 0,
      })),
      ...[...counts.keys()]
        .filter((id) => !known.some((p) => p.planId === id))
        .map((id) => ({ planId: id, name: id, accounts: counts.get(id) ?? 0 })),
    ],
  })
})

/**
 * MRR (SPEC/issue 18): the monthly plan fees, excluding tax, of active paying accounts — trials and
 * free plans pay nothing, usage fees and tax are left out; ARR = MRR × 12. The month's movement
 * compares each account's fee at 00:00 JST on the 1st with its fee now: new (from nothing),
 * expansion (higher), contraction (lower), churn (to nothing, or terminated/not contracted since).
 */
export const revenue = endpoint(billingRoutes['billing.dashboardRevenue'], async ({ actor }) => {
  const { accounts } = await scopeOf(actor)
  const price = new Map((await catalogue()).map((p) => [p.planId, p.price]))
  const at = now()
  const month = jstMonth(at)
  const start = monthStart(month)
  const fee = (a: Row, when: number) => {
    const id = planIdAt(a, when)
    return id ? (price.get(id) ?? 0) : 0
  }
  let mrr = 0
  let paying = 0
  const movement = { new: 0, expansion: 0, contraction: 0, churn: 0 }
  for (const a of accounts.filter(billed)) {
    const existed = a.createdAt < start
    const endedThisMonth = !active(a) && a.updatedAt >= start
    const before = existed && (active(a) || endedThisMonth) ? fee(a, start - 1) : 0
    const nowFee = active(a) ? fee(a, at) : 0
    if (nowFee > 0) {
      mrr += nowFee
      paying++
    }
    if (before === 0 && nowFee > 0) movement.new += nowFee
    else if (before > 0 && nowFee === 0) movement.churn += before
    else if (nowFee > before) movement.expansion += nowFee - before
    else if (nowFee < before) movement.contraction += before - nowFee
  }
  return ok({ month, mrr, arr: mrr * 12, payingAccounts: paying, movement })
})
