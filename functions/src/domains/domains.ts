import { type Locale, translate, userTypeSegment } from '@swipe/shared'
import { DOMAIN_VERIFY_LIMIT_MS } from '@swipe/shared/site/domain'
import { createWriteTransaction } from 'electrodb'
import * as z from 'zod'
import { Accounts } from '#data/accounts'
import { DomainOwners } from '#data/domain-owners'
import { LegacySiteDomains, type SiteDomain, SiteDomains, type StoredFinding } from '#data/domains'
import { isConditionFailure } from '#data/service'
import { loadSiteItems, type SiteRow, Sites } from '#data/sites'
import { activeZoneOver, oemZoneOf } from '#domain/oem-zones'
import { commitSiteStatus } from '#domain/plans'
import { AppError, ConflictError } from '#edge/errors'
import { platform } from '#platform'
import { sitesZoneOf } from '#platform/domains'
import { now } from '#platform/services/clock'
import type { DnsLookup } from '#platform/services/domains/dns'
import { diagnose, finding } from '#platform/services/domains/doctor'
import { readEnv } from '#platform/services/env'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { publish } from '#platform/services/publisher'
import { adminUrl, siteUrl } from '#platform/services/urls'
import {
  challengeFindings,
  challengeView,
  checkEach,
  claimedElsewhere,
  claimTimes,
  connectedFindings,
  endOtherClaims,
  explainFindings,
  gaveUpReasons,
  grandfatheredCheck,
  legacyClaims,
  newToken,
  type Ownership,
  ownershipAfterRace,
  proveName,
  releaseOwnership,
} from './domain-claims.ts'

const env = readEnv({
  SITES_ORIGIN: z.string().optional(),
  ADMIN_ORIGIN: z.url(),
  /** Further zones of the product no creator may claim (comma-separated), beside the sites and console domains. */
  PRODUCT_ZONES: z.string().optional(),
})

/** The sites zone (`sites.example.com` of `https://{host}.sites.example.com`). */
const sitesZone = (): string | undefined => sitesZoneOf(env.SITES_ORIGIN)

/** The product's own zones: the sites domain, the console's domain, and `PRODUCT_ZONES`. */
export const productZones = (): string[] =>
  [sitesZone(), new URL(env.ADMIN_ORIGIN).hostname, ...(env.PRODUCT_ZONES ?? '').split(',')]
    .map((z) => (z ?? '').trim().toLowerCase())
    .filter(Boolean)

/** The resolver the doctor asks: the platform's (the local stack's DNS server, else the system's). */
export const lookup: DnsLookup = (name) => platform().dns(name)

/** Claims stored before issue 29 (one item per name, no token): migrated when read (./domain-claims.ts). */
const siteClaims = legacyClaims<SiteDomain>({
  kind: 'site',
  holderOf: (claim) => claim.siteId,
  current: async (siteId) => (await SiteDomains.query.bySite({ siteId }).go()).data[0],
  legacy: async (siteId) => (await LegacySiteDomains.query.bySite({ siteId }).go()).data[0],
  legacyIn: async (state) => (await LegacySiteDomains.query.byState({ state }).go({ pages: 'all' })).data,
  move: (legacy, claim) =>
    createWriteTransaction({ domains: SiteDomains, legacy: LegacySiteDomains }, (e) => [
      e.legacy
        .delete({ domain: legacy.domain })
        .where((a, op) => op.eq(a.siteId, legacy.siteId))
        .commit(),
      e.domains.create(claim).commit(),
    ]).go(),
})

/** Every claim still stored as before issue 29 is migrated (the scheduled checker runs this first). */
export const migrateLegacyClaims = siteClaims.migrateAll

/** The site's claim, if it has one (one stored before issue 29 is migrated on the way). */
export const claimOf = siteClaims.claimOf

