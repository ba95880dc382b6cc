import { randomBytes } from 'node:crypto'
import { type Locale, type MessageKey, translate } from '@swipe/shared'
import type { DomainFinding } from '@swipe/shared/contract/domains'
import { bareDomainOf, challengeNameOf, DOMAIN_VERIFY_LIMIT_MS } from '@swipe/shared/site/domain'
import { type DomainOwner, DomainOwners, ownerOf } from '#data/domain-owners'
import { SiteDomains, type StoredFinding } from '#data/domains'
import { OemDomains } from '#data/oem-domains'
import { isConditionFailure } from '#data/service'
import { AppError } from '#edge/errors'
import type { DnsAnswers, DnsLookup } from '#platform/services/domains/dns'
import { CHALLENGE_FINDINGS, challengeFinding, finding } from '#platform/services/domains/doctor'
import type { AttachResult } from '#platform/services/domains/provisioner'
import { logger } from '#platform/services/logger'
import { isRefusedAddress as isUnsafeAddress } from '#platform/services/outbound'

/*
 * What a site's custom domain (./domains.ts) and an OEM's white-label sites domain
 * (./oem-domains.ts) share: the claim's answer, the refusals of a name, the findings of a check
 * and of its end, and the scheduled checker's loop. Each caller passes what differs (the name the
 * doctor speaks of: the domain, or the OEM's wildcard `*.<domain>`).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A claim's own ownership token (issue 29): 32 base32 characters, 160 random bits. */
export const newToken = (): string => [...randomBytes(32)].map((b) => BASE32[b & 31]).join('')

/**
 * The TXT record a claim's answer shows (issue 29): its name, this claim's token, and whether it
 * is seen — proven, or absent from the last check's findings of a claim still verifying.
 */
export const challengeView = (
  domain: string,
  claim: { token?: string; provenAt?: number; state: string; findings: unknown },
) => ({
  name: challengeNameOf(domain),
  type: 'TXT' as const,
  value: claim.token ?? '',
  seen:
    claim.provenAt !== undefined ||
    (claim.state === 'VERIFYING' &&
      !(claim.findings as StoredFinding[]).some((f) => CHALLENGE_FINDINGS.includes(f.code))),
})

/** The ownership step's finding of one check, if any: this claim's token at `_swipe-challenge.<zone>`. */
export const challengeFindings = async (
  lookup: DnsLookup,
  zone: string,
  token: string,
): Promise<StoredFinding[]> => {
  const found = challengeFinding(zone, token, (await lookup(challengeNameOf(zone))).txt)
  return found ? [found] : []
}

/** Who holds a name verified, unless it is `holderId` itself (the caller's own claim). */
export const heldByOther = async (domain: string, holderId: string) => {
  const owner = await ownerOf(domain)
  return owner && owner.holderId !== holderId ? owner : undefined
}

/**
 * The outcome of a proof's ownership transaction: `ours` (the `domainOwner` item is this claim's),
 * `lost` (another claim proved the name first), `gone` (this claim was removed or replaced meanwhile).
 */
export type Ownership = 'ours' | 'lost' | 'gone'

/** After a canceled ownership transaction: whether the name is ours anyway, another's, or our claim went. */
export const ownershipAfterRace = async (domain: string, holderId: string): Promise<Ownership> => {
  const owner = await ownerOf(domain)
  if (!owner) return 'gone'
  return owner.holderId === holderId ? 'ours' : 'lost'
}

/** Who claims a name: a site (its `siteId`) or an OEM (its `oemId`). */
export interface Claimant {
  kind: 'site' | 'oem'
  id: string
}

/**
 * The proof (issue 29): the name becomes the claimant's. `transact` runs one transaction creating
 * the name's `domainOwner` item (`attribute_not_exists`: of two proofs at once exactly one wins)
 * with the claim's own `provenAt` write, conditional on its request.
 */
