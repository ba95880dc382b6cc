import { randomUUID } from 'node:crypto'
import { scopeRoot, TRIAL_PLAN_ID } from '@swipe/shared'
import { CONTRACT_MINIMUM_MONTHS, INITIAL_FEE_YEN, overageFee } from '@swipe/shared/billing/money'
import { daysOf, jstMonth, planChangeInstant, planIdAt } from '@swipe/shared/billing/months'
import { billingRoutes } from '@swipe/shared/contract/billing'
import { planNameIn } from '@swipe/shared/plan-names'
import { jstDay } from '@swipe/shared/time/jst'
import type { Account } from '#data/accounts'
import { accountsService } from '#data/accounts-service'
import { Invoices } from '#data/billing'
import { planOf } from '#domain/plans'
import { ConflictError, ForbiddenError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor, adminOf, policyActorOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { assertFieldRules } from '../accounts/fields.ts'
import { billView } from './bills-view.ts'
import { catalogPlan, planRef } from './plans.ts'
import { accountUsage } from './usage.ts'

/** The account a caller's プラン確認 shows by default: its own, or a sub-admin's parent's. */
const principalOf = (me: Account) => (me.accountType === 'SUB_ADMIN' ? me.parentId : me.accountId)

/** The pending change as the API shows it, or null once its instant has come (it is the plan then). */
const pendingOf = async (account: Account, at: number, locale: Parameters<typeof planRef>[1]) => {
  if (!account.pendingPlanId || account.pendingPlanFrom == null || account.pendingPlanFrom <= at) return null
  const plan = await catalogPlan(account.pendingPlanId)
  return {
    plan: plan ? planRef(plan, locale) : { id: account.pendingPlanId, name: account.pendingPlanId, price: 0 },
    from: new Date(account.pendingPlanFrom).toISOString(),
    fromDay: jstDay(account.pendingPlanFrom),
  }
}

export const get = endpoint(billingRoutes['billing.userPlan'], async ({ actor, query, locale }) => {
  const me = adminOf(actor)
  const account = await accountsFor(actor).get(query.accountId ?? principalOf(me), 'plan:read')
  const at = now()
  const plan = await planOf(account, at)
  const month = jstMonth(at)
  const today = jstDay(at)
  const usage = await accountUsage(account.accountId, month, today)
  const days = daysOf(month)
  const elapsed = days.filter((d) => d <= today).length
  const projected = Math.round((usage.pageViews * days.length) / Math.max(1, elapsed))
  const { data: invoices } = await Invoices.query
    .byAccount({ accountId: account.accountId })
    .go({ order: 'desc' })
  return ok({
    accountId: account.accountId,
    companyName: account.companyName ?? null,
    plan: {
      ...planRef(plan, locale),
      quantitySwipe: plan.quantitySwipe,
      quantitySite: plan.quantitySite,
      limitAccess: plan.limitAccess,
      limitAccessPrice: plan.limitAccessPrice,
      historyDays: plan.historyDays,
    },
    pending: await pendingOf(account, at, locale),
    usage: {
      month,
      ...usage,
      projectedPageViews: projected,
      projectedPageViewFee: overageFee(projected, plan.limitAccess, plan.limitAccessPrice),
    },
    contract: {
      minimumMonths: CONTRACT_MINIMUM_MONTHS,
      initialFee: INITIAL_FEE_YEN,
      startDate: account.contractStartDate ?? null,
      endDate: account.contractEndDate ?? null,
    },
    bills: invoices.map((invoice) => billView(invoice, locale, scopeRoot(policyActorOf(me)) === 'ALL')),
  })
})

/**
 * A plan change (SPEC §4; ARCHITECTURE decision 8). An account without a paid plan yet (none, or
 * the trial) starts on the chosen plan at once; otherwise the plan is pending until 00:00 JST on
 * the 1st of next month and the current plan is resolved by time. Choosing the current plan again
 * withdraws a pending change. The field rules of `PUT /users/{id}` apply (not one's own account,
 * the partner plan to staff only, a catalogue plan), and a retired plan is offered to nobody.
 */
export const change = endpoint(
  billingRoutes['billing.changePlan'],
  async ({ actor, params, body, locale, t }) => {
    const me = adminOf(actor)
    const account = await accountsFor(actor).get(params.id, 'plan:manage')
    if (account.contractStatus === 'TERMINATED') throw new ForbiddenError('account.readOnly')
    const at = now()
    const current = planIdAt(account, at)
    await assertFieldRules({
      actor: me,
      sent: { planId: body.planId },
      current: { planId: current },
      target: account,
      locale,
    })
    const chosen = await catalogPlan(body.planId)
    if (!chosen) throw new ValidationError([{ path: 'body.planId', code: 'account.planUnknown' }])
    if (chosen.retired && chosen.planId !== current)
      throw new ValidationError([{ path: 'body.planId', code: 'billing.planRetired' }])

    const immediate = !current || current === TRIAL_PLAN_ID
    const hasPending = Boolean(
      account.pendingPlanId && account.pendingPlanFrom != null && account.pendingPlanFrom > at,
    )
    const from = planChangeInstant(at)
    const name = planNameIn(chosen, locale)
    type Kind = 'now' | 'withdraw' | 'pending'
    const kind: Kind = chosen.planId === current ? 'withdraw' : immediate ? 'now' : 'pending'
    if (kind === 'withdraw' && !hasPending) throw new ConflictError('billing.planUnchanged')
    const detail = {
      now: `planId: ${current ?? '-'} → ${chosen.planId}`,
      withdraw: `planId: ${account.pendingPlanId} (${jstDay(account.pendingPlanFrom ?? at)}) withdrawn`,
      pending: `planId: ${current} → ${chosen.planId} (${jstDay(from)})`,
    }[kind]
    const message = {
      now: t('account.updated'),
      withdraw: t('billing.planChangeCancelled'),
      pending: t('billing.planChangeScheduled', { plan: name, from: jstDay(from) }),
    }[kind]
    const base = accountsService.transaction.write(({ accounts, history }) => {
      const patch = accounts.patch({ accountId: account.accountId })
      // A pending change whose instant has passed is folded into the plan first (`current`).
      const write =
        kind === 'pending'
          ? patch.set({ planId: current as string, pendingPlanId: chosen.planId, pendingPlanFrom: from })
          : patch
              .set({ planId: kind === 'now' ? chosen.planId : current })
              .remove(['pendingPlanId', 'pendingPlanFrom'])
      return [
        write
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, account.version))
          .commit(),
        history
          .create({
            accountId: account.accountId,
            executedAt: Date.now(),
            entryId: randomUUID(),
            executorId: me.accountId,
            executorName: me.contactName ?? me.email,
            action: 'UPDATE',
            detail,
          })
          .commit(),
      ]
    })
    const result = await base.go()
    if (result.canceled) throw new ConflictError()
    const saved = await accountsFor(actor).get(account.accountId, 'plan:read')
    const plan = await planOf(saved, at)
    return ok({ current: planRef(plan, locale), pending: await pendingOf(saved, at, locale), message })
  },
)