/** The answer of every domain route. */
export const domainView = async (site: SiteRow, locale: Locale, claim?: SiteDomain | null) => {
  const found = claim === undefined ? await claimOf(site.siteId) : (claim ?? undefined)
  const p = platform().domains
  const stored = (found?.findings ?? []) as StoredFinding[]
  return {
    siteId: site.siteId,
    siteStatus: site.status,
    // On the OEM's verified sites domain when it has one (issue 19 white label).
    defaultUrl: siteUrl({ siteUuid: site.siteUuid }, await oemZoneOf(site.tenantIds)),
    cnameTarget: p.cnameTarget,
    provisioner: p.kind,
    domain: found
      ? {
          name: found.domain,
          state: found.state,
          ...claimTimes(found),
          challenge: challengeView(found.domain, found),
          url:
            found.state === 'ACTIVE' && env.SITES_ORIGIN
              ? `${new URL(env.SITES_ORIGIN.replace('{host}', 'x')).protocol}//${found.domain}${portOf(env.SITES_ORIGIN)}/`
              : null,
          findings: explainFindings(stored, locale),
        }
      : null,
  }
}

/** Locally the edge listens on a port the custom URL must name too (`:3001`); on AWS none. */
const portOf = (origin: string) => {
  const port = new URL(origin.replace('{host}', 'x')).port
  return port ? `:${port}` : ''
}

/** Reads the site again (consistent), for a status commit on its current version. */
const freshSite = async (siteId: string) =>
  (await Sites.get({ siteId }).go({ consistent: true })).data ?? undefined

/**
 * Moves the site's status while its domain is verified, on its current version (a concurrent save
 * bumps the version: read again and retry). `from` lists the statuses this move applies to.
 */
export const moveStatus = async (
  siteId: string,
  from: readonly string[],
  to: (site: SiteRow) => SiteRow['status'],
) => {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const site = await freshSite(siteId)
    if (!site || !from.includes(site.status)) return
    try {
      await commitSiteStatus(site, site.version, to(site))
      return
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt === 5) throw error
    }
  }
}

/** What a site leaves DOMAIN_VERIFYING for when the domain is not connected: serving, or a draft. */
const restingStatus = (site: SiteRow): SiteRow['status'] => (site.releaseId ? 'PUBLISH' : 'DRAFT')

/** The doctor's findings of one check: the CNAME's, then this claim's TXT token's (issue 29). */
export const doctor = async (domain: string, token: string, answers?: Awaited<ReturnType<DnsLookup>>) => {
  const p = platform().domains
  return [
    ...diagnose(domain, answers ?? (await lookup(domain)), p.cnameTarget, p.kind),
    ...(await challengeFindings(lookup, domain, token)),
  ]
}

/**
 * Stops serving a claim's name (the claim item is already gone or replaced) and gives the name up:
 * nobody's until a new claim proves its own token (issue 29).
 */
export const disconnect = async (siteId: string, claim: SiteDomain) => {
  await releaseOwnership(claim.domain, siteId)
  await platform().domains.detach(claim.domain)
  const site = await freshSite(siteId)
  if (site?.customDomain === claim.domain) await Sites.patch({ siteId }).remove(['customDomain']).go()
  await platform().hostMap.delete(claim.domain)
}

/** Removes a site's custom domain: frees the name, detaches it, and leaves DOMAIN_VERIFYING. */
export const removeDomain = async (site: SiteRow): Promise<boolean> => {
  const claim = await claimOf(site.siteId)
  if (!claim) return false
  await SiteDomains.delete({ domain: claim.domain, siteId: site.siteId }).go()
  await disconnect(site.siteId, claim)
  await moveStatus(site.siteId, ['DOMAIN_VERIFYING'], restingStatus)
  logger.info('Custom domain removed', { siteId: site.siteId, domain: claim.domain })
  return true
}

/** A deleted site's custom domain: the name is freed and detached (its host left the map with the site). */
export const releaseDomainOf = async (siteId: string): Promise<void> => {
  const claim = await claimOf(siteId)
  if (!claim) return
  await SiteDomains.delete({ domain: claim.domain, siteId }).go()
  await releaseOwnership(claim.domain, siteId)
  await platform().domains.detach(claim.domain)
  await platform().hostMap.delete(claim.domain)
  logger.info('Custom domain freed with its site', { siteId, domain: claim.domain })
}