export const proveName = async (
  claimant: Claimant,
  claim: { domain: string; tenantIds: string[] },
  at: number,
  transact: (owner: DomainOwner) => Promise<{ canceled: boolean }>,
): Promise<Ownership> => {
  const owner = {
    domain: claim.domain,
    holder: claimant.kind,
    holderId: claimant.id,
    tenantIds: claim.tenantIds,
    verifiedAt: at,
  }
  if ((await transact(owner)).canceled) return ownershipAfterRace(claim.domain, claimant.id)
  logger.info('Domain proven', { holder: claimant.kind, holderId: claimant.id, domain: claim.domain })
  return 'ours'
}

/**
 * A claim stored before issue 29 as its version-2 item: a token of its own, and for an ACTIVE one
 * (grandfathered) the TXT step as a warning until its owner publishes the token.
 */
export const withToken = <C extends { domain: string; state: string; findings?: unknown }>(legacy: C) => {
  const token = newToken()
  const findings = (legacy.findings ?? []) as StoredFinding[]
  const missing = challengeFinding(legacy.domain, token, [])!
  return {
    ...legacy,
    token,
    findings:
      legacy.state === 'ACTIVE' ? [...findings, { ...missing, severity: 'warning' as const }] : findings,
  }
}

/** A claim as stored before issue 29 (one item per name, no token). */
interface LegacyClaim {
  domain: string
  state: string
  tenantIds: string[]
  verifiedAt?: number
  requestedAt: number
  findings?: unknown
}

/**
 * The migration of one kind of claim (a site's, an OEM's) stored before issue 29: each becomes a
 * claim of its own with a token, in one transaction (`move`) with the old item's delete; an ACTIVE
 * one was connected before and is grandfathered — it keeps serving, its name becomes its holder's
 * (`domainOwner`), and its TXT step shows as not yet seen (a warning) until its owner publishes the
 * token (docs/decisions/0039-domain-ownership-per-claim.md).
 * - `claimOf(id)`: the holder's claim, its version-1 item migrated on the way;
 * - `migrateAll()`: every version-1 claim (the scheduled checker runs this first), how many moved.
 */
export const legacyClaims = <C extends LegacyClaim>(spec: {
  kind: Claimant['kind']
  holderOf: (claim: C) => string
  /** The holder's current claim, if any. */
  current: (id: string) => Promise<C | undefined>
  /** The holder's version-1 claim, if any. */
  legacy: (id: string) => Promise<C | undefined>
  /** The version-1 claims in a state. */
  legacyIn: (state: 'VERIFYING' | 'ACTIVE' | 'FAILED') => Promise<C[]>
  /** One transaction: the version-1 item deleted (still the holder's), the new one created. */
  move: (legacy: C, claim: C) => Promise<{ canceled: boolean }>
}) => {
  const migrate = async (legacy: C): Promise<C | undefined> => {
    const id = spec.holderOf(legacy)
    const claim: C = withToken(legacy)
    // Another migration of the same item went first: the claim it made is the holder's.
    if ((await spec.move(legacy, claim)).canceled) return spec.current(id)
    if (legacy.state === 'ACTIVE')
      await DomainOwners.create({
        domain: legacy.domain,
        holder: spec.kind,
        holderId: id,
        tenantIds: legacy.tenantIds,
        verifiedAt: legacy.verifiedAt ?? legacy.requestedAt,
      })
        .go()
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error
        })
    logger.info('Domain claim migrated', { holder: spec.kind, holderId: id, domain: legacy.domain })
    return claim
  }
  return {
    claimOf: async (id: string): Promise<C | undefined> => {
      const found = await spec.current(id)
      if (found) return found
      const old = await spec.legacy(id)
      return old ? migrate(old) : undefined
    },
    migrateAll: async (): Promise<number> => {
      let migrated = 0
      for (const state of ['VERIFYING', 'ACTIVE', 'FAILED'] as const)
        for (const old of await spec.legacyIn(state)) if (await migrate(old)) migrated++
      return migrated
    },
  }
}

/**
 * What a check of a grandfathered claim (ACTIVE, connected before issue 29, not proven) records:
 * its TXT step looked at again, `provenAt` once its token is seen.
 */
