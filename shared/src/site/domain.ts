/**
 * Custom domain rules (issue 19; SPEC §2 domain setting flow, §5 "Invalid domain format"). Shared
 * by the API (which decides) and the console (which explains before the round trip).
 */

/** Why a domain cannot be connected at all (the API answers 400 with `domain.<reason>`). */
export type DomainRefusal = 'format' | 'url' | 'ipAddress' | 'productZone' | 'apex' | 'reserved'

/** Host name syntax: labels of letters, digits and inner hyphens, a letter TLD, 253 characters at most. */
const HOST = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** Top-level names that never reach the public DNS (RFC 6761, RFC 6762, ICANN's `.internal`). */
const RESERVED_TLDS = new Set(['localhost', 'local', 'internal', 'invalid', 'arpa', 'onion', 'example'])

/**
 * Public suffixes with two labels under which registrants get names (the Japanese second-level
 * `co.jp` family, and the common ones elsewhere). A name with one label more than its suffix is a
 * zone apex (`example.co.jp`, `example.com`), which cannot carry a CNAME (RFC 1034 §3.6.2).
 * Japanese prefecture and city names (`*.tokyo.jp`) are public suffixes too: any `<x>.<y>.jp`
 * other than these is treated as a registrable three-label name only when `<y>` is listed here.
 */
const TWO_LABEL_SUFFIXES = new Set([
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'ad.jp',
  'ed.jp',
  'go.jp',
  'gr.jp',
  'lg.jp',
  'co.uk',
  'org.uk',
  'ac.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.kr',
  'or.kr',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.tw',
  'com.hk',
  'co.nz',
  'com.sg',
  'co.in',
  'com.br',
])

/** Lower case, no trailing dot, no surrounding spaces: the form every rule and key uses. */
export const normaliseDomain = (input: string): string => input.trim().toLowerCase().replace(/\.$/, '')

/** True when the name is the apex of its zone (one label above its public suffix). */
export const isApexDomain = (domain: string): boolean => {
  const labels = domain.split('.')
  const suffix = labels.slice(-2).join('.')
  return labels.length <= (TWO_LABEL_SUFFIXES.has(suffix) ? 3 : 2)
}

/**
 * An address typed where a name belongs (issue 30 #11): a scheme (`https://`), a path, a query or
 * a port. Refused as `url`, whose message shows the bare name (`bareDomainOf`), before the IP rule
 * (which a `:` would otherwise trigger).
 */
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/|[/?#]|^[^:[\]]+:\d*$/

/** The host name inside what looks like an address (`https://lp.example.com/a` → `lp.example.com`). */
export const bareDomainOf = (input: string): string =>
  normaliseDomain(
    input
      .trim()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .replace(/^[^/?#@]*@/, '')
      .replace(/[/?#].*$/, '')
      .replace(/:\d*$/, ''),
  )

/** The labels of `domain` left of its registrable name: the "host" a registrar's DNS form asks for (`lp` of `lp.example.co.jp`). */
export const hostLabelOf = (domain: string): string => {
  const labels = domain.split('.')
  const registrable = TWO_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2
  return labels.slice(0, Math.max(0, labels.length - registrable)).join('.')
}

/** The `www.` name the console suggests for an apex domain. */
export const wwwOf = (domain: string): string => `www.${domain}`

/**
 * Checks a domain a creator wants to connect. `productZones` are the product's own zones (the
 * sites domain, the console's and API's domains): neither they nor a name under them may be taken.
 */
export const domainRefusal = (
  domain: string,
  productZones: readonly string[],
  options: { allowApex?: boolean } = {},
): DomainRefusal | undefined => {
  if (URL_LIKE.test(domain)) return 'url'
  if (IPV4.test(domain) || domain.includes(':') || /^\[.*\]$/.test(domain)) return 'ipAddress'
  if (!HOST.test(domain)) return 'format'
  for (const zone of productZones) {
    const z = normaliseDomain(zone)
    if (z && (domain === z || domain.endsWith(`.${z}`))) return 'productZone'
  }
  const tld = domain.split('.').at(-1) ?? ''
  if (RESERVED_TLDS.has(tld)) return 'reserved'
  if (!options.allowApex && isApexDomain(domain)) return 'apex'
  return undefined
}

/**
 * An OEM's sites domain (issue 19 Deliver 5): its users' sites answer on `{site-uuid}.<domain>`
 * through one wildcard record `*.<domain>`, so the OEM's domain itself may be an apex (the
 * wildcard is a subdomain and takes the CNAME); every other rule of `domainRefusal` holds.
 */
export const oemDomainRefusal = (domain: string, productZones: readonly string[]) =>
  domainRefusal(domain, productZones, { allowApex: true })

/** The record an OEM domain needs: the wildcard under it. */
export const wildcardOf = (domain: string): string => `*.${domain}`

/** The states of a domain connection (docs/data-model.md `siteDomain`). */
export const DOMAIN_STATES = ['VERIFYING', 'ACTIVE', 'FAILED'] as const
export type DomainState = (typeof DOMAIN_STATES)[number]

/**
 * What the domain doctor finds on a check, each explained in plain words in the four languages
 * (`domain.finding.<code>` in the server messages).
 */
export const DOMAIN_FINDINGS = [
  'cnameMissing',
  'cnameElsewhere',
  'conflictingAddress',
  'caaBlocks',
  'apex',
  'notPropagated',
  'unsafeAddress',
  'certificatePending',
  'certificateFailed',
  'certificateLocal',
  'certificateValidation',
  'certificatePreparing',
  'certificateCaa',
  'certificateTimedOut',
  'verified',
  'gaveUp',
  'txtMissing',
  'txtElsewhere',
  'claimedElsewhere',
  'coversOthers',
] as const
export type DomainFindingCode = (typeof DOMAIN_FINDINGS)[number]

/**
 * The name of a claim's ownership record (issue 29): a TXT record whose value is the claim's own
 * token proves that whoever controls the name's DNS made this claim (`_swipe-challenge.<name>`;
 * for an OEM, `_swipe-challenge.<zone>`).
 */
export const challengeNameOf = (domain: string): string => `_swipe-challenge.${domain}`

/** How long a domain may stay unverified before the checker gives up (SPEC §4, §9; ACM's own limit). */
export const DOMAIN_VERIFY_LIMIT_MS = 72 * 60 * 60 * 1000

/** The registrars the console's third step explains (SPEC §2 "add CNAME at the domain provider"). */
export const DOMAIN_REGISTRARS = ['onamae', 'sakura', 'xserver', 'muumuu', 'route53'] as const
