import { domainsRoutes } from '@swipe/shared/contract/domains'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { checkClaim, claimOf, domainView } from './domains.ts'
import { setDomain } from './set-domain.ts'

/**
 * Sets or changes the custom domain (SPEC §2 steps 1–2): validated, claimed uniquely, the site in
 * DOMAIN_VERIFYING while its default domain keeps serving. A record already in place connects at once.
 */
export const handler = endpoint(domainsRoutes['domains.set'], async ({ actor, params, body, locale, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:write')
  const { claim, changed } = await setDomain(site, body.domain)
  if (changed) await checkClaim(claim)
  const saved = await sitesFor(actor).get(site.siteId, 'site:read')
  return ok({
    ...(await domainView(saved, locale, (await claimOf(site.siteId)) ?? null)),
    message: t(changed ? 'domain.set' : 'domain.unchanged', { domain: claim.domain }),
  })
})
