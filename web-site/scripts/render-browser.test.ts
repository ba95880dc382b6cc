import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The render also runs in the console (the editor's previews call `renderSitePages` in the
 * browser), so nothing it imports may need Node: the publisher's Node-only parts (first-window.ts,
 * gzip) are handed in through `PublishInput.inline`. esbuild refuses a Node built-in for the
 * browser platform, where Vite would only fail at run time in the editor.
 */
describe('the render in a browser', () => {
  it('bundles for the browser without any Node built-in', () => {
    const result = buildSync({
      entryPoints: [join(import.meta.dirname, '../src/render.tsx')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    })
    expect(result.errors).toEqual([])
    expect(result.outputFiles[0]!.text).not.toMatch(/node:zlib|gzipSync/)
  })
})
