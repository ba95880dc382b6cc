import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_HASH,
  CLIENT_JS,
  FORMS_HASH,
  FORMS_JS,
  VITALS_HASH,
  VITALS_JS,
} from '../src/generated/client.ts'
import { contentHash } from '../src/lib/format.ts'
import { vitalsScriptPath } from '../src/render.tsx'
import { bundleClient, bundleForms, bundleVitals, vitalsFileName } from './client-bundle.ts'

describe('the generated client bundles', () => {
  it('are the bundles of the current sources (run `npm run -w @swipe/web-site build` if not)', async () => {
    expect(CLIENT_JS).toBe(await bundleClient())
    expect(CLIENT_HASH).toBe(contentHash(CLIENT_JS))
    expect(FORMS_JS).toBe(await bundleForms())
    expect(FORMS_HASH).toBe(contentHash(FORMS_JS))
    expect(VITALS_JS).toBe(await bundleVitals())
    expect(VITALS_HASH).toBe(contentHash(VITALS_JS))
  })

  it('name the Web Vitals script the release carries beside the island, which loads it by that name', () => {
    const file = vitalsFileName(VITALS_JS)
    expect(vitalsScriptPath()).toBe(`assets/${file}`)
    expect(CLIENT_JS).toContain(JSON.stringify(file))
    // The library is in its own file only; the island carries its loader, not its code.
    expect(VITALS_JS).toMatch(/largest-contentful-paint/)
    expect(CLIENT_JS).not.toMatch(/largest-contentful-paint|layout-shift/)
  })

  it('stay far below the 40 KB gzipped budget and carry no framework or schema library', () => {
    expect(gzipSync(CLIENT_JS).length).toBeLessThan(12 * 1024)
    expect(gzipSync(FORMS_JS).length).toBeLessThan(6 * 1024)
    expect(gzipSync(VITALS_JS).length).toBeLessThan(4 * 1024)
    for (const code of [CLIENT_JS, FORMS_JS, VITALS_JS])
      expect(code).not.toMatch(/react|preact|zod|ZodError/i)
  })
})
