import { domainsRoutes } from '@swipe/shared/contract/domains'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { domainView } from './domains.ts'

/** The domain tab's state: default URL, CNAME target, the custom domain's state and the doctor's findings. */
export const handler = endpoint(domainsRoutes['domains.get'], async ({ actor, params, locale }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  return ok(await domainView(site, locale))
})
