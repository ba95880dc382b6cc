import {
  defaultPlan,
  fallbackPlanId,
  PLAN_FEATURE_MESSAGES,
  type Plan,
  type PlanFeature,
} from '@swipe/shared'
import { type Account, Accounts } from '#data/accounts'
import { Plans } from '#data/plans'
import { Sites } from '#data/sites'
import { ForbiddenError } from './errors.ts'

/**
 * The plan that governs a site is its owner's (the account the sites belong to). An account with
 * no plan assigned builds under `fallbackPlanId`; a plan id that is not stored falls back to the
 * built-in catalogue, and an unknown id to the fallback plan, so a typo never lifts every limit.
 */
export const planOf = async (owner: Pick<Account, 'planId' | 'accountType'>): Promise<Plan> => {
  const fallback = fallbackPlanId(owner.accountType)
  for (const id of [owner.planId, fallback]) {
    if (!id) continue
    const stored = await Plans.get({ planId: id }).go()
    if (stored.data) return stored.data as Plan
    const builtIn = defaultPlan(id)
    if (builtIn) return builtIn
  }
  throw new Error(`No plan ${fallback}`)
}

/** The plan as the editor shows it: limits and switches. */
export const planView = (plan: Plan) => ({
  id: plan.planId,
  name: plan.name,
  quantitySwipe: plan.quantitySwipe,
  quantitySite: plan.quantitySite,
  features: plan.features,
})

/** 403 with the feature's own message when the plan lacks it. */
export const requireFeature = (plan: Plan, feature: PlanFeature) => {
  if (!plan.features[feature]) throw new ForbiddenError(PLAN_FEATURE_MESSAGES[feature])
}

/** 403 when rows × columns exceed the plan's creatives. */
export const requireCreatives = (plan: Plan, rows: number, columns: number) => {
  if (rows * columns > plan.quantitySwipe)
    throw new ForbiddenError('plan.creativeLimit', { max: plan.quantitySwipe })
}

/** How many sites an account owns (the owner index holds only sites). */
export const siteCount = async (ownerId: string): Promise<number> => {
  let count = 0
  let cursor: string | null = null
  do {
    const page: { data: unknown[]; cursor: string | null } = await Sites.query
      .byOwner({ ownerId })
      .go({ cursor, attributes: ['siteId'], pages: 1, limit: 1000 })
    count += page.data.length
    cursor = page.cursor
  } while (cursor)
  return count
}

/** 403 when the owner already has as many sites as the plan allows. */
export const requireSiteSlot = async (plan: Plan, ownerId: string) => {
  if ((await siteCount(ownerId)) >= plan.quantitySite)
    throw new ForbiddenError('plan.siteLimit', { max: plan.quantitySite })
}

/** The plan of the account that owns a site. */
export const planOfOwner = async (ownerId: string): Promise<Plan> => {
  const owner = (await Accounts.get({ accountId: ownerId }).go()).data
  return planOf(owner ?? { accountType: 'USER', planId: undefined })
}
