import { challengeNameOf } from '@swipe/shared/site/domain'
import type { StoredFinding } from '#data/domains'
import { isRefusedAddress as isUnsafeAddress } from '../outbound.ts'
import { caaBlocksAmazon, type DnsAnswers } from './dns.ts'
import { type DomainProvisioner, FAILED_ACM, type WildcardCertificate } from './provisioner.ts'

export const finding = (
  code: StoredFinding['code'],
  severity: StoredFinding['severity'],
  params: Record<string, string> = {},
): StoredFinding => ({ code, severity, params })

/**
 * The domain doctor: what the DNS answers mean for `domain`, in findings. Empty: the CNAME points
 * where it must and nothing blocks it.
 */
export const diagnose = (
  domain: string,
  answers: DnsAnswers,
  target: string,
  kind: DomainProvisioner['kind'],
): StoredFinding[] => {
  const found: StoredFinding[] = []
  const unsafe = answers.addresses.find(isUnsafeAddress)
  if (unsafe) found.push(finding('unsafeAddress', 'error', { domain, address: unsafe, target }))
  if (answers.cnames.length === 0) {
    if (answers.unavailable) found.push(finding('notPropagated', 'error', { domain }))
    else if (answers.addresses.length > 0 && !unsafe)
      found.push(
        finding('conflictingAddress', 'error', { domain, addresses: answers.addresses.join(', '), target }),
      )
    else if (!unsafe) found.push(finding('cnameMissing', 'error', { domain, target }))
  } else if (answers.cnames[0] !== target) {
    found.push(finding('cnameElsewhere', 'error', { domain, found: answers.cnames[0]!, target }))
  }
  if (caaBlocksAmazon(answers.caa))
    found.push(
      finding('caaBlocks', kind === 'aws' ? 'error' : 'warning', {
        domain,
        caa: answers.caa.map((r) => `${r.tag} "${r.value}"`).join(', '),
      }),
    )
  return found
}

/** The TXT findings: none of them is an error. */
export const CHALLENGE_FINDINGS: readonly string[] = ['txtMissing', 'txtElsewhere']

/**
 * The ownership step (issue 29): the claim's own `token` must be among the TXT values of
 * `_swipe-challenge.<domain>`; none there, or only other values (another claim's token, an old
 * one), is an error naming the record to add. Undefined: this claim's token is seen.
 */
export const challengeFinding = (
  domain: string,
  token: string,
  txt: readonly string[],
): StoredFinding | undefined => {
  if (txt.includes(token)) return undefined
  const params = { domain, name: challengeNameOf(domain), value: token }
  return finding(txt.length === 0 ? 'txtMissing' : 'txtElsewhere', 'error', params)
}

/**
 * What the doctor says of an OEM wildcard's ACM certificate that is not issued: why ACM refused it
 * (a CAA record, 72 hours without the validation record, anything else by ACM's own word), or,
 * while it waits, the validation record to add (or that ACM is still preparing it).
 */
export const certificateFinding = (c: WildcardCertificate, wildcard: string): StoredFinding => {
  if (c.reason === 'CAA_ERROR') return finding('certificateCaa', 'error', { domain: wildcard })
  if (c.status === 'VALIDATION_TIMED_OUT')
    return finding('certificateTimedOut', 'error', { name: c.validation?.name ?? wildcard })
  if (FAILED_ACM.has(c.status)) return finding('certificateFailed', 'error', { status: c.reason ?? c.status })
  return c.validation
    ? finding('certificateValidation', 'warning', { name: c.validation.name, value: c.validation.value })
    : finding('certificatePreparing', 'info')
}

/** What one check of an OEM wildcard does next (./doctor.test.ts, certificates.test.ts). */
export type WildcardStep =
  /** The wildcard resolves and its certificate is issued (or none is needed): attach it. */
  | { next: 'attach'; certificateArn?: string }
  /** ACM will never issue the certificate: give up now, saying why. */
  | { next: 'refused'; findings: StoredFinding[] }
  /** Something is missing yet (the wildcard record, the certificate): the findings say what. */
  | { next: 'wait'; findings: StoredFinding[] }

/**
 * The OEM wildcard's rule: connected only when both the wildcard CNAME resolves (no error among
 * the DNS `findings`) and, on AWS, ACM has ISSUED its certificate (`null`: the stage issues none).
 */
export const wildcardStep = (
  findings: StoredFinding[],
  certificate: WildcardCertificate | null,
  wildcard: string,
): WildcardStep => {
  if (certificate && FAILED_ACM.has(certificate.status))
    return { next: 'refused', findings: [...findings, certificateFinding(certificate, wildcard)] }
  const issued = !certificate || certificate.status === 'ISSUED'
  if (issued && !findings.some((f) => f.severity === 'error'))
    return { next: 'attach', ...(certificate ? { certificateArn: certificate.arn } : {}) }
  return {
    next: 'wait',
    findings: certificate && !issued ? [...findings, certificateFinding(certificate, wildcard)] : findings,
  }
}
