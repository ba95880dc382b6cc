import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { edgeHeaders } from './edge.ts'

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
