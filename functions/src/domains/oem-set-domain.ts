import { normaliseDomain, oemDomainRefusal, wildcardOf } from '@swipe/shared/site/domain'
import { createWriteTransaction } from 'electrodb'
import type { Account } from '#data/accounts'
import { type OemDomain, OemDomains } from '#data/oem-domains'
import { activeOemZones } from '#domain/oem-zones'
import { AppError, ConflictError } from '#edge/errors'
import { accountTenantIds } from '#edge/tenancy'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { diagnose } from '#platform/services/domains/doctor'
import { logger } from '#platform/services/logger'
import { challengeFindings, heldByOther, newToken, refuseName, refuseUnsafeAddress } from './domain-claims.ts'
import { lookup, productZones } from './domains.ts'
import { coveredOther, oemClaimOf, probeOf, release } from './oem-domains.ts'
import { refusePublicSuffix } from './public-suffix.ts'

/*
 * Setting an OEM's sites domain (the `domains.oemSet` route): apart from the rest of
 * ./oem-domains.ts, which the domains jobs Lambda also runs, so that only the route's bundle
 * carries the public-suffix check (./public-suffix.ts).
 */

/**
 * Checks an OEM domain: SPEC §5's rules (an apex is fine), not a product zone, not a public suffix
 * (issue 29), not held verified by anyone else, not under another OEM's verified zone, and not over
 * a name another tenant holds verified. Unverified claims of others block nothing.
 */
const refuseOemDomain = async (oemId: string, domain: string) => {
  const zones = productZones()
  refuseName(oemDomainRefusal(domain, zones), domain, zones, {
    www: domain,
    target: platform().domains.cnameTarget,
  })
  refusePublicSuffix(domain, 'oemDomain.publicSuffix')
  const zonesOfOthers = [...(await activeOemZones())].filter(([id]) => id !== oemId).map(([, z]) => z)
  if (
    (await heldByOther(domain, oemId)) ||
    zonesOfOthers.some((z) => domain === z || domain.endsWith(`.${z}`))
  ) {
    logger.info('OEM domain refused: held by a site or another OEM', { oemId, domain })
    throw new AppError(409, 'oemDomain.taken', { domain })
  }
  if (await coveredOther(oemId, domain)) {
    logger.info('OEM domain refused: over a name another tenant holds', { oemId, domain })
    throw new AppError(409, 'oemDomain.coversOthers', { domain }, [
      { path: 'domain', code: 'oemDomain.coversOthers', params: { domain } },
    ])
  }
}

/**
 * Sets or changes the OEM's sites domain: refused names store nothing; a new claim with its own
 * token (issue 29; 409 only when a site or another OEM holds the name verified); an old domain is
 * freed and stops serving; the new one waits in VERIFYING (sites keep the default domain).
 */
export const setOemDomain = async (
  oem: Account,
  input: string,
): Promise<{ claim: OemDomain; changed: boolean }> => {
  // An AWS stage without a multi-tenant distribution refuses
  // (docs/decisions/0038-oem-white-label-domains.md); with one, the wildcard's certificate comes from ACM
  // (CloudFront-managed ones cannot cover `*.`).
  if (!platform().domains.available || !platform().domains.wildcard)
    throw new AppError(400, 'domain.unavailable')
  const domain = normaliseDomain(input)
  await refuseOemDomain(oem.accountId, domain)
  const previous = await oemClaimOf(oem.accountId)
  if (previous?.domain === domain && previous.state !== 'FAILED') return { claim: previous, changed: false }
  const answers = await lookup(probeOf(domain))
  refuseUnsafeAddress(answers, domain, wildcardOf(domain), {
    message: 'OEM domain refused: internal address',
    context: { oemId: oem.accountId },
  })
  const p = platform().domains
  // The same OEM asking again for a zone it failed to connect keeps its token (the same claimant).
  const token = previous?.domain === domain && previous.token ? previous.token : newToken()
  const claim: OemDomain = {
    domain,
    oemId: oem.accountId,
    tenantIds: accountTenantIds(oem),
    state: 'VERIFYING',
    requestedAt: now(),
    token,
    findings: [
      ...diagnose(wildcardOf(domain), answers, p.cnameTarget, p.kind),
      ...(await challengeFindings(lookup, domain, token)),
    ],
  }
  if (previous?.domain === domain) {
    await OemDomains.put(claim).go()
  } else {
    const result = await createWriteTransaction({ domains: OemDomains }, (e) => [
      ...(previous ? [e.domains.delete({ domain: previous.domain, oemId: oem.accountId }).commit()] : []),
      e.domains.create(claim).commit(),
    ]).go()
    if (result.canceled) throw new ConflictError()
  }
  if (previous && previous.domain !== domain) await release(previous)
  logger.info('OEM domain requested', { oemId: oem.accountId, domain })
  return { claim, changed: true }
}
