import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CLIENT_HASH, CLIENT_JS, FORMS_HASH, FORMS_JS } from '../src/generated/client.ts'
import { contentHash } from '../src/lib/format.ts'
import { bundleClient, bundleForms } from './client-bundle.ts'

describe('the generated client bundles', () => {
  it('are the bundles of the current sources (run `npm run -w @swipe/web-site build` if not)', async () => {
    expect(CLIENT_JS).toBe(await bundleClient())
    expect(CLIENT_HASH).toBe(contentHash(CLIENT_JS))
    expect(FORMS_JS).toBe(await bundleForms())
    expect(FORMS_HASH).toBe(contentHash(FORMS_JS))
  })

  it('stay far below the 40 KB gzipped budget and carry no framework or schema library', () => {
    expect(gzipSync(CLIENT_JS).length).toBeLessThan(12 * 1024)
    expect(gzipSync(FORMS_JS).length).toBeLessThan(6 * 1024)
    for (const code of [CLIENT_JS, FORMS_JS]) expect(code).not.toMatch(/react|preact|zod|ZodError/i)
  })
})
