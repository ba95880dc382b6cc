import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { routeList } from '@swipe/shared/contract/routes'
import { describe, expect, it } from 'vitest'
import type { ApiRoute } from '../lib/api.ts'
import { needsOf } from '../lib/needs.ts'
import { EVERY_AUTH_KIND, type Json, memo, placeholder, synth } from './support.ts'

// The real route table plus a preview and an API-key route, so the authorizer is bundled too.
const routes: ApiRoute[] = [
  ...routeList(),
  ...EVERY_AUTH_KIND.filter((r) => r.auth === 'preview' || r.auth === 'apiKey').map((r) => ({
    ...r,
    path: `/__bundle-test${r.path}`,
  })),
]
const bundled = memo(() => synth({}, routes, true))

describe('Lambda bundles (esbuild, as deployed)', () => {
  it('bundles every function and each loads with exactly the environment the stack gives it', () => {
    const { resources, app } = bundled()
    const outdir = app.outdir
    const functions = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' && (r.Properties?.Environment as Json | undefined) !== undefined,
    )
    // One per context, one jobs Lambda per context that runs jobs, one publishing Lambda per
    // context that publishes, and the request authorizer.
    const contexts = [...new Set(routeList().map((r) => r.context))]
    expect(functions.length).toBe(
      contexts.length +
        contexts.filter((c) => needsOf(c).jobs).length +
        contexts.filter((c) => needsOf(c).publishes).length +
        1,
    )
    for (const [logicalId, fn] of functions) {
      const key = String((fn.Properties!.Code as Json).S3Key)
      const bundle = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs')
      expect(existsSync(bundle), `${logicalId} has a bundle`).toBe(true)
      expect(existsSync(`${bundle}.map`), `${logicalId} has a source map`).toBe(true)
      const variables = (fn.Properties!.Environment as { Variables: Json }).Variables
      const env = Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [name, placeholder(value)]),
      )
      // A fresh process with nothing but the deployed variables: config is read at load and fails fast.
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          // Only the message: an uncaught error would print the minified line, megabytes long.
          'try { const m = await import(process.argv[1]); process.stdout.write(typeof m.handler) } catch (e) { process.stdout.write(String(e.message)) }',
          bundle,
        ],
        {
          env: {
            ...env,
            NODE_OPTIONS: '',
            AWS_REGION: 'ap-northeast-1',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      expect(out, logicalId).toBe('function')
      const source = readFileSync(bundle, 'utf8')
      // Production defines (AppFunction's BUNDLING): no dependency keeps a development branch,
      // such as React's development build in the publisher.
      expect(source.includes('process.env.NODE_ENV'), `${logicalId} reads NODE_ENV at run time`).toBe(false)
      // `import * as z from 'zod'` everywhere: zod's 40-odd locales (its Esperanto one here) stay out.
      expect(source.includes('Nevalida enigo'), `${logicalId} carries zod's locales`).toBe(false)
    }
  })
})

describe('the renderer', () => {
  it('is bundled into the publishing Lambda only: the sites API and its jobs carry no react-dom', () => {
    const { resources, app } = bundled()
    const sourceOf = (description: string) => {
      const fn = Object.values(resources).find(
        (r) => r.Type === 'AWS::Lambda::Function' && r.Properties?.Description === description,
      )
      expect(fn, description).toBeDefined()
      const key = String((fn!.Properties!.Code as Json).S3Key)
      return readFileSync(join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8')
    }
    // renderToStaticMarkup is the name react-dom/server exports; minification keeps export names.
    expect(sourceOf('Swipe LP dev: sites publishing')).toContain('renderToStaticMarkup')
    for (const description of ['Swipe LP dev: sites API', 'Swipe LP dev: sites jobs']) {
      expect(sourceOf(description), description).not.toContain('renderToStaticMarkup')
    }
  })
})

describe('visitor bundles', () => {
  it("carry the island's CTA rules without the renderer (no React in the end-user or analytics Lambda)", () => {
    const { resources, app } = bundled()
    for (const context of ['endUser', 'analytics']) {
      const fn = Object.values(resources).find(
        (r) =>
          r.Type === 'AWS::Lambda::Function' && r.Properties?.Description === `Swipe LP dev: ${context} API`,
      )
      expect(fn, context).toBeDefined()
      const key = String((fn!.Properties!.Code as Json).S3Key)
      const source = readFileSync(join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8')
      expect(source, context).not.toContain('renderToStaticMarkup')
      expect(source.length, `${context} bundle bytes`).toBeLessThan(3_000_000)
    }
  })
})
