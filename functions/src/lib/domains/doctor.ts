import type { StoredFinding } from '#data/domains'
import { caaBlocksAmazon, type DnsAnswers, isUnsafeAddress } from './dns.ts'
import type { DomainProvisioner } from './provisioner.ts'

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
