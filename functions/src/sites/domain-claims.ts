import { type Locale, type MessageKey, translate } from '@swipe/shared'
import type { DomainFinding } from '@swipe/shared/contract/domains'
import { DOMAIN_VERIFY_LIMIT_MS } from '@swipe/shared/site/domain'
import type { StoredFinding } from '#data/domains'
import { type DnsAnswers, isUnsafeAddress } from '#lib/domains/dns'
import { finding } from '#lib/domains/doctor'
import type { AttachResult } from '#lib/domains/provisioner'
import { AppError } from '#lib/errors'
import { logger } from '#lib/logger'

/*
 * What a site's custom domain (./domains.ts) and an OEM's white-label sites domain
 * (./oem-domains.ts) share: the claim's answer, the refusals of a name, the findings of a check
 * and of its end, and the scheduled checker's loop. Each caller passes what differs (the name the
 * doctor speaks of: the domain, or the OEM's wildcard `*.<domain>`).
 */

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

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
  const params = { domain, www: suggest.www, target: suggest.target, zone }
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
