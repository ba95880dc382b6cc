import {
  defaultPlan,
  fallbackPlanId,
  historyDaysOf,
  PLAN_FEATURE_MESSAGES,
  type Plan,
  type PlanFeature,
  type SiteStatus,
} from '@swipe/shared'
import { planIdAt } from '@swipe/shared/billing/months'
import { type CreateEntityItem, createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import { Plans } from '#data/plans'
import { SiteCounters } from '#data/site-counters'
import { SiteVersions } from '#data/site-versions'
import { readSite, type Site, Sites } from '#data/sites'
import { Tallies } from '#data/tallies'
import { ConflictError, ForbiddenError } from '../edge/errors.ts'
import { isConditionFailure } from '../edge/rate-limit.ts'
import { now } from '../platform/services/clock.ts'
import {
  isEmpty,
  siteDelta,
  siteScopes,
  type TallyDelta,
  tallyNeeds,
  tallyWrites,
  withCounters,
} from './tallies.ts'

/**
 * The plan that governs a site is its owner's (the account the sites belong to). An account with
 * no plan assigned builds under `fallbackPlanId`; a plan id that is not stored falls back to the
 * built-in catalogue, and an unknown id to the fallback plan, so a typo never lifts every limit.
 * The plan always carries `historyDays` (`historyDaysOf` for a plan stored without it).
 */
export const planOf = async (
  owner: Pick<Account, 'planId' | 'accountType'> &
    Partial<Pick<Account, 'pendingPlanId' | 'pendingPlanFrom'>>,
  /** A requested plan change counts from its instant on (`planIdAt`): the plan is resolved by time. */
  at: number = now(),
): Promise<Plan> => {
  const fallback = fallbackPlanId(owner.accountType)
  for (const id of [planIdAt(owner, at), fallback]) {
    if (!id) continue
    const stored = await Plans.get({ planId: id }).go()
    if (stored.data) return { ...stored.data, historyDays: historyDaysOf(stored.data) } as Plan
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
export const siteCount = async (ownerId: string): Promise<number> => (await ownerSiteCounts(ownerId)).count

/** How many sites an account owns, in all (`count`) and by status (`sites_<STATUS>`). */
export const ownerSiteCounts = async (
  ownerId: string,
): Promise<{ count: number } & Record<string, number>> => {
  const counts: { count: number } & Record<string, number> = { count: 0 }
  let cursor: string | null = null
  do {
    const page: { data: Array<{ status: SiteStatus }>; cursor: string | null } = await Sites.query
      .byOwner({ ownerId })
      .go({ cursor, attributes: ['status'], pages: 1, limit: 1000 })
    counts.count += page.data.length
    for (const { status } of page.data) counts[`sites_${status}`] = (counts[`sites_${status}`] ?? 0) + 1
    cursor = page.cursor
  } while (cursor)
  return counts
}

/**
 * The owner's site counter, created from the owner index when it is missing (owners whose sites
 * predate it). Only the first of several racing initialisations writes; the others find it.
 */
export const ensureSiteCounter = async (ownerId: string): Promise<void> => {
  const existing = await SiteCounters.get({ ownerId }).go({ consistent: true })
  if (existing.data) return
  const counts = await ownerSiteCounts(ownerId)
  try {
    await SiteCounters.create({ ownerId, ...counts }).go({ response: 'none' })
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}

/**
 * What a transaction that changes an owner's site counter (action `counterAt`) and its scopes'
 * tallies (from action 2) needs when a condition fails: the counter created from the owner index if it is
 * missing — after which the transaction runs again (`withCounters`); a create that fails again on
 * a stored counter has no slot left.
 */
const siteCounterNeeds = (ownerId: string, scopes: readonly string[], change: TallyDelta, counterAt = 0) => [
  [counterAt, () => ensureSiteCounter(ownerId)] as const,
  ...tallyNeeds(scopes, 2, change),
]

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
  const scopes = siteScopes(site)
  const change = siteDelta(undefined, site.status ?? 'DRAFT')
  const result = await withCounters(
    () =>
      createWriteTransaction({ sites: Sites, counters: SiteCounters, tallies: Tallies }, (e) => [
        e.counters
          .patch({ ownerId: site.ownerId })
          .add({ count: 1, ...change })
          .where(({ count }, { lt }) => lt(count, max))
          .commit(),
        e.sites.create(site).commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    siteCounterNeeds(site.ownerId, scopes, change),
  )
  if (result.canceled) {
    if (result.data[0]?.code === 'ConditionalCheckFailed') throw new ForbiddenError('plan.siteLimit', { max })
    throw new ConflictError()
  }
  // A transaction answers without items: the site as stored (its defaults filled) is read back.
  const created = (await Sites.get({ siteId: site.siteId }).go({ consistent: true })).data
  if (!created) throw new Error('The created site could not be read back')
  return readSite(created)
}

/**
 * Deletes a site's global setting (the commit point of a site delete) on the condition that it is
 * still at `version`, and frees its owner's slot, in one transaction. 409 when the version is
 * stale or the site is gone.
 */
export const deleteSiteFreeingSlot = async (
  site: Pick<Site, 'siteId' | 'ownerId' | 'tenantIds' | 'status'>,
  version: number,
) => {
  // The status counted is the loaded one: the version condition holds only if it is still stored.
  const scopes = siteScopes(site)
  const change = siteDelta(site.status)
  const result = await withCounters(
    () =>
      createWriteTransaction({ sites: Sites, counters: SiteCounters, tallies: Tallies }, (e) => [
        e.counters
          .patch({ ownerId: site.ownerId })
          .add({ count: -1, ...change })
          .commit(),
        e.sites
          .delete({ siteId: site.siteId })
          .where(({ version: current }, { eq }) => eq(current, version))
          .commit(),
        ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
      ]).go(),
    siteCounterNeeds(site.ownerId, scopes, change),
  )
  if (result.canceled) throw new ConflictError()
}

/**
 * Commits a site's new status (with `fields`, and `remove`d attributes) on the condition that it
 * is still at `version`, as loaded in `site`, moving it between the status counts of its owner's
 * site counter and its scopes' tallies in the same transaction. A status that does not change is
 * a plain conditional update. 409 when the version is stale or the site is gone.
 */
export const commitSiteStatus = async (
  site: Pick<Site, 'siteId' | 'ownerId' | 'tenantIds' | 'status'>,
  version: number,
  to: SiteStatus,
  fields: {
    publishedAt?: number
    releaseId?: string
    publishedVersion?: number
    publishedConversions?: string[]
    publishedMatches?: Record<string, string>
  } = {},
  remove: Array<'releaseId' | 'publishedVersion' | 'publishedConversions' | 'publishedMatches'> = [],
  /** The version record the change makes (a publish, a rollback), written in the same transaction. */
  siteVersion?: CreateEntityItem<typeof SiteVersions>,
): Promise<void> => {
  const change = siteDelta(site.status, to)
  const scopes = siteScopes(site)
  const result = await withCounters(
    () =>
      createWriteTransaction(
        { sites: Sites, counters: SiteCounters, tallies: Tallies, versions: SiteVersions },
        (e) => {
          const patch = e.sites.patch({ siteId: site.siteId }).set({ status: to, ...fields })
          return [
            (remove.length ? patch.remove(remove) : patch)
              .add({ version: 1 })
              .where(({ version: current }, { eq }) => eq(current, version))
              .commit(),
            ...(siteVersion ? [e.versions.create(siteVersion).commit()] : []),
            ...(isEmpty(change) ? [] : [e.counters.patch({ ownerId: site.ownerId }).add(change).commit()]),
            ...tallyWrites(scopes, change, (scopeId, d) => e.tallies.patch({ scopeId }).add(d).commit()),
          ]
        },
      ).go(),
    isEmpty(change) ? [] : siteCounterNeeds(site.ownerId, scopes, change, 1),
  )
  if (result.canceled) throw new ConflictError()
}

/** The plan of the account that owns a site. */
export const planOfOwner = async (ownerId: string): Promise<Plan> => {
  const owner = (await Accounts.get({ accountId: ownerId }).go()).data
  return planOf(owner ?? { accountType: 'USER', planId: undefined })
}
