import { Resolver } from 'node:dns/promises'

/**
 * The DNS answers the domain doctor reads (issue 19). Resolved through `servers` when given (the
 * local stack's DNS server, `DOMAIN_DNS_SERVER`), else the system's resolvers. Whether an answer's
 * address is one a public site can be at is the outbound-address policy's question
 * (#platform/services/outbound `isRefusedAddress`, issue 29).
 */
export interface DnsAnswers {
  cnames: string[]
  addresses: string[]
  /** The CAA records that govern the name (its own, else its closest parent's; RFC 8659). */
  caa: { tag: string; value: string }[]
  /** The name's TXT records, each one's strings joined (the ownership token of issue 29 is read at `_swipe-challenge.<name>`). */
  txt: string[]
  /** The resolver did not answer (timeout, SERVFAIL, refused): nothing can be concluded. */
  unavailable: boolean
}

export type DnsLookup = (name: string) => Promise<DnsAnswers>

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN', 'ENOTIMP'])

export const dnsLookup = (servers?: readonly string[]): DnsLookup => {
  const resolver = new Resolver({ timeout: 2000, tries: 2 })
  if (servers?.length) resolver.setServers([...servers])
  return async (name) => {
    let unavailable = false
    const ask = async <T>(query: () => Promise<T[]>): Promise<T[]> => {
      try {
        return await query()
      } catch (error) {
        if (!NO_DATA.has((error as { code?: string }).code ?? '')) unavailable = true
        return []
      }
    }
    // A server that does not answer makes every query wait its timeout: stop at the first such
    // answer, since nothing can be concluded anyway (one timeout, not five).
    const none = { cnames: [], addresses: [], caa: [], txt: [], unavailable: true }
    const cnames = (await ask(() => resolver.resolveCname(name))).map((c) =>
      c.toLowerCase().replace(/\.$/, ''),
    )
    if (unavailable) return none
    const addresses = [
      ...(await ask(() => resolver.resolve4(name))),
      ...(await ask(() => resolver.resolve6(name))),
    ]
    if (unavailable) return none
    let caa: { tag: string; value: string }[] = []
    const labels = name.split('.')
    for (let i = 0; i < labels.length - 1 && caa.length === 0 && !unavailable; i++) {
      const records = await ask(() => resolver.resolveCaa(labels.slice(i).join('.')))
      caa = records.flatMap((r) => {
        const entry = Object.entries(r).find(([key]) => key !== 'critical')
        return entry ? [{ tag: entry[0], value: String(entry[1]) }] : []
      })
    }
    if (unavailable) return none
    const txt = (await ask(() => resolver.resolveTxt(name))).map((chunks) => chunks.join(''))
    if (unavailable) return none
    return { cnames, addresses, caa, txt, unavailable }
  }
}

/** Certificate authorities a CAA `issue` value may name for Amazon's certificates. */
const AMAZON_CAS = ['amazon.com', 'amazontrust.com', 'awstrust.com', 'amazonaws.com']

/** True when the CAA records restrict issuance and none allows Amazon. */
export const caaBlocksAmazon = (caa: readonly { tag: string; value: string }[]): boolean => {
  const issue = caa.filter((r) => r.tag === 'issue')
  if (issue.length === 0) return false
  return !issue.some((r) => AMAZON_CAS.includes(r.value.split(';')[0]!.trim().toLowerCase()))
}