/** Records a check's outcome on the claim, if it still exists for the same request. */
const record = async (
  claim: SiteDomain,
  set: Partial<Pick<SiteDomain, 'state' | 'checkedAt' | 'verifiedAt' | 'failedAt' | 'findings' | 'provenAt'>>,
) => {
  try {
    await SiteDomains.patch({ domain: claim.domain, siteId: claim.siteId })
      .set(set)
      .where((a, op) => op.eq(a.requestedAt, claim.requestedAt))
      .go()
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/**
 * The proof (issue 29): the name becomes this claim's, in one transaction creating the name's
 * `domainOwner` item (of two proofs at once exactly one wins) and stamping the claim proven; the
 * other claims of the name still verifying then end (FAILED, `claimedElsewhere`).
 */
const takeName = async (claim: SiteDomain, at: number): Promise<Ownership> => {
  if (claim.provenAt !== undefined) return ownershipAfterRace(claim.domain, claim.siteId)
  if (await activeZoneOver(claim.domain)) return 'lost'
  const owned = await proveName({ kind: 'site', id: claim.siteId }, claim, at, (owner) =>
    createWriteTransaction({ owners: DomainOwners, domains: SiteDomains }, (e) => [
      e.owners.create(owner).commit(),
      e.domains
        .patch({ domain: claim.domain, siteId: claim.siteId })
        .set({ provenAt: at })
        .where((a, op) => op.eq(a.requestedAt, claim.requestedAt))
        .commit(),
    ]).go(),
  )
  if (owned === 'ours') await loseClaimsOf(claim.domain, at, claim.siteId)
  return owned
}

/**
 * The claims of `domain` still verifying, but the winner's (a site or an OEM), end: another claim
 * proved the name first. Their sites go back to rest; an OEM claim's certificate is deleted.
 */
export const loseClaimsOf = async (domain: string, at: number, winnerId: string): Promise<void> => {
  const ended = await endOtherClaims(domain, at, winnerId)
  for (const siteId of ended.sites) await moveStatus(siteId, ['DOMAIN_VERIFYING'], restingStatus)
  for (const arn of ended.certificates) await platform().domains.detachWildcard(domain, arn)
}

/** A claim whose name another claim proved first: FAILED with the reason, the site back at rest. */
const lose = async (claim: SiteDomain, at: number) => {
  const findings = [claimedElsewhere(claim.domain)]
  if (!(await record(claim, { state: 'FAILED', checkedAt: at, failedAt: at, findings }))) return
  await moveStatus(claim.siteId, ['DOMAIN_VERIFYING'], restingStatus)
  logger.info('Custom domain claim lost: proven by another', { siteId: claim.siteId, domain: claim.domain })
}

/**
 * One check of one claim (the `check` route and the scheduled job): reads the DNS; with the CNAME
 * right and this claim's own TXT token seen, the name becomes the claim's (`takeName`) and the
 * provisioner attaches it; once attached the site gets its `customDomain` and is published with
 * it (the host map then serves the custom host). A claim whose name another proved first ends
 * FAILED; one still unverified 72 hours after its request gives up: FAILED, shown and mailed.
 */
export const checkClaim = async (claim: SiteDomain, at = now()): Promise<SiteDomain['state']> => {
  // A claim connected before issue 29 (grandfathered, still serving) is looked at for its token.
  if (claim.state === 'ACTIVE' && claim.provenAt === undefined)
    await record(claim, await grandfatheredCheck(lookup, claim, at))
  if (claim.state !== 'VERIFYING') return claim.state
  const p = platform().domains
  const findings = await doctor(claim.domain, claim.token ?? newToken())
  if (!findings.some((f) => f.severity === 'error')) {
    const owned = await takeName(claim, at)
    if (owned === 'gone') return 'VERIFYING'
    if (owned === 'lost') {
      await lose(claim, at)
      return 'FAILED'
    }
    const attached = await p.attach(claim.domain, claim.siteId)
    if (attached.state === 'active') {
      const done = connectedFindings(claim.domain, attached, findings)
      if (!(await record(claim, { state: 'ACTIVE', checkedAt: at, verifiedAt: at, findings: done })))
        return 'VERIFYING'
      await connect(claim)
      return 'ACTIVE'
    }
    if (attached.state === 'failed') {
      await giveUp(claim, at, [
        ...findings,
        finding('certificateFailed', 'error', { status: attached.status }),
      ])
      return 'FAILED'
    }
    findings.push(finding('certificatePending', 'info'))
  }
  if (at - claim.requestedAt >= DOMAIN_VERIFY_LIMIT_MS) {
    await giveUp(claim, at, findings)
    return 'FAILED'
  }
  await record(claim, { checkedAt: at, findings })
  return 'VERIFYING'
}

/** The verified name becomes the site's `customDomain`; a site that was serving is published with it. */
const connect = async (claim: SiteDomain) => {
  await Sites.patch({ siteId: claim.siteId }).set({ customDomain: claim.domain }).go()
  for (let attempt = 1; attempt <= 5; attempt++) {
    const items = await loadSiteItems(claim.siteId, { consistent: true })
    const site = items.sites[0]
    if (!site) return
    if (!site.releaseId || !['PUBLISH', 'DOMAIN_VERIFYING'].includes(site.status)) {
      // Nothing to serve yet: the domain is connected, the next publish serves it.
      await moveStatus(claim.siteId, ['DOMAIN_VERIFYING'], restingStatus)
      return
    }
    try {
      await publish(claim.siteId, { expectVersion: site.version, loaded: { site, items } })
      logger.info('Custom domain connected', { siteId: claim.siteId, domain: claim.domain })
      return
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt === 5) {
        // The domain is connected; the site keeps its release until its creator publishes again.
        logger.error('Publishing with the custom domain failed', {
          siteId: claim.siteId,
          error: error as Error,
        })
        await moveStatus(claim.siteId, ['DOMAIN_VERIFYING'], restingStatus)
        return
      }
    }
  }
}

/** 72 hours passed (or the certificate failed): FAILED with the reason, the site back at rest, the creator mailed. */
const giveUp = async (claim: SiteDomain, at: number, findings: StoredFinding[]) => {
  const all = [finding('gaveUp', 'error', { domain: claim.domain }), ...findings]
  if (!(await record(claim, { state: 'FAILED', checkedAt: at, failedAt: at, findings: all }))) return
  await releaseOwnership(claim.domain, claim.siteId)
  await platform().domains.detach(claim.domain)
  await moveStatus(claim.siteId, ['DOMAIN_VERIFYING'], restingStatus)
  logger.info('Custom domain given up', {
    siteId: claim.siteId,
    domain: claim.domain,
    findings: findings.map((f) => f.code),
  })
  const site = await freshSite(claim.siteId)
  const owner = (await Accounts.get({ accountId: claim.ownerId }).go()).data
  if (!site || !owner) return
  const locale: Locale = 'ja'
  await sendMail({
    to: owner.email,
    subject: translate(locale, 'domain.gaveUpMailSubject', { site: site.name, domain: claim.domain }),
    text: translate(locale, 'domain.gaveUpMailBody', {
      site: site.name,
      domain: claim.domain,
      reasons: gaveUpReasons(findings, locale, claim.domain, platform().domains.cnameTarget),
      link: adminUrl(`/${userTypeSegment(owner.accountType, owner.parentType)}/site/${claim.siteId}`),
    }),
  })
}

/**
 * A name equal to or under an OEM's verified sites domain is the OEM's: its wildcard record would
 * verify any name under it, so no site may claim one (issue 19 white label). An OEM claim not yet
 * verified, or FAILED, reserves nothing (issue 29).
 */
export const refuseOemZone = async (domain: string) => {
  const zone = (await activeZoneOver(domain))?.zone
  if (!zone) return
  logger.info('Custom domain refused: under an OEM domain', { domain, zone })
  throw new AppError(400, 'domain.oemZone', { zone }, [
    { path: 'domain', code: 'domain.oemZone', params: { zone } },
  ])
}

/** The scheduled checker: every claim still verifying, oldest first. Returns how each ended. */
export const checkPendingDomains = async (at = now()) => {
  await migrateLegacyClaims()
  const { data } = await SiteDomains.query.byState({ state: 'VERIFYING' }).go({ pages: 'all' })
  return checkEach(data, (claim) => checkClaim(claim, at), 'Domain check failed')
}
