import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { edgeHeaders, encodingFor } from './edge.ts'

const requestFrom = (remoteAddress: string, headers: Record<string, string>) =>
  ({ headers, socket: { remoteAddress, remotePort: 52100 } }) as unknown as IncomingMessage

describe('edgeHeaders (the local edge playing CloudFront in front of the API)', () => {
  it('replaces a forged viewer address and origin secret with the socket address and the real secret', () => {
    const forwarded = edgeHeaders(
      requestFrom('::ffff:127.9.8.7', {
        host: 'abc.sites.localhost:3001',
        'x-viewer-address': '198.51.100.7:443',
        'x-origin-verify': 'guessed',
        'content-type': 'application/json',
      }),
      'the-origin-secret',
    )
    expect(forwarded).toEqual({
      'x-viewer-address': '127.9.8.7:52100',
      'x-origin-verify': 'the-origin-secret',
      'content-type': 'application/json',
    })
  })

  it('adds no secret when none is configured, and still drops a forged one', () => {
    const forwarded = edgeHeaders(requestFrom('127.0.0.1', { 'x-origin-verify': 'guessed' }), undefined)
    expect(forwarded).toEqual({ 'x-viewer-address': '127.0.0.1:52100' })
  })
})

describe('encodingFor (the local edge compressing as CloudFront does)', () => {
  it('prefers Brotli, then gzip, and honours q=0 and its absence', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br')
    expect(encodingFor('gzip, deflate')).toBe('gzip')
    expect(encodingFor('br;q=0, gzip')).toBe('gzip')
    expect(encodingFor('BR; q=0.5')).toBe('br')
    expect(encodingFor('gzip;q=0, br;q=0')).toBeUndefined()
    expect(encodingFor('identity')).toBeUndefined()
    expect(encodingFor(undefined)).toBeUndefined()
  })
})
