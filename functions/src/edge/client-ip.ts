import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { originEnv } from '../platform/services/env.ts'
import { ForbiddenError } from './errors.ts'
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from './origin-headers.ts'

/**
 * Who the client is, as far as rate limits and security lines are concerned (
 * docs/decisions/0045-client-identity.md). the viewer header (`X-Viewer-Address`) is a header like any other:
 * a caller that reaches the API directly (the execute-api endpoint, the local gateway) can send it with any
 * value. So it is believed only on a request that carries the origin secret, which CloudFront (and
 * locally the site edge) adds to every request it forwards and which no viewer can know; every
 * other request is the socket's source address, which API Gateway (and the local gateway) fills
 * from the connection.
 */

export { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER }

export interface OriginTrust {
  /** The value the edge adds; absent: no request is trusted to name its viewer. */
  secret?: string | undefined
  /** Refuse (403) every request without the proof: the API is reachable only through the edge. */
  required: boolean
}

type Event = Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>

const digest = (value: string) => createHash('sha256').update(value).digest()

/** The address in the viewer header: a bare IP, or `ip:port` / `[ipv6]:port`. */
export const viewerAddress = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  // A bare IPv6 address ends in a group that may look like a port: try it whole first.
  if (isIP(trimmed)) return trimmed
  const candidate = trimmed.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1')
  return isIP(candidate) ? candidate : undefined
}

/**
 * The client as the limits count it: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's prefix: anyone holding a /64 can use every address in it).
 */
export const clientOf = (address: string): string => {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  // An IPv4-mapped address (::ffff:1.2.3.4) is that IPv4 client.
  const last = groups.at(-1) ?? ''
  if (isIP(last) === 4)
    return groups.slice(0, -1).every((g) => /^0*$/.test(g) || g === 'ffff') ? last : address
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The rules for one configuration; the module's own instance reads the environment once. */
export const originTrust = ({ secret, required }: OriginTrust) => {
  if (required && !secret) throw new Error('ORIGIN_VERIFY_REQUIRED needs ORIGIN_VERIFY_SECRET')
  const expected = secret ? digest(secret) : undefined

  /** The request carries the origin secret (compared in constant time, over digests of equal length). */
  const viaEdge = (event: Event): boolean => {
    const given = event.headers?.[ORIGIN_VERIFY_HEADER]
    return Boolean(expected && given && timingSafeEqual(digest(given), expected))
  }

  /** The viewer's address through the edge, else the connection's source address (`clientOf`). */
  const clientIp = (event: Event): string => {
    const viewer = viaEdge(event) ? viewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER]) : undefined
    const address = viewer || event.requestContext?.http?.sourceIp
    return address ? clientOf(address) : 'unknown'
  }

  /**
   * The exact address (an IPv6 one not reduced to its /64): what an address list is matched
   * against (the site API's IP restriction, issue 21). Same trust rule as `clientIp`.
   */
  const clientAddress = (event: Event): string | undefined => {
    const viewer = viaEdge(event) ? viewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER]) : undefined
    return viewer || event.requestContext?.http?.sourceIp || undefined
  }

  /** 403 for a request that did not come through the edge, where the edge is required. */
  const assertViaEdge = (event: Event): void => {
    if (required && !viaEdge(event)) throw new ForbiddenError('error.originUnverified')
  }

  return { viaEdge, clientIp, clientAddress, assertViaEdge }
}

const trust = originTrust({
  secret: originEnv.ORIGIN_VERIFY_SECRET,
  required: originEnv.ORIGIN_VERIFY_REQUIRED,
})

/** The client's address for rate limits and security lines (never a header the caller can set). */
export const clientIp = trust.clientIp
/** The exact client address for address lists (never a header the caller can set). */
export const clientAddress = trust.clientAddress
/** Refuses, where configured, a request that bypassed CloudFront (the API edge calls it first). */
export const assertViaEdge = trust.assertViaEdge
