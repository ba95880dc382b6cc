import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CLIENT_HASH, CLIENT_JS } from '../src/generated/client.ts'
import { contentHash } from '../src/lib/format.ts'
import { bundleClient } from './client-bundle.ts'

describe('the generated client bundle', () => {
  it('is the bundle of the current sources (run `npm run -w @swipe/web-site build` if not)', async () => {
    expect(CLIENT_JS).toBe(await bundleClient())
    expect(CLIENT_HASH).toBe(contentHash(CLIENT_JS))
  })

  it('stays far below the 40 KB gzipped budget and carries no framework', () => {
    expect(gzipSync(CLIENT_JS).length).toBeLessThan(12 * 1024)
    expect(CLIENT_JS).not.toMatch(/react|preact/i)
  })
})
