import {
  defaultPlan,
  fallbackPlanId,
  PLAN_FEATURE_MESSAGES,
  type Plan,
  type PlanFeature,
} from '@swipe/shared'
import { type CreateEntityItem, createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import { Plans } from '#data/plans'
import { SiteCounters } from '#data/site-counters'
import { type Site, Sites } from '#data/sites'
import { ConflictError, ForbiddenError } from './errors.ts'
import { isConditionFailure } from './rate-limit.ts'
import { retryOnConflict, type TransactionOutcome } from './transactions.ts'

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

/**
 * The owner's site counter, created from the owner index when it is missing (owners whose sites
 * predate it). Only the first of several racing initialisations writes; the others find it.
 */
export const ensureSiteCounter = async (ownerId: string): Promise<void> => {
  const existing = await SiteCounters.get({ ownerId }).go({ consistent: true })
  if (existing.data) return
  const count = await siteCount(ownerId)
  try {
    await SiteCounters.create({ ownerId, count }).go({ response: 'none' })
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}

/**
 * Runs a transaction that changes an owner's counter (retried while it loses to a concurrent
 * one), and once more after creating the counter when it was missing (its action comes first, so
 * a failed condition there with no counter stored means "not yet counted", not "no slot left").
 */
const withCounter = async (ownerId: string, attempt: () => Promise<TransactionOutcome>) => {
  let outcome = await retryOnConflict(attempt)
  if (outcome.canceled && outcome.data[0]?.code === 'ConditionalCheckFailed') {
    const existing = await SiteCounters.get({ ownerId }).go({ consistent: true })
    if (!existing.data) {
      await ensureSiteCounter(ownerId)
      outcome = await retryOnConflict(attempt)
    }
  }
  return outcome
}

/**
 * Creates a site and takes one of its owner's site slots in one transaction: the owner's counter
 * is incremented on the condition `count < quantitySite`, so any number of concurrent creates end
 * with at most the plan's number of sites. 403 `plan.siteLimit` when no slot is left.
 */
export const createSiteInSlot = async (
  plan: Pick<Plan, 'quantitySite'>,
  site: CreateEntityItem<typeof Sites>,
): Promise<Site> => {
  const max = plan.quantitySite
  const result = await withCounter(site.ownerId, () =>
    createWriteTransaction({ sites: Sites, counters: SiteCounters }, (e) => [
      e.counters
        .patch({ ownerId: site.ownerId })
        .add({ count: 1 })
        .where(({ count }, { lt }) => lt(count, max))
        .commit(),
      e.sites.create(site).commit(),
    ]).go(),
  )
  if (result.canceled) {
    if (result.data[0]?.code === 'ConditionalCheckFailed') throw new ForbiddenError('plan.siteLimit', { max })
    throw new ConflictError()
  }
  // A transaction answers without items: the site as stored (its defaults filled) is read back.
  const created = (await Sites.get({ siteId: site.siteId }).go({ consistent: true })).data
  if (!created) throw new Error('The created site could not be read back')
  return created
}

/**
 * Deletes a site's global setting (the commit point of a site delete) on the condition that it is
 * still at `version`, and frees its owner's slot, in one transaction. 409 when the version is
 * stale or the site is gone.
 */
export const deleteSiteFreeingSlot = async (site: Pick<Site, 'siteId' | 'ownerId'>, version: number) => {
  const result = await withCounter(site.ownerId, () =>
    createWriteTransaction({ sites: Sites, counters: SiteCounters }, (e) => [
      e.counters.patch({ ownerId: site.ownerId }).add({ count: -1 }).commit(),
      e.sites
        .delete({ siteId: site.siteId })
        .where(({ version: current }, { eq }) => eq(current, version))
        .commit(),
    ]).go(),
  )
  if (result.canceled) throw new ConflictError()
}

/** The plan of the account that owns a site. */
export const planOfOwner = async (ownerId: string): Promise<Plan> => {
  const owner = (await Accounts.get({ accountId: ownerId }).go()).data
  return planOf(owner ?? { accountType: 'USER', planId: undefined })
}