export const grandfatheredCheck = async (
  lookup: DnsLookup,
  claim: { domain: string; token?: string; findings?: unknown },
  at: number,
) => {
  const txt = await challengeFindings(lookup, claim.domain, claim.token ?? '')
  const kept = ((claim.findings ?? []) as StoredFinding[]).filter((f) => !CHALLENGE_FINDINGS.includes(f.code))
  return {
    checkedAt: at,
    findings: [...kept, ...txt.map((f) => ({ ...f, severity: 'warning' as const }))],
    ...(txt.length === 0 ? { provenAt: at } : {}),
  }
}

/** The holder gives a name up (removed, replaced, given up): it is nobody's until a new claim proves itself. */
export const releaseOwnership = async (domain: string, holderId: string): Promise<void> => {
  try {
    await DomainOwners.delete({ domain })
      .where((a, op) => op.eq(a.holderId, holderId))
      .go()
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

/** The finding of a claim that lost its name to another claim's proof (issue 29). */
export const claimedElsewhere = (domain: string) => finding('claimedElsewhere', 'error', { domain })

/**
 * When a claim proves a name (issue 29), every other claim of that name still verifying, site or
 * OEM, ends: FAILED with `claimedElsewhere` (each only if it is still the same pending request).
 * Answers the sites whose claims ended (their status goes back to rest) and the OEM claims' ACM
 * certificates (to delete), for the caller to finish.
 */
export const endOtherClaims = async (domain: string, at: number, winnerId: string) => {
  const set = { state: 'FAILED' as const, checkedAt: at, failedAt: at, findings: [claimedElsewhere(domain)] }
  const ended = { sites: [] as string[], certificates: [] as (string | undefined)[] }
  const pending = <C extends { state: string }>(c: C, id: string) =>
    id !== winnerId && c.state === 'VERIFYING'
  const ignoreRace = (error: unknown) => {
    if (!isConditionFailure(error)) throw error
    return false
  }
  for (const c of (await SiteDomains.query.byDomain({ domain }).go({ pages: 'all' })).data) {
    if (!pending(c, c.siteId)) continue
    const done = await SiteDomains.patch({ domain, siteId: c.siteId })
      .set(set)
      .where((a, op) => `${op.eq(a.state, 'VERIFYING')} AND ${op.eq(a.requestedAt, c.requestedAt)}`)
      .go()
      .then(() => true, ignoreRace)
    if (done) ended.sites.push(c.siteId)
  }
  for (const c of (await OemDomains.query.byDomain({ domain }).go({ pages: 'all' })).data) {
    if (!pending(c, c.oemId)) continue
    const done = await OemDomains.patch({ domain, oemId: c.oemId })
      .set(set)
      .where((a, op) => `${op.eq(a.state, 'VERIFYING')} AND ${op.eq(a.requestedAt, c.requestedAt)}`)
      .go()
      .then(() => true, ignoreRace)
    if (done) ended.certificates.push(c.certificateArn)
  }
  if (ended.sites.length || ended.certificates.length)
    logger.info('Domain claims ended: proven by another', {
      domain,
      sites: ended.sites.length,
      oems: ended.certificates.length,
    })
  return ended
}

/** The times every claim's answer shows: requested, checked, verified, failed, and the 72-hour deadline. */
export const claimTimes = (claim: {
  requestedAt: number
  checkedAt?: number
  verifiedAt?: number
  failedAt?: number
}) => ({
  requestedAt: new Date(claim.requestedAt).toISOString(),
  checkedAt: iso(claim.checkedAt),
  verifiedAt: iso(claim.verifiedAt),
  failedAt: iso(claim.failedAt),
  deadline: new Date(claim.requestedAt + DOMAIN_VERIFY_LIMIT_MS).toISOString(),
})

/** A stored finding in `locale`; the give-up text names the other findings as its reason. */
const explain = (f: StoredFinding, all: readonly StoredFinding[], locale: Locale): DomainFinding => {
  const params = { ...f.params }
  if (f.code === 'gaveUp')
    params.reason = all
      .filter((o) => o !== f && o.severity === 'error')
      .map((o) => translate(locale, `domain.finding.${o.code}`, o.params))
      .join(' ')
  return {
    code: f.code as DomainFinding['code'],
    severity: f.severity,
    message: translate(locale, `domain.finding.${f.code}`, params),
    params,
  }
}

/** A claim's stored findings, each in `locale`. */
export const explainFindings = (stored: readonly StoredFinding[], locale: Locale): DomainFinding[] =>
  stored.map((f) => explain(f, stored, locale))

/**
 * Throws the localised refusal of a name the shared rules refuse (`domainRefusal` /
 * `oemDomainRefusal`): its format, or a product zone it lies in (`zone`), with the `www` name
 * and CNAME `target` the messages suggest.
 */
export const refuseName = (
  refusal: string | null | undefined,
  domain: string,
  zones: readonly string[],
  suggest: { www: string; target: string },
): void => {
  if (!refusal) return
  if (refusal === 'format')
    throw new AppError(400, 'validation.domain', {}, [{ path: 'domain', code: 'validation.domain' }])
  const zone = zones.find((z) => domain === z || domain.endsWith(`.${z}`)) ?? ''
  // An address (`https://…`): the message shows the name alone, the one to type instead.
  const shown = refusal === 'url' ? bareDomainOf(domain) || 'lp.example.com' : domain
  const params = { domain: shown, www: suggest.www, target: suggest.target, zone }
  const code = `domain.${refusal}` as MessageKey
  throw new AppError(400, code, params, [{ path: 'domain', code, params }])
}

/**
 * A name that already points at an internal address is refused before anything is stored.
 * `shown` is the name the message speaks of; `log` says who asked (logged with the address).
 */
export const refuseUnsafeAddress = (
  answers: DnsAnswers,
  domain: string,
  shown: string,
  log: { message: string; context: Record<string, string> },
): void => {
  const unsafe = answers.addresses.find(isUnsafeAddress)
  if (!unsafe) return
  logger.warn(log.message, { ...log.context, domain, address: unsafe })
  throw new AppError(400, 'domain.unsafeAddress', { domain: shown, address: unsafe }, [
    { path: 'domain', code: 'domain.unsafeAddress', params: { domain: shown, address: unsafe } },
  ])
}

/** The findings of a name just attached: verified (and, locally, no certificate), then the doctor's. */
export const connectedFindings = (
  shown: string,
  attached: Extract<AttachResult, { state: 'active' }>,
  findings: readonly StoredFinding[],
): StoredFinding[] => [
  finding('verified', 'info', { domain: shown }),
  ...(attached.certificate === 'none' ? [finding('certificateLocal', 'info')] : []),
  ...findings,
]

/**
 * The give-up mail's reasons (in `locale`, one line each): the error findings, or when there are
 * none the missing CNAME of `shown` to `target`.
 */
export const gaveUpReasons = (
  findings: readonly StoredFinding[],
  locale: Locale,
  shown: string,
  target: string,
): string =>
  findings
    .filter((f) => f.severity === 'error')
    .map((f) => `・${translate(locale, `domain.finding.${f.code}`, f.params)}`)
    .join('\n') || `・${translate(locale, 'domain.finding.cnameMissing', { domain: shown, target })}`

/** The scheduled checker's loop: checks each claim in turn (a failure is logged), counts how each ended. */
export const checkEach = async <C extends { domain: string }>(
  claims: readonly C[],
  check: (claim: C) => Promise<'VERIFYING' | 'ACTIVE' | 'FAILED'>,
  failure: string,
) => {
  const outcome = { checked: 0, active: 0, failed: 0 }
  for (const claim of claims) {
    try {
      const state = await check(claim)
      outcome.checked++
      if (state === 'ACTIVE') outcome.active++
      if (state === 'FAILED') outcome.failed++
    } catch (error) {
      logger.error(failure, { domain: claim.domain, error: error as Error })
    }
  }
  return outcome
}
