import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { routeList } from '@swipe/shared/contract/routes'
import { buildSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import type { ApiRoute } from '../lib/api.ts'
import { BUNDLING, PDF_FONT_IN_ASSET } from '../lib/app-function.ts'
import { needsOf } from '../lib/needs.ts'
import { FUNCTIONS_SRC } from '../lib/paths.ts'
import { EVERY_AUTH_KIND, type Json, memo, placeholder, synth } from './support.ts'

// The real route table plus a preview and an API-key route, so the authorizer is bundled too.
const routes: ApiRoute[] = [
  ...routeList(),
  ...EVERY_AUTH_KIND.filter((r) => r.auth === 'preview' || r.auth === 'siteApi').map((r) => ({
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

describe('PDF functions (issues 17 and 18)', () => {
  it('carry what pdfkit reads at run time: a Japanese PDF renders from inside their asset', () => {
    const { resources, app } = bundled()
    const pdfFunctions = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        (r.Properties?.Environment as { Variables?: Json } | undefined)?.Variables?.INVOICE_FONT_PATH !==
          undefined,
    )
    // The billing API and jobs Lambdas and the analysis API Lambda.
    expect(pdfFunctions.length).toBe(3)
    for (const [logicalId, fn] of pdfFunctions) {
      const variables = (fn.Properties!.Environment as { Variables: Json }).Variables
      expect(variables.INVOICE_FONT_PATH, logicalId).toBe(PDF_FONT_IN_ASSET)
      const key = String((fn.Properties!.Code as Json).S3Key)
      const asset = join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`)
      // pdfkit as the function bundles it, placed in the asset beside index.mjs, where the deployed
      // code finds its standard fonts (the package.json import map), colour profile and the TTF.
      const probe = join(asset, 'probe.mjs')
      buildSync({
        stdin: {
          contents:
            "import PDFDocument from 'pdfkit'\n" +
            'const doc = new PDFDocument({ size: "A4" })\n' +
            'const chunks = []\n' +
            'doc.on("data", (c) => chunks.push(c))\n' +
            'doc.on("end", () => process.stdout.write(String(Buffer.concat(chunks).subarray(0, 5))))\n' +
            'doc.registerFont("jp", process.env.INVOICE_FONT_PATH)\n' +
            'doc.font("jp").text("登録番号 10%対象 消費税")\n' +
            'doc.font("Helvetica").text("total")\n' +
            'doc.end()\n',
          resolveDir: FUNCTIONS_SRC,
        },
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: probe,
        mainFields: [...(BUNDLING.mainFields ?? [])],
        banner: { js: BUNDLING.banner ?? '' },
        logLevel: 'silent',
      })
      try {
        const out = execFileSync(process.execPath, [probe], {
          env: {
            PATH: process.env.PATH,
            INVOICE_FONT_PATH: join(asset, 'fonts', 'NotoSansJP_400Regular.ttf'),
          },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        expect(out, logicalId).toBe('%PDF-')
      } finally {
        rmSync(probe, { force: true })
      }
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
