import { domainRefusal, normaliseDomain, wwwOf } from '@swipe/shared/site/domain'
import { createWriteTransaction } from 'electrodb'
import { type SiteDomain, SiteDomains } from '#data/domains'
import type { SiteRow } from '#data/sites'
import { planOfOwner, requireFeature } from '#domain/plans'
import { AppError, ConflictError } from '#edge/errors'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { heldByOther, newToken, refuseName, refuseUnsafeAddress } from './domain-claims.ts'
import { claimOf, disconnect, doctor, lookup, moveStatus, productZones, refuseOemZone } from './domains.ts'
import { refusePublicSuffix } from './public-suffix.ts'

/*
 * Setting a site's custom domain (the `domains.set` route): apart from the rest of ./domains.ts,
 * which the domains jobs Lambda also runs, so that only the route's bundle carries the
 * public-suffix check (./public-suffix.ts).
 */

/** Checks a name a creator entered; throws the localised refusal. */
export const refuseDomain = (domain: string): void => {
  refuseName(domainRefusal(domain, productZones()), domain, productZones(), {
    www: wwwOf(domain),
    target: platform().domains.cnameTarget,
  })
  refusePublicSuffix(domain, 'domain.publicSuffix')
}

/**
 * Sets or changes a site's custom domain (SPEC §2): a new claim with its own token (issue 29: only
 * a name another holder has proven is refused, 409 `domain.taken`; unverified claims of one name
 * coexist), an old one is detached and freed, and the site waits in DOMAIN_VERIFYING while its
 * default domain keeps serving.
 */
export const setDomain = async (
  site: SiteRow,
  input: string,
): Promise<{ claim: SiteDomain; changed: boolean }> => {
  // An AWS stage without a multi-tenant distribution to attach to (infra/lib/domains.ts) refuses.
  if (!platform().domains.available) throw new AppError(400, 'domain.unavailable')
  const domain = normaliseDomain(input)
  refuseDomain(domain)
  await refuseOemZone(domain)
  // SPEC §3 Plan `privateDomain`: a plan without custom domains is refused with its own message.
  requireFeature(await planOfOwner(site.ownerId), 'privateDomain')
  const previous = await claimOf(site.siteId)
  if (previous?.domain === domain && previous.state !== 'FAILED') return { claim: previous, changed: false }
  if (await heldByOther(domain, site.siteId)) {
    logger.info('Custom domain refused: held by another site', { siteId: site.siteId, domain })
    throw new AppError(409, 'domain.taken', { domain })
  }
  const answers = await lookup(domain)
  refuseUnsafeAddress(answers, domain, domain, {
    message: 'Custom domain refused: internal address',
    context: { siteId: site.siteId },
  })
  const requestedAt = now()
  // The same site asking again for a name it failed to connect keeps its token (the same
  // claimant); any other claim gets a token of its own and never inherits another's proof.
  const token = previous?.domain === domain && previous.token ? previous.token : newToken()
  const claim: SiteDomain = {
    domain,
    siteId: site.siteId,
    ownerId: site.ownerId,
    tenantIds: site.tenantIds,
    state: 'VERIFYING',
    requestedAt,
    token,
    findings: await doctor(domain, token, answers),
  }
  if (previous?.domain === domain) {
    // The same name again after it failed: a new request (new 72 hours) on the site's own claim.
    await SiteDomains.put(claim).go()
  } else {
    const result = await createWriteTransaction({ domains: SiteDomains }, (e) => [
      ...(previous
        ? [
            e.domains
              .delete({ domain: previous.domain, siteId: site.siteId })
              .where((a, op) => op.eq(a.siteId, site.siteId))
              .commit(),
          ]
        : []),
      e.domains.create(claim).commit(),
    ]).go()
    if (result.canceled) throw new ConflictError()
  }
  if (previous && previous.domain !== domain) await disconnect(site.siteId, previous)
  await moveStatus(site.siteId, ['PUBLISH', 'DRAFT'], () => 'DOMAIN_VERIFYING')
  logger.info('Custom domain requested', { siteId: site.siteId, domain })
  return { claim, changed: true }
}
