import { domainsRoutes } from '@swipe/shared/contract/domains'
import { endpoint, ok } from '#edge/http'
import { oemDomainView, oemFor } from './oem-domains.ts'

/** The OEM's sites domain (issue 19 white label): read by its OEM master, admins and platform staff. */
export const handler = endpoint(domainsRoutes['domains.oemGet'], async ({ actor, query, locale }) => {
  const { oem, editable } = await oemFor(actor, query.oemId, 'account:read')
  return ok(await oemDomainView(oem, editable, locale))
})
