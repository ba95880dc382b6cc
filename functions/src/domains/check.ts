import { domainsRoutes } from '@swipe/shared/contract/domains'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { checkClaim, claimOf, domainView } from './domains.ts'

/** Checks the DNS now (SPEC §2 step 4 "complete"), as the scheduled checker does. */
export const handler = endpoint(domainsRoutes['domains.check'], async ({ actor, params, locale, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:write')
  const claim = await claimOf(site.siteId)
  if (!claim) throw new BadRequestError('domain.missing')
  await checkClaim(claim)
  const saved = await sitesFor(actor).get(site.siteId, 'site:read')
  return ok({ ...(await domainView(saved, locale)), message: t('domain.checked') })
})
