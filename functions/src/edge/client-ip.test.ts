import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { describe, expect, it } from 'vitest'
import { clientIp, clientOf, originTrust, viewerAddress } from './client-ip.ts'
import { AppError } from './errors.ts'

const SECRET = 'a-long-origin-secret-0123456789'

const eventOf = (headers: Record<string, string>, sourceIp = '203.0.113.9') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2

const forged = (ip: string) => ({ 'x-viewer-address': `${ip}:443` })

describe('clientIp', () => {
  it('ignores a forged viewer address on a direct call: the socket address counts', () => {
    const { clientIp: ip } = originTrust({ secret: SECRET, required: false })
    const seen = new Set(Array.from({ length: 40 }, (_, i) => ip(eventOf(forged(`198.51.100.${i + 1}`)))))
    expect([...seen]).toEqual(['203.0.113.9'])
  })

  it('ignores the viewer address with a wrong, empty or differently sized secret', () => {
    const { clientIp: ip, viaEdge } = originTrust({ secret: SECRET, required: false })
    for (const guess of ['', 'x', `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase()]) {
      const event = eventOf({ ...forged('198.51.100.7'), 'x-origin-verify': guess })
      expect(viaEdge(event), guess).toBe(false)
      expect(ip(event), guess).toBe('203.0.113.9')
    }
  })

  it('believes the viewer address only with the origin secret', () => {
    const { clientIp: ip } = originTrust({ secret: SECRET, required: false })
    expect(ip(eventOf({ ...forged('198.51.100.7'), 'x-origin-verify': SECRET }))).toBe('198.51.100.7')
    // The edge vouches, but names no (or no valid) viewer: the connection's address.
    expect(ip(eventOf({ 'x-origin-verify': SECRET }))).toBe('203.0.113.9')
    expect(ip(eventOf({ 'x-origin-verify': SECRET, 'x-viewer-address': 'evil' }))).toBe('203.0.113.9')
  })

  it('never believes the viewer address without a configured secret', () => {
    const { clientIp: ip } = originTrust({ secret: undefined, required: false })
    expect(ip(eventOf({ ...forged('198.51.100.7'), 'x-origin-verify': '' }))).toBe('203.0.113.9')
    expect(ip(eventOf({ ...forged('198.51.100.7'), 'x-origin-verify': 'undefined' }))).toBe('203.0.113.9')
    // The module's own instance: the unit tests run without ORIGIN_VERIFY_SECRET.
    expect(clientIp(eventOf({ ...forged('198.51.100.7'), 'x-origin-verify': SECRET }))).toBe('203.0.113.9')
  })

  it('counts an IPv6 client by its /64, from the edge or the socket', () => {
    const { clientIp: ip } = originTrust({ secret: SECRET, required: false })
    const viaEdge = (viewer: string) => ip(eventOf({ 'x-origin-verify': SECRET, 'x-viewer-address': viewer }))
    expect(viaEdge('2001:0db8:85a3:0000:0000:8a2e:0370:7334:46532')).toBe('2001:db8:85a3:0::/64')
    expect(viaEdge('2001:db8:85a3::1:443')).toBe('2001:db8:85a3:0::/64')
    expect(ip(eventOf({}, '2001:db8:85a3:0:ffff::2'))).toBe('2001:db8:85a3:0::/64')
    expect(ip(eventOf({}, '::ffff:192.0.2.1'))).toBe('192.0.2.1')
  })
})

describe('assertViaEdge', () => {
  it('refuses a request without the secret with 403 where the edge is required', () => {
    const { assertViaEdge } = originTrust({ secret: SECRET, required: true })
    const refusal = (() => {
      try {
        assertViaEdge(eventOf(forged('198.51.100.7')))
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ status: 403, code: 'error.originUnverified' })
    expect(() => assertViaEdge(eventOf({ 'x-origin-verify': SECRET }))).not.toThrow()
  })

  it('lets direct calls through where the edge is not required (the local console calls the gateway)', () => {
    const { assertViaEdge } = originTrust({ secret: SECRET, required: false })
    expect(() => assertViaEdge(eventOf({}))).not.toThrow()
  })

  it('will not start with the edge required and no secret', () => {
    expect(() => originTrust({ secret: undefined, required: true })).toThrow(/ORIGIN_VERIFY_SECRET/)
  })
})

describe('viewerAddress and clientOf', () => {
  it.each([
    ['198.51.100.7:443', '198.51.100.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:db8:0:0:0:0:0:1:443', '2001:db8:0:0:0:0:0:1'],
    ['198.51.100.7', '198.51.100.7'],
    // As the CloudFront Function writes it: the bare address, whose last group may look like a port.
    ['2001:db8::1', '2001:db8::1'],
    ['2001:db8::443', '2001:db8::443'],
    ['not-an-address:443', undefined],
    ['', undefined],
  ])('%s -> %s', (header, expected) => {
    expect(viewerAddress(header)).toBe(expected)
  })

  it('keeps IPv4 as it is', () => {
    expect(clientOf('192.0.2.44')).toBe('192.0.2.44')
  })
})
