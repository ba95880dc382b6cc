import { DEFAULT_PLANS, effectiveType, historyDaysOf, type Locale, type Plan } from '@swipe/shared'
import { billingRoutes } from '@swipe/shared/contract/billing'
import { planNameIn } from '@swipe/shared/plan-names'
import { Plans } from '#data/plans'
import { ConflictError, ForbiddenError, NotFoundError } from '#edge/errors'
import type { RequestState } from '#edge/http'
import { endpoint, ok } from '#edge/http'
import { isConditionFailure } from '#edge/rate-limit'
import { policyActorOf } from '#edge/tenancy'

export type StoredPlan = Plan & { retired: boolean; version: number }

/**
 * A built-in plan not (yet) stored reads as stored at version 1, offered; a plan stored before
 * `historyDays` existed reads `historyDaysOf` it.
 */
const asStored = (
  plan: Omit<Plan, 'historyDays'> & { historyDays?: number; retired?: boolean; version?: number },
): StoredPlan => ({
  ...plan,
  historyDays: historyDaysOf(plan),
  retired: plan.retired ?? false,
  version: plan.version ?? 1,
})

/** The catalogue: the stored plans, and the built-in ones a stage has not stored, in catalogue order. */
export const catalogue = async (): Promise<StoredPlan[]> => {
  const { data } = await Plans.query.all({}).go({ pages: 'all' })
  const stored = new Map(data.map((p) => [p.planId, asStored(p as Plan)]))
  const builtIn = DEFAULT_PLANS.map((p) => stored.get(p.planId) ?? asStored(p))
  const added = data
    .filter((p) => !DEFAULT_PLANS.some((d) => d.planId === p.planId))
    .map((p) => asStored(p as Plan))
    .sort((a, b) => a.price - b.price || a.planId.localeCompare(b.planId))
  return [...builtIn, ...added]
}

/** One plan of the catalogue, or undefined. */
export const catalogPlan = async (planId: string): Promise<StoredPlan | undefined> => {
  const stored = (await Plans.get({ planId }).go({ consistent: true })).data
  if (stored) return asStored(stored as Plan)
  const builtIn = DEFAULT_PLANS.find((p) => p.planId === planId)
  return builtIn ? asStored(builtIn) : undefined
}

export const planView = (plan: StoredPlan, locale: Locale) => ({
  id: plan.planId,
  name: planNameIn(plan, locale),
  price: plan.price,
  quantitySwipe: plan.quantitySwipe,
  quantitySite: plan.quantitySite,
  limitAccess: plan.limitAccess,
  limitAccessPrice: plan.limitAccessPrice,
  swipe: plan.swipe,
  features: plan.features,
  historyDays: plan.historyDays,
  retired: plan.retired,
  version: plan.version,
})

export const planRef = (plan: Plan, locale: Locale) => ({
  id: plan.planId,
  name: planNameIn(plan, locale),
  price: plan.price,
})

/**
 * The catalogue is platform staff's (MASTER, MASTER_USER and their sub-admins): `plan:manage`
 * lets an OEM master set its users' plans, not edit what every tenant is sold (docs/permissions.md).
 * Checked before the body is read, so the refusal does not depend on what was sent.
 */
const staffOnly = async ({ state }: { state: RequestState }) => {
  const actor = state.actor
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const type = effectiveType(policyActorOf(actor.account))
  if (type !== 'MASTER' && type !== 'MASTER_USER') throw new ForbiddenError('billing.staffOnly')
}

export const list = endpoint(billingRoutes['billing.listPlans'], async ({ locale }) =>
  ok({ items: (await catalogue()).map((p) => planView(p, locale)) }),
)

export const create = endpoint(
  billingRoutes['billing.createPlan'],
  async ({ body, locale, t }) => {
    const { id, ...fields } = body
    if (await catalogPlan(id)) throw new ConflictError('billing.planExists')
    try {
      await Plans.create({ planId: id, ...fields, retired: false, version: 1 }).go()
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError('billing.planExists')
      throw error
    }
    const saved = await catalogPlan(id)
    if (!saved) throw new Error('The created plan could not be read back')
    return ok({ ...planView(saved, locale), message: t('billing.planCreated') }, 201)
  },
  { beforeParse: staffOnly },
)

export const update = endpoint(
  billingRoutes['billing.updatePlan'],
  async ({ params, body, locale, t }) => {
    const current = await catalogPlan(params.id)
    if (!current) throw new NotFoundError()
    const { version, ...fields } = body
    if (current.version !== version) throw new ConflictError()
    // A built-in plan is stored on its first edit; a stored one is changed at its version.
    const stored = (await Plans.get({ planId: params.id }).go({ consistent: true })).data
    try {
      if (stored)
        await Plans.patch({ planId: params.id })
          .set(fields)
          .add({ version: 1 })
          .where(({ version: v }, { eq }) => eq(v, version))
          .go()
      else await Plans.create({ planId: params.id, ...fields, version: 2 }).go()
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError()
      throw error
    }
    const saved = await catalogPlan(params.id)
    if (!saved) throw new Error('The saved plan could not be read back')
    return ok({ ...planView(saved, locale), message: t('billing.planUpdated') })
  },
  { beforeParse: staffOnly },
)
