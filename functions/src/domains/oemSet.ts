import { domainsRoutes } from '@swipe/shared/contract/domains'
import { endpoint, ok } from '#edge/http'
import { checkOemClaim, oemClaimOf, oemDomainView, oemFor } from './oem-domains.ts'
import { setOemDomain } from './oem-set-domain.ts'

/** Sets or changes the OEM's sites domain; a wildcard record already in place connects at once. */
export const handler = endpoint(
  domainsRoutes['domains.oemSet'],
  async ({ actor, query, body, locale, t }) => {
    const { oem, editable } = await oemFor(actor, query.oemId, 'oemDomain:manage')
    const { claim, changed } = await setOemDomain(oem, body.domain)
    if (changed) await checkOemClaim(claim)
    return ok({
      ...(await oemDomainView(oem, editable, locale, (await oemClaimOf(oem.accountId)) ?? null)),
      message: t(changed ? 'oemDomain.set' : 'oemDomain.unchanged', { domain: claim.domain }),
    })
  },
)
