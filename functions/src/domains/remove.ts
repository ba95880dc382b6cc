import { domainsRoutes } from '@swipe/shared/contract/domains'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { domainView, removeDomain } from './domains.ts'

/** Removes the custom domain: the name is freed and detached; the default domain keeps serving. */
export const handler = endpoint(domainsRoutes['domains.remove'], async ({ actor, params, locale, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:write')
  if (!(await removeDomain(site))) throw new BadRequestError('domain.missing')
  const saved = await sitesFor(actor).get(site.siteId, 'site:read')
  return ok({ ...(await domainView(saved, locale, null)), message: t('domain.removed') })
})
