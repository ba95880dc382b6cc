/**
 * IPv4 and IPv6 addresses and CIDR ranges for the site API's IP restriction (issue 21; SPEC §3,
 * §5). Pure code (no `node:net`): the console checks the list as the creator types it, and the
 * API checks it again on save and on every request with the same functions.
 */

/** An address as a big integer and its family's width in bits. */
interface Parsed {
  bits: 32 | 128
  value: bigint
}

const parseIpv4 = (text: string): bigint | undefined => {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  let value = 0n
  for (const part of parts) {
    // No leading zeros (`010` is octal to some parsers): one canonical spelling.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined
    const n = Number(part)
    if (n > 255) return undefined
    value = (value << 8n) | BigInt(n)
  }
  return value
}

/** IPv6 groups as 16-bit words; an IPv4 tail (`::ffff:192.0.2.1`) counts as two. */
const wordsOf = (half: string, ipv4Tail: boolean): number[] | undefined => {
  if (half === '') return []
  const groups = half.split(':')
  const words: number[] = []
  for (const [index, group] of groups.entries()) {
    if (ipv4Tail && index === groups.length - 1 && group.includes('.')) {
      const v4 = parseIpv4(group)
      if (v4 === undefined) return undefined
      words.push(Number(v4 >> 16n), Number(v4 & 0xffffn))
      continue
    }
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined
    words.push(Number.parseInt(group, 16))
  }
  return words
}

const parseIpv6 = (text: string): bigint | undefined => {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return undefined
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  let words: number[]
  if (halves.length === 1) {
    const all = wordsOf(text, true)
    if (all?.length !== 8) return undefined
    words = all
  } else {
    const head = wordsOf(halves[0] ?? '', false)
    const tail = wordsOf(halves[1] ?? '', true)
    if (!head || !tail) return undefined
    const missing = 8 - head.length - tail.length
    if (missing < 1) return undefined
    words = [...head, ...Array<number>(missing).fill(0), ...tail]
  }
  return words.reduce((acc, word) => (acc << 16n) | BigInt(word), 0n)
}

/** An IPv4 or IPv6 address, or undefined. */
export const parseAddress = (text: string): Parsed | undefined => {
  const trimmed = text.trim()
  const v4 = parseIpv4(trimmed)
  if (v4 !== undefined) return { bits: 32, value: v4 }
  const v6 = parseIpv6(trimmed)
  if (v6 !== undefined) {
    // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
    if (v6 >> 32n === 0xffffn) return { bits: 32, value: v6 & 0xffffffffn }
    return { bits: 128, value: v6 }
  }
  return undefined
}

/** A range: its network (host bits cleared) and prefix length. */
export interface IpRange {
  bits: 32 | 128
  network: bigint
  prefix: number
}

/** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::1` or `2001:db8::/32`; undefined when not one. */
export const parseRange = (text: string): IpRange | undefined => {
  const [address = '', prefixText, extra] = text.trim().split('/')
  if (extra !== undefined) return undefined
  const parsed = parseAddress(address)
  if (!parsed) return undefined
  // A mapped IPv6 spelling of an IPv4 range is not accepted with a prefix: write it as IPv4.
  if (prefixText !== undefined && parsed.bits === 32 && address.includes(':')) return undefined
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined
  const prefix = prefixText === undefined ? parsed.bits : Number(prefixText)
  if (prefix > parsed.bits) return undefined
  const hostBits = BigInt(parsed.bits - prefix)
  const network = (parsed.value >> hostBits) << hostBits
  return { bits: parsed.bits, network, prefix }
}

export const isIpRange = (text: string): boolean => parseRange(text) !== undefined

/**
 * The widest ranges an address allowlist takes (issue 29): an IPv4 /8 and an IPv6 /16. A shorter
 * prefix (`0.0.0.0/0`, `::/0`, `/1`…`/7`) lets most of the internet in, which is no restriction.
 */
export const ALLOWLIST_MIN_PREFIX = { ipv4: 8, ipv6: 16 } as const

/** Whether a range (or address) is narrow enough for an allowlist; texts that are no range are not. */
export const isAllowlistRange = (text: string): boolean => {
  const range = parseRange(text)
  if (!range) return false
  return range.prefix >= (range.bits === 32 ? ALLOWLIST_MIN_PREFIX.ipv4 : ALLOWLIST_MIN_PREFIX.ipv6)
}

/** Whether `address` lies in `range` (families never match each other). */
export const rangeContains = (range: IpRange, address: string): boolean => {
  const parsed = parseAddress(address)
  if (!parsed || parsed.bits !== range.bits) return false
  const hostBits = BigInt(range.bits - range.prefix)
  return (parsed.value >> hostBits) << hostBits === range.network
}

/** Whether `address` lies in any of the ranges (texts that are no range match nothing). */
export const inAnyRange = (ranges: readonly string[], address: string): boolean =>
  ranges.some((text) => {
    const range = parseRange(text)
    return range ? rangeContains(range, address) : false
  })
