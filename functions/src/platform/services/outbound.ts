import { lookup as systemLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * The one outbound-address policy (issue 29; docs/decisions/0047-outbound-address-policy.md): every
 * connection the product opens to a place a customer chose (webhook deliveries; the domain checker's reading
 * of a name's addresses) goes to a public unicast address only.
 *
 * - Parsing is `ipaddr.js`'s, which reads every spelling a resolver or `inet_aton` accepts
 *   (`0177.0.0.1`, `127.1`, `2130706433`, `0x7f.1`, any IPv6 form, zone ids). WHATWG URL parsing
 *   already normalises the IPv4 forms in `new URL`; raw strings (a resolver's answer, a test's
 *   table) are read here as the operating system would read them, so no spelling slips past.
 * - IPv4: only ipaddr's `unicast` (everything its range table names — loopback, private,
 *   linkLocal, carrierGradeNat, unspecified, broadcast, multicast, reserved with 192.0.0.0/24, the
 *   TEST-NETs, 198.18.0.0/15 and 240/4, as112, amt — is refused).
 * - IPv6: an address with an embedded IPv4 (mapped `::ffff:0:0/96`, translated `::ffff:0:0:0/96`,
 *   compatible `::/96`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32` with its server
 *   and its bit-inverted client) is judged by the IPv4 it carries (each must be public); the
 *   local-use NAT64 prefix `64:ff9b:1::/48` is refused. Any other IPv6 must be ipaddr's `unicast`
 *   and inside the global unicast block `2000::/3` (so site-local `fec0::/10`, unique-local
 *   `fc00::/7` with the EC2 metadata `fd00:ec2::254`, link-local, multicast, discard, benchmarking,
 *   ORCHID, documentation, segment routing and every unassigned block are refused).
 * - A zone id (`fe80::1%eth0`) is refused whatever the address: it only names a local link.
 * - Names are resolved once (every A and AAAA answer); one refused answer refuses the name, and
 *   the connection is pinned to the checked address (`pinnedLookup`), never resolved a second time
 *   (DNS rebinding).
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])

/**
 * The IPv4 addresses an IPv6 address carries and would reach through a translator or tunnel,
 * or undefined when it carries none.
 */
const embeddedIPv4 = (address: ipaddr.IPv6): ipaddr.IPv4[] | undefined => {
  const p = address.parts
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0)
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible, deprecated),
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix): the last 32 bits.
  if (zeros(0, 5) && (p[5] === 0xffff || p[5] === 0)) {
    // `::` and `::1` are no IPv4 (unspecified and loopback: refused by their own range below).
    if (p[5] === 0 && p[6] === 0) return undefined
    return [v4(p[6]!, p[7]!)]
  }
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)]
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return [v4(p[6]!, p[7]!)]
  // 6to4: 2002:AABB:CCDD::/48 is the site behind the IPv4 AABB:CCDD.
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)]
  // Teredo: 2001:0:<server IPv4>:<flags>:<port>:<client IPv4, every bit inverted>.
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)]
  return undefined
}

const parse = (raw: string): Address | undefined => {
  const bare = raw.trim().replace(/^\[(.*)\]$/, '$1')
  try {
    return ipaddr.parse(bare)
  } catch {
    return undefined
  }
}

const isPublicParsed = (address: Address): boolean => {
  if (address.kind() === 'ipv4') return address.range() === 'unicast'
  const v6 = address as ipaddr.IPv6
  if (v6.zoneId) return false
  const embedded = embeddedIPv4(v6)
  if (embedded) return embedded.every((inner) => inner.range() === 'unicast')
  // 64:ff9b:1::/48 (local-use NAT64) and the rest of rfc6052 carry nothing judged above.
  return v6.range() === 'unicast' && v6.match(ipaddr.IPv6.parse('2000::'), 3)
}

/** True when `address` (any IPv4 or IPv6 spelling, brackets allowed) is public unicast. */
export const isPublicAddress = (address: string): boolean => {
  const parsed = parse(address)
  return parsed !== undefined && isPublicParsed(parsed)
}

/** True for any text that is not a public unicast address (what the domain checker refuses). */
export const isRefusedAddress = (address: string): boolean => !isPublicAddress(address)

/** True when `host` is an address literal in any spelling (not a name to resolve). */
export const isAddressLiteral = (host: string): boolean => parse(host) !== undefined

/**
 * Why an outbound target was refused: `scheme` (not one the caller allows), `dns` (the name has no
 * address), `refusedAddress` (an address is not public).
 */
export type OutboundRefusal = 'scheme' | 'dns' | 'refusedAddress'

export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    /** The refused address (logged server-side only, never shown to a creator). */
    readonly address?: string,
  ) {
    super(`outbound target refused: ${reason}${address ? ` (${address})` : ''}`)
    this.name = 'OutboundRefused'
  }
}

/** Every address a name resolves to (A and AAAA). */
export type Resolver = (host: string) => Promise<string[]>
export const systemResolver: Resolver = async (host) =>
  (await systemLookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** The address to connect to, checked: the canonical text (a mapped IPv6 becomes its IPv4). */
export interface CheckedAddress {
  address: string
  family: 4 | 6
}

const canonical = (address: Address): CheckedAddress => {
  const plain =
    address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
      ? (address as ipaddr.IPv6).toIPv4Address()
      : address
  return { address: plain.toString(), family: plain.kind() === 'ipv4' ? 4 : 6 }
}

/**
 * Resolves `host` (a name, or an address in any spelling, brackets allowed) once and checks every
 * answer; returns the first, to connect to. Throws `OutboundRefused` (`dns` or `refusedAddress`).
 */
export const resolvePublicAddress = async (
  host: string,
  resolve: Resolver = systemResolver,
): Promise<CheckedAddress> => {
  const literal = parse(host)
  const answers = literal ? [literal] : (await resolve(host).catch(() => [] as string[])).map(parse)
  if (answers.length === 0) throw new OutboundRefused('dns')
  const refused = answers.findIndex((a) => a === undefined || !isPublicParsed(a))
  if (refused >= 0) throw new OutboundRefused('refusedAddress', answers[refused]?.toString() ?? 'unparsed')
  return canonical(answers[0]!)
}

/**
 * Checks an outbound URL: one of `schemes` (default HTTPS only), no credentials in it, and its
 * host resolving to public addresses only. Returns the URL and the address to pin the connection to.
 */
export const checkOutboundUrl = async (
  raw: string | URL,
  { schemes = ['https:'], resolve }: { schemes?: readonly string[]; resolve?: Resolver } = {},
): Promise<{ url: URL; target: CheckedAddress }> => {
  const url = typeof raw === 'string' ? new URL(raw) : raw
  if (!schemes.includes(url.protocol) || url.username || url.password) throw new OutboundRefused('scheme')
  return { url, target: await resolvePublicAddress(url.hostname, resolve) }
}

/**
 * A `lookup` for `http(s).request` that answers the checked address whatever the name: the
 * connection goes where the check looked, never to a second resolution's answer.
 */
export const pinnedLookup =
  ({ address, family }: CheckedAddress): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }

/**
 * The one exception, on the local stack only (issue 30): its webhook inspector
 * (infra/local/webhook-inspector.ts), whose origin the stack names in `WEBHOOK_INSPECTOR_ORIGIN`.
 * Exactly that origin is allowed — plain HTTP, the loopback address 127.0.0.1 and that port; any
 * other loopback port, host spelling or scheme is refused as before. A value that is not such an
 * origin allows nothing, and inside a Lambda (`AWS_LAMBDA_FUNCTION_NAME`) it is ignored: no AWS
 * stack sets it. Only the local platform asks (functions/src/platform/local/outbound.ts).
 */
export const localInspectorAllowance = (env: {
  WEBHOOK_INSPECTOR_ORIGIN?: string | undefined
  AWS_LAMBDA_FUNCTION_NAME?: string | undefined
}): ((url: URL) => CheckedAddress | undefined) => {
  const raw = env.WEBHOOK_INSPECTOR_ORIGIN
  if (env.AWS_LAMBDA_FUNCTION_NAME || !raw) return () => undefined
  let origin: string
  try {
    const parsed = new URL(raw)
    if (parsed.protocol !== 'http:' || parsed.hostname !== '127.0.0.1' || !parsed.port) return () => undefined
    if (parsed.origin !== raw.replace(/\/$/, '')) return () => undefined
    origin = parsed.origin
  } catch {
    return () => undefined
  }
  return (url) =>
    url.origin === origin && !url.username && !url.password ? { address: '127.0.0.1', family: 4 } : undefined
}
