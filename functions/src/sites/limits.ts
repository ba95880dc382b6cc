import { sitesRoutes } from '@swipe/shared/contract/sites'
import { planOf, planView, siteCount } from '#domain/plans'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor, principalIdOf } from '#edge/tenancy'

/**
 * The plan the caller builds under and how much of it is used: the site list and the create form
 * show the limits (and disable what the plan does not include) before the API would refuse.
 */
export const handler = endpoint(sitesRoutes['sites.limits'], async ({ actor }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const owner = await accountsFor(actor).get(principalIdOf(actor.account), 'site:read')
  const plan = await planOf(owner)
  return ok({ plan: planView(plan), sitesUsed: await siteCount(owner.accountId) })
})
