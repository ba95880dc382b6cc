import { type Locale, translate, userTypeSegment } from '@swipe/shared'
import { can, effectiveType } from '@swipe/shared/authz'
import { DOMAIN_VERIFY_LIMIT_MS, wildcardOf } from '@swipe/shared/site/domain'
import { createWriteTransaction } from 'electrodb'
import { type Account, Accounts } from '#data/accounts'
import { DomainOwners, ownersUnder } from '#data/domain-owners'
import type { StoredFinding } from '#data/domains'
import { LegacyOemDomains, type OemDomain, OemDomains } from '#data/oem-domains'
import { isConditionFailure } from '#data/service'
import { type SiteRow, Sites } from '#data/sites'
import type { Actor } from '#edge/auth'
import { BadRequestError, NotFoundError } from '#edge/errors'
import { accountTenantIds, adminOf, authorize, policyActorOf } from '#edge/tenancy'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { diagnose, finding, wildcardStep } from '#platform/services/domains/doctor'
import type { WildcardCertificate } from '#platform/services/domains/provisioner'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl, oemSiteUrl, siteUrl } from '#platform/services/urls'
import { releasePrefix } from '../publishing/retention.ts'
import {
  challengeFindings,
  challengeView,
  checkEach,
  claimedElsewhere,
  claimTimes,
  connectedFindings,
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
import { lookup, loseClaimsOf } from './domains.ts'

/**
 * OEM white-label domains (issue 19 Deliver 5; docs/decisions/0038-oem-white-label-domains.md). An OEM master
 * sets its sites domain (`oem.example`) through the same four steps as a site's custom domain: validated,
 * claimed uniquely against sites and OEMs in one transaction, verified by the same doctor through DNS (one
 * wildcard record `*.oem.example` CNAME → the target, checked on a probe name under it), given up after 72
 * hours with a mail. Once ACTIVE, its users' sites answer on `{site-uuid}.oem.example` too: every served site
 * of the OEM gets that host in the host map (and every later publish adds it, `#domain/oem-zones`), and the
 * API's URLs name it.
 */

/** The name the doctor resolves to see the wildcard: any label under the domain matches `*.`. */
export const PROBE_LABEL = 'swipe-wildcard-check'
export const probeOf = (domain: string) => `${PROBE_LABEL}.${domain}`

/** OEM claims stored before issue 29: migrated when read, as a site's (./domain-claims.ts `legacyClaims`). */
const oemClaims = legacyClaims<OemDomain>({
  kind: 'oem',
  holderOf: (claim) => claim.oemId,
  current: async (oemId) => (await OemDomains.query.byOem({ oemId }).go()).data[0],
  legacy: async (oemId) => (await LegacyOemDomains.query.byOem({ oemId }).go()).data[0],
  legacyIn: async (state) => (await LegacyOemDomains.query.byState({ state }).go({ pages: 'all' })).data,
  move: (legacy, claim) =>
    createWriteTransaction({ domains: OemDomains, legacy: LegacyOemDomains }, (e) => [
      e.legacy
        .delete({ domain: legacy.domain })
        .where((a, op) => op.eq(a.oemId, legacy.oemId))
        .commit(),
      e.domains.create(claim).commit(),
    ]).go(),
})

/** Every OEM claim still stored as before issue 29 is migrated (the scheduled checker runs this first). */
export const migrateLegacyOemClaims = oemClaims.migrateAll

/** The OEM's claim, if it has one (one stored before issue 29 is migrated on the way). */
export const oemClaimOf = oemClaims.claimOf

/**
 * The OEM an actor's request is about: `oemId` when given (platform staff; anyone else only their
 * own), else the caller's own OEM (an OEM master, its sub-admins, its OEM admins). Outside the
 * caller's scope, or not an OEM master: 404. `action` decides on the OEM (403 when refused).
 */
export const oemFor = async (
  actor: Actor | undefined,
  oemId: string | undefined,
  action: 'account:read' | 'oemDomain:manage',
): Promise<{ oem: Account; editable: boolean }> => {
  const me = adminOf(actor)
  const type = effectiveType(policyActorOf(me))
  const own =
    type === 'OEM_MASTER'
      ? me.accountType === 'SUB_ADMIN'
        ? me.parentId
        : me.accountId
      : type === 'OEM_ADMIN'
        ? me.accountType === 'SUB_ADMIN'
          ? me.ancestorIds.at(-2)
          : me.parentId
        : undefined
  const id = oemId ?? own
  if (!id) throw new BadRequestError('oemDomain.notOem')
  const oem = (await Accounts.get({ accountId: id }).go()).data
  if (oem?.accountType !== 'OEM_MASTER') throw new NotFoundError()
  authorize(actor, action, { tenantIds: accountTenantIds(oem) })
  return {
    oem,
    editable: can(policyActorOf(me), 'oemDomain:manage', { tenantIds: accountTenantIds(oem) }),
  }
}

/** The answer of every OEM domain route. */
export const oemDomainView = async (
  oem: Account,
  editable: boolean,
  locale: Locale,
  claim?: OemDomain | null,
) => {
  const found = claim === undefined ? await oemClaimOf(oem.accountId) : (claim ?? undefined)
  const p = platform().domains
  const stored = (found?.findings ?? []) as StoredFinding[]
  return {
    oemId: oem.accountId,
    oemName: oem.companyName || oem.email,
    editable,
    cnameTarget: p.cnameTarget,
    provisioner: p.kind,
    defaultSiteUrl: siteUrl({ siteUuid: '{site-uuid}' }),
    domain: found
      ? {
          name: found.domain,
          record: wildcardOf(found.domain),
          challenge: challengeView(found.domain, found),
          state: found.state,
          ...claimTimes(found),
          siteUrl: found.state === 'ACTIVE' ? oemSiteUrl('{site-uuid}', found.domain) : null,
          findings: explainFindings(stored, locale),
          certificate: found.certificateArn
            ? {
                status: found.certificateStatus ?? 'PENDING_VALIDATION',
                reason: found.certificateReason ?? null,
                record:
                  found.validationName && found.validationValue
                    ? { name: found.validationName, type: 'CNAME' as const, value: found.validationValue }
                    : null,
              }
            : null,
        }
      : null,
  }
}

/**
 * A verified name of another tenant (a site outside this OEM, another OEM) equal to or under
 * `zone`: the zone's wildcard would shadow it, so the zone may not be this OEM's (issue 29).
 */
export const coveredOther = async (oemId: string, zone: string) =>
  (await ownersUnder(zone)).find((o) => o.holderId !== oemId && !o.tenantIds.includes(oemId))

/**
 * Every site under the OEM (its users' and its own), read from the all-sites index. Run only when
 * the OEM domain becomes active or is removed: rare, so the whole index is read rather than every
 * user's own (docs/decisions/0038-oem-white-label-domains.md).
 */
const sitesOfOem = async (oemId: string) =>
  (
    await Sites.query
      .all({})
      .where(({ tenantIds }, { contains }) => contains(tenantIds, oemId))
      .go({ pages: 'all' })
  ).data

/** The release a site's hosts serve (as publishing's `servedRelease`): a published one's. */
const servedRelease = (site: SiteRow | undefined) =>
  (site?.status === 'PUBLISH' || site?.status === 'DOMAIN_VERIFYING') && site.releaseId
    ? site.releaseId
    : undefined

/**
 * The OEM's served sites now answer on the verified zone too: `{uuid}.<zone>` points at each one's
 * release (every later publish or status change applies it with the site's other hosts,
 * publishing's `syncHostMap`). The site is read again after each write: one that stopped being
 * served meanwhile loses the entry again, so a race with an unpublish leaves nothing served.
 */
const serveOnZone = async (oemId: string, zone: string) => {
  let served = 0
  for (const site of await sitesOfOem(oemId)) {
    const releaseId = servedRelease(site)
    if (!releaseId) continue
    const host = `${site.siteUuid}.${zone}`
    await platform().hostMap.put(host, { siteId: site.siteId, prefix: releasePrefix(site.siteId, releaseId) })
    const after = (await Sites.get({ siteId: site.siteId }).go({ consistent: true })).data ?? undefined
    const now = servedRelease(after)
    if (!now) await platform().hostMap.delete(host)
    else if (now !== releaseId)
      await platform().hostMap.put(host, { siteId: site.siteId, prefix: releasePrefix(site.siteId, now) })
    served++
  }
  logger.info('OEM domain serving', { oemId, zone, sites: served })
}

/** The zone stops serving: its claim is gone, so the OEM's sites' `{uuid}.<zone>` hosts leave the map. */
const stopServing = async (oemId: string, zone: string) => {
  const hosts = (await sitesOfOem(oemId)).map((s) => `${s.siteUuid}.${zone}`)
  for (let i = 0; i < hosts.length; i += 50)
    await platform().hostMap.update({ deletes: hosts.slice(i, i + 50) })
}

/**
 * Detaches a claim that ends (removed, replaced, given up) and stops serving it if it was active;
 * the zone is nobody's until a new claim proves its own token (issue 29).
 */
export const release = async (claim: OemDomain) => {
  await releaseOwnership(claim.domain, claim.oemId)
  await platform().domains.detachWildcard(claim.domain, claim.certificateArn)
  if (claim.state === 'ACTIVE') await stopServing(claim.oemId, claim.domain)
}

/** Removes the OEM's sites domain: frees the name, detaches it, its users' sites leave it. */
export const removeOemDomain = async (oem: Account): Promise<boolean> => {
  const claim = await oemClaimOf(oem.accountId)
  if (!claim) return false
  await OemDomains.delete({ domain: claim.domain, oemId: oem.accountId }).go()
  await release(claim)
  logger.info('OEM domain removed', { oemId: oem.accountId, domain: claim.domain })
  return true
}

const record = async (
  claim: OemDomain,
  set: Partial<
    Pick<
      OemDomain,
      | 'state'
      | 'checkedAt'
      | 'verifiedAt'
      | 'failedAt'
      | 'findings'
      | 'certificateArn'
      | 'certificateStatus'
      | 'certificateReason'
      | 'validationName'
      | 'validationValue'
      | 'provenAt'
    >
  >,
) => {
  try {
    await OemDomains.patch({ domain: claim.domain, oemId: claim.oemId })
      .set(set)
      .where((a, op) => op.eq(a.requestedAt, claim.requestedAt))
      .go()
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/** A certificate as the claim stores it (the console shows the validation record from it). */
const certificateFields = (c: WildcardCertificate) => ({
  certificateArn: c.arn,
  certificateStatus: c.status,
  ...(c.reason ? { certificateReason: c.reason } : {}),
  ...(c.validation ? { validationName: c.validation.name, validationValue: c.validation.value } : {}),
})

/**
 * One check of an OEM claim (the check route and the scheduled checker): the wildcard must point
 * at the target (the doctor explains what it finds). On AWS the wildcard's ACM certificate is
 * requested on the first check (so the OEM sees its DNS validation record from the start) and
 * read on every later one; the claim turns ACTIVE only when the wildcard resolves and ACM has
 * ISSUED the certificate, and the provisioner then attaches the wildcard with it. Then the OEM's
 * served sites start answering on it. A certificate ACM refuses, or 72 hours after the request
 * without success: FAILED, detached (the certificate deleted), the OEM master mailed.
 */
export const checkOemClaim = async (claim: OemDomain, at = now()): Promise<OemDomain['state']> => {
  // A zone connected before issue 29 (grandfathered) is looked at for its token.
  if (claim.state === 'ACTIVE' && claim.provenAt === undefined)
    await record(claim, await grandfatheredCheck(lookup, claim, at))
  if (claim.state !== 'VERIFYING') return claim.state
  const p = platform().domains
  const wildcard = wildcardOf(claim.domain)
  const findings = [
    ...diagnose(wildcard, await lookup(probeOf(claim.domain)), p.cnameTarget, p.kind),
    ...(await challengeFindings(lookup, claim.domain, claim.token ?? newToken())),
  ]
  // Ownership before anything is reserved or attached: the zone becomes this OEM's only once its
  // own token is seen with the wildcard right, and never over another tenant's verified name.
  if (!findings.some((f) => f.severity === 'error')) {
    const owned = await takeZone(claim, at)
    if (owned === 'gone') return 'VERIFYING'
    if (owned !== 'ours') {
      await loseOem(claim, at, owned === 'covers' ? 'coversOthers' : 'claimedElsewhere')
      return 'FAILED'
    }
  }
  let certificate: WildcardCertificate | null
  let unread = false
  try {
    certificate = await p.wildcardCertificate({
      zone: claim.domain,
      oemId: claim.oemId,
      requestedAt: claim.requestedAt,
      ...(claim.certificateArn ? { arn: claim.certificateArn } : {}),
    })
  } catch (error) {
    // ACM throttled or failed: this check waits (the next one asks again), the set route still answers.
    logger.error('OEM wildcard certificate could not be read', {
      domain: claim.domain,
      error: error as Error,
    })
    certificate = null
    unread = true
  }
  const held = certificate ? certificateFields(certificate) : {}
  const current: OemDomain = { ...claim, ...held }
  const step: ReturnType<typeof wildcardStep> = unread
    ? { next: 'wait', findings: [...findings, finding('certificatePreparing', 'info')] }
    : wildcardStep(findings, certificate, wildcard)
  if (step.next === 'refused') {
    logger.info('OEM wildcard certificate refused', {
      oemId: claim.oemId,
      domain: claim.domain,
      status: certificate?.status,
      reason: certificate?.reason,
    })
    await giveUp(current, at, step.findings, held)
    return 'FAILED'
  }
  const pending = step.next === 'wait' ? step.findings : [...findings]
  if (step.next === 'attach') {
    const attached = await p.attachWildcard(claim.domain, step.certificateArn)
    if (attached.state === 'active') {
      const done = connectedFindings(wildcard, attached, findings)
      if (!(await record(claim, { ...held, state: 'ACTIVE', checkedAt: at, verifiedAt: at, findings: done })))
        return 'VERIFYING'
      logger.info('OEM domain connected', { oemId: claim.oemId, domain: claim.domain })
      await serveOnZone(claim.oemId, claim.domain)
      return 'ACTIVE'
    }
    if (attached.state === 'failed') {
      await giveUp(
        current,
        at,
        [...findings, finding('certificateFailed', 'error', { status: attached.status })],
        held,
      )
      return 'FAILED'
    }
    pending.push(finding('certificatePending', 'info'))
  }
  if (at - claim.requestedAt >= DOMAIN_VERIFY_LIMIT_MS) {
    // ACM's own 72 hours end with ours: a certificate still waiting gave up on its record too.
    const reasons =
      certificate && certificate.status !== 'ISSUED'
        ? [
            ...pending,
            finding('certificateTimedOut', 'error', {
              name: certificate.validation?.name ?? wildcard,
            }),
          ]
        : pending
    await giveUp(current, at, reasons, held)
    return 'FAILED'
  }
  await record(claim, { ...held, checkedAt: at, findings: pending })
  return 'VERIFYING'
}

const giveUp = async (
  claim: OemDomain,
  at: number,
  findings: StoredFinding[],
  held: Partial<OemDomain> = {},
) => {
  const wildcard = wildcardOf(claim.domain)
  const all = [finding('gaveUp', 'error', { domain: wildcard }), ...findings]
  if (!(await record(claim, { ...held, state: 'FAILED', checkedAt: at, failedAt: at, findings: all }))) return
  await releaseOwnership(claim.domain, claim.oemId)
  await platform().domains.detachWildcard(claim.domain, claim.certificateArn)
  logger.info('OEM domain given up', {
    oemId: claim.oemId,
    domain: claim.domain,
    findings: findings.map((f) => f.code),
  })
  const oem = (await Accounts.get({ accountId: claim.oemId }).go()).data
  if (!oem) return
  const locale: Locale = 'ja'
  await sendMail({
    to: oem.email,
    subject: translate(locale, 'oemDomain.gaveUpMailSubject', {
      company: oem.companyName || oem.email,
      domain: claim.domain,
    }),
    text: translate(locale, 'oemDomain.gaveUpMailBody', {
      domain: claim.domain,
      reasons: gaveUpReasons(findings, locale, wildcard, platform().domains.cnameTarget),
      link: adminUrl(`/${userTypeSegment(oem.accountType, oem.parentType)}/admin-list`),
    }),
  })
}

/**
 * The proof of an OEM zone (issue 29), as a site's (./domains.ts `takeName`): the zone's
 * `domainOwner` item created in one transaction with the claim's proof; refused (`covers`) when
 * another tenant holds a verified name under the zone. Then the other claims of the name end.
 */
const takeZone = async (claim: OemDomain, at: number): Promise<Ownership | 'covers'> => {
  if (claim.provenAt !== undefined) return ownershipAfterRace(claim.domain, claim.oemId)
  if (await coveredOther(claim.oemId, claim.domain)) return 'covers'
  const owned = await proveName({ kind: 'oem', id: claim.oemId }, claim, at, (owner) =>
    createWriteTransaction({ owners: DomainOwners, domains: OemDomains }, (e) => [
      e.owners.create(owner).commit(),
      e.domains
        .patch({ domain: claim.domain, oemId: claim.oemId })
        .set({ provenAt: at })
        .where((a, op) => op.eq(a.requestedAt, claim.requestedAt))
        .commit(),
    ]).go(),
  )
  if (owned === 'ours') await loseClaimsOf(claim.domain, at, claim.oemId)
  return owned
}

/** An OEM claim that cannot have its zone (proven by another first, or over another's name): FAILED. */
const loseOem = async (claim: OemDomain, at: number, code: 'claimedElsewhere' | 'coversOthers') => {
  const findings = [
    code === 'claimedElsewhere'
      ? claimedElsewhere(claim.domain)
      : finding(code, 'error', { domain: claim.domain }),
  ]
  if (!(await record(claim, { state: 'FAILED', checkedAt: at, failedAt: at, findings }))) return
  await platform().domains.detachWildcard(claim.domain, claim.certificateArn)
  logger.info('OEM domain claim refused at its proof', { oemId: claim.oemId, domain: claim.domain, code })
}

/** The scheduled checker's OEM part: every OEM claim still verifying, oldest first. */
export const checkPendingOemDomains = async (at = now()) => {
  await migrateLegacyOemClaims()
  const { data } = await OemDomains.query.byState({ state: 'VERIFYING' }).go({ pages: 'all' })
  return checkEach(data, (claim) => checkOemClaim(claim, at), 'OEM domain check failed')
}
