import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { LOCALES, messages, translate } from '@swipe/shared'
import { productApiDocument } from '@swipe/shared/contract/documents'
import { API_DOCUMENTS_FILE } from '@swipe/shared/contract/documents-file'
import { API_BASE_PATH, routeList } from '@swipe/shared/contract/routes'
import { buildSync } from 'esbuild'
import { PDFParse } from 'pdf-parse'
import { describe, expect, it } from 'vitest'
import { sampleInvoice } from '../../functions/src/billing/sample-invoice.ts'
import { SUFFIX_LIST_FILE } from '../../functions/src/platform/services/suffix-list-file.ts'
import type { ApiRoute } from '../lib/api.ts'
import { BUNDLING, PDF_FONT_IN_ASSET } from '../lib/app-function.ts'
import { needsOf } from '../lib/needs.ts'
import { FUNCTIONS_SRC } from '../lib/paths.ts'
import { bundlesOf, measureBundles } from '../scripts/bench-bundles.ts'
import {
  EVERY_AUTH_KIND,
  type Json,
  memo,
  nativeStandIns,
  placeholder,
  type Resources,
  synth,
} from './support.ts'

// The real route table plus a preview and an API-key route, so the authorizer is bundled too.
const routes: ApiRoute[] = [
  ...routeList(),
  ...EVERY_AUTH_KIND.filter((r) => r.auth === 'preview' || r.auth === 'siteApi').map((r) => ({
    ...r,
    path: `/__bundle-test${r.path}`,
  })),
]
const bundled = memo(() => synth({}, routes, true))

/**
 * Runs `probe` (an ES module's source) in a fresh node with the bundle `index.mjs` of `asset` as its
 * first argument, under the function's own environment from the template (placeholders for its
 * references); answers what it printed.
 */
const probeBundle = (fn: Resources[string], asset: string, probe: string, ...args: string[]): string => {
  const variables = (fn.Properties!.Environment as { Variables: Json }).Variables
  return execFileSync(
    process.execPath,
    ['--input-type=module', '-e', probe, join(asset, 'index.mjs'), ...args],
    {
      env: {
        ...Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, placeholder(value)])),
        NODE_OPTIONS: '',
        AWS_REGION: 'ap-northeast-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
}

/** The bundle (index.mjs) of the function with this description. */
const sourceOf = (description: string) => {
  const { resources, app } = bundled()
  const fn = Object.values(resources).find(
    (r) => r.Type === 'AWS::Lambda::Function' && r.Properties?.Description === description,
  )
  expect(fn, description).toBeDefined()
  const key = String((fn!.Properties!.Code as Json).S3Key)
  return readFileSync(join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8')
}

describe('Lambda bundles (esbuild, as deployed)', () => {
  it('bundles every function and each loads with exactly the environment the stack gives it', () => {
    const { resources, app } = bundled()
    const outdir = app.outdir
    const functions = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' && (r.Properties?.Environment as Json | undefined) !== undefined,
    )
    // One per context, one jobs Lambda per context that runs jobs, the publishing, documents and
    // payments Lambdas (one each, whatever the number of callers), the request authorizer and the
    // billable-views log Lambda (infra/lib/billable-views.ts).
    const contexts = [...new Set(routeList().map((r) => r.context))]
    expect(contexts.filter((c) => needsOf(c).publishes).length).toBe(2)
    expect(contexts.some((c) => needsOf(c).documents)).toBe(true)
    expect(contexts.some((c) => needsOf(c).payments)).toBe(true)
    expect(functions.length).toBe(contexts.length + contexts.filter((c) => needsOf(c).jobs).length + 5)
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
          ...nativeStandIns(dirname(bundle)),
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

describe('the PDF function (issues 17 and 18)', () => {
  it('carries what pdfkit reads at run time: a Japanese PDF renders from inside its asset', () => {
    const { resources, app } = bundled()
    const pdfFunctions = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        (r.Properties?.Environment as { Variables?: Json } | undefined)?.Variables?.INVOICE_FONT_PATH !==
          undefined,
    )
    // The documents Lambda alone (billing and analysis invoke it).
    expect(pdfFunctions.map(([, fn]) => fn.Properties?.Description)).toEqual(['Swipe LP dev: PDF documents'])
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
  it('is bundled into the publishing Lambda only: the sites and domains APIs and their jobs carry no react-dom', () => {
    // renderToStaticMarkup is the name react-dom/server exports; minification keeps export names.
    expect(sourceOf('Swipe LP dev: publishing')).toContain('renderToStaticMarkup')
    for (const description of [
      'Swipe LP dev: sites API',
      'Swipe LP dev: sites jobs',
      'Swipe LP dev: domains API',
      'Swipe LP dev: domains jobs',
    ]) {
      expect(sourceOf(description), description).not.toContain('renderToStaticMarkup')
    }
  })
})

describe('the public-suffix list (tldts)', () => {
  it('is in no bundle: beside the domains API’s alone, read at the first name checked, and it refuses public suffixes', () => {
    const { resources, app } = bundled()
    // Labels of the list's private part, which no SDK endpoint table names.
    const labels = ['herokuapp', 'blogspot']
    const assetOf = (fn: Resources[string]) =>
      join(app.outdir, `asset.${String((fn.Properties!.Code as Json).S3Key).replace(/\.zip$/, '')}`)
    // Every bundled Lambda (the CDK's own custom-resource handlers carry no index.mjs).
    const lambdas = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && existsSync(join(assetOf(r), 'index.mjs')),
    )
    const carrying = lambdas.filter((fn) => existsSync(join(assetOf(fn), SUFFIX_LIST_FILE)))
    expect(carrying.map((fn) => fn.Properties?.Description)).toEqual(['Swipe LP dev: domains API'])
    for (const fn of lambdas) {
      const source = readFileSync(join(assetOf(fn), 'index.mjs'), 'utf8')
      for (const label of labels)
        expect(source, `${fn.Properties?.Description} ${label}`).not.toContain(label)
    }
    // The domains API: the list is not loaded at import; its first check reads it and answers as tldts.
    const probe = [
      'const { handler } = await import(process.argv[1])',
      'const { createRequire } = await import("node:module")',
      'const require = createRequire(process.argv[1])',
      `const loaded = () => Object.keys(require.cache).some((f) => f.endsWith(${JSON.stringify(SUFFIX_LIST_FILE)}))`,
      'const start = loaded()',
      `const { getDomain } = require(${JSON.stringify(`./${SUFFIX_LIST_FILE}`)})`,
      'const answers = ["github.io", "co.jp", "lp.example.co.jp", "shop.example.com"].map((d) => getDomain(d, { allowPrivateDomains: true }))',
      'process.stdout.write(JSON.stringify({ handler: typeof handler, start, answers }))',
    ].join('\n')
    const domainsApi = carrying[0]!
    const out = probeBundle(domainsApi, assetOf(domainsApi), probe)
    expect(JSON.parse(out)).toEqual({
      handler: 'function',
      start: false,
      answers: [null, null, 'example.co.jp', 'example.com'],
    })
  })
})

describe('the outbound-address policy (ipaddr.js)', () => {
  it('is bundled where code connects out (webhooks, conversions), not into the visitors’ API, which only records events', () => {
    // ipaddr.js names itself in its parse errors.
    const marker = 'ipaddr: cannot parse'
    expect(sourceOf('Swipe LP dev: apiAccess jobs')).toContain(marker)
    expect(sourceOf('Swipe LP dev: endUser API')).not.toContain(marker)
  })
})

describe('jobs (the runtime table)', () => {
  it('run from each context’s own jobs entry: the jobs Lambda carries the runners and sharp, the API Lambda neither', () => {
    const jobContexts = [...new Set(routeList().map((r) => r.context))].filter((c) => needsOf(c).jobs)
    expect(jobContexts.length).toBeGreaterThan(0)
    // jobsHandler's refusal of anything that is not a job (functions/src/edge/router.ts).
    const dispatcher = 'jobs Lambda received an event that is not a job'
    for (const context of jobContexts) {
      expect(sourceOf(`Swipe LP dev: ${context} jobs`), `${context} jobs`).toContain(dispatcher)
      expect(sourceOf(`Swipe LP dev: ${context} API`), `${context} API`).not.toContain(dispatcher)
    }
    // sharp is required on first use (never bundled, never loaded at import) by the renditions'
    // jobs Lambda alone.
    const importsSharp = /\)\("sharp"\)/
    expect(sourceOf('Swipe LP dev: sites jobs')).toMatch(importsSharp)
    expect(sourceOf('Swipe LP dev: sites API')).not.toMatch(importsSharp)
  })
})

describe('pdfkit', () => {
  it('is bundled into the documents Lambda only: billing, its jobs and analysis carry no PDF stack', () => {
    // pdfkit names itself the producer of every PDF (a string literal, which minification keeps);
    // fontkit and its brotli decoder (WOFF2 fonts) are known by their error messages.
    const markers = ['"PDFKit"', 'Unknown font format', 'Invalid size nibble']
    const documents = sourceOf('Swipe LP dev: PDF documents')
    expect(documents).toContain('"PDFKit"')
    expect(documents).toContain('Unknown font format')
    // Even there, brotli is replaced by functions/src/documents/no-brotli: the fonts are TTF.
    expect(documents).not.toContain('Invalid size nibble')
    expect(documents).toContain('WOFF2 fonts are not supported in the documents Lambda')
    for (const description of [
      'Swipe LP dev: billing API',
      'Swipe LP dev: billing jobs',
      'Swipe LP dev: analysis API',
    ]) {
      const source = sourceOf(description)
      for (const marker of markers) expect(source, `${description}: ${marker}`).not.toContain(marker)
      // Nor the local platform, whose documents adapter imports the renderer (functions/src/platform/local):
      // its invoker's refusal is a string literal, which minification keeps.
      expect(source, description).not.toContain('on the local stack: its work runs in this process')
    }
  })

  it('renders an invoice from inside its asset, as deployed, and answers it base64', async () => {
    const { resources, app } = bundled()
    const fn = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::Function' && r.Properties?.Description === 'Swipe LP dev: PDF documents',
    )!
    const key = String((fn.Properties!.Code as Json).S3Key)
    const asset = join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`)
    const variables = (fn.Properties!.Environment as { Variables: Json }).Variables
    const event = {
      source: 'swipe.document',
      request: {
        kind: 'invoice',
        document: sampleInvoice('INV-202611-BUNDLED0'),
      },
    }
    // The deployed environment, with the font where this machine has the asset instead of /var/task.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(await m.handler(JSON.parse(process.argv[2]))))',
        join(asset, 'index.mjs'),
        JSON.stringify(event),
      ],
      {
        env: {
          ...Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, placeholder(value)])),
          INVOICE_FONT_PATH: join(asset, 'fonts', 'NotoSansJP_400Regular.ttf'),
          NODE_OPTIONS: '',
          PATH: process.env.PATH,
          AWS_REGION: 'ap-northeast-1',
        },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    const answer = JSON.parse(out) as { ok: boolean; base64: string }
    expect(Object.keys(answer).sort()).toEqual(['base64', 'ok'])
    expect(answer.ok).toBe(true)
    const pdf = Buffer.from(answer.base64, 'base64')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText()
    expect(text.replace(/\s+/g, '')).toContain('株式会社デモ御中')
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

describe('server messages (issue 14)', () => {
  type Resource = Resources[string]
  const functionsOf = (resources: Resources) =>
    Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' && (r.Properties?.Environment as Json | undefined) !== undefined,
    )
  const assetOf = (outdir: string, fn: Resource) =>
    join(outdir, `asset.${String((fn.Properties!.Code as Json).S3Key).replace(/\.zip$/, '')}`)

  it('ship beside every bundle, one file per language, and no bundle carries a catalogue', () => {
    const { resources, app } = bundled()
    // Each language's 25 longest texts (without quotes, which esbuild may write otherwise): none may
    // be inside a bundle, as written or as esbuild writes non-ASCII text (\xXX, \uXXXX, upper case).
    const samples = LOCALES.flatMap((locale) =>
      Object.values(messages[locale])
        .filter((text) => !/["'`\\\n]/.test(text))
        .sort((a, b) => b.length - a.length)
        .slice(0, 25),
    )
    const escaped = (text: string) =>
      text.replace(/[^\x20-\x7e]/g, (c) => {
        const code = c.charCodeAt(0).toString(16).toUpperCase()
        return code.length <= 2 ? `\\x${code.padStart(2, '0')}` : `\\u${code.padStart(4, '0')}`
      })
    const carries = (source: string) =>
      samples.filter((t) => source.includes(t) || source.includes(escaped(t)))
    for (const [logicalId, fn] of functionsOf(resources)) {
      const asset = assetOf(app.outdir, fn)
      expect(carries(readFileSync(join(asset, 'index.mjs'), 'utf8')), logicalId).toEqual([])
      // The same search finds every sample in the catalogue files, so it would see a bundled one.
      const files = LOCALES.map((locale) => readFileSync(join(asset, `messages.${locale}.cjs`), 'utf8'))
      expect(carries(files.join('\n')), logicalId).toEqual(samples)
      const load = createRequire(join(asset, 'index.mjs'))
      for (const locale of LOCALES) {
        // Each file is its catalogue, whole: every key and text as the source has them.
        expect(load(`./messages.${locale}.cjs`)[locale], `${logicalId} ${locale}`).toEqual(messages[locale])
      }
    }
  })

  it('the OpenAPI documents: beside the API-access bundle only, read at the first request for one, and the same document', () => {
    const { resources, app } = bundled()
    const withDocuments = functionsOf(resources).filter(([, fn]) =>
      existsSync(join(assetOf(app.outdir, fn), API_DOCUMENTS_FILE)),
    )
    expect(withDocuments.map(([, fn]) => fn.Properties?.Description)).toEqual(['Swipe LP dev: apiAccess API'])
    const [, fn] = withDocuments[0]!
    // GET /openapi.json through the bundle's handler: the documents file is not loaded at import,
    // then it is, and the answer is the document the contract makes from source.
    const probe = [
      'const { handler } = await import(process.argv[1])',
      'const { createRequire } = await import("node:module")',
      'const cache = createRequire(import.meta.url).cache',
      `const loaded = () => Object.keys(cache).some((f) => f.endsWith(${JSON.stringify(API_DOCUMENTS_FILE)}))`,
      'const start = loaded()',
      'const headers = {}',
      'if (process.env.ORIGIN_VERIFY_SECRET) headers["x-origin-verify"] = process.env.ORIGIN_VERIFY_SECRET',
      `const path = ${JSON.stringify(`${API_BASE_PATH}/openapi.json`)}`,
      'const http = { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "192.0.2.1", userAgent: "probe" }',
      'const event = { version: "2.0", routeKey: "$default", rawPath: path, rawQueryString: "", headers,',
      '  requestContext: { http, requestId: "probe", stage: "$default", timeEpoch: 0 }, isBase64Encoded: false }',
      'const result = await handler(event, { awsRequestId: "probe", getRemainingTimeInMillis: () => 10000 })',
      'process.stdout.write(JSON.stringify({ start, status: result.statusCode, body: JSON.parse(result.body), after: loaded() }))',
    ].join('\n')
    const out = probeBundle(fn, assetOf(app.outdir, fn), probe)
    expect(JSON.parse(out)).toEqual({ start: false, status: 200, body: productApiDocument(), after: true })
  })

  it('are read from the asset at first use: every API bundle answers in ja, en, zh and ko', () => {
    const { resources, app } = bundled()
    const apis = functionsOf(resources).filter(([, fn]) =>
      String(fn.Properties?.Description ?? '').endsWith(' API'),
    )
    expect(apis.length).toBe(new Set(routeList().map((r) => r.context)).size)
    // An unknown route under the API's base path: the router refuses it before any dependency is
    // called, and the error envelope is localised by `translate` from the X-Lang header.
    // It also lists the catalogue files loaded so far (Node's CommonJS cache): none at start, then
    // each language at its first request (English with the first: it defines the keys).
    const probe = [
      'const { handler } = await import(process.argv[1])',
      'const { createRequire } = await import("node:module")',
      'const cache = createRequire(import.meta.url).cache',
      'const loaded = () => Object.keys(cache).map((f) => f.match(/messages\\.(\\w+)\\.cjs$/)?.[1]).filter(Boolean).sort()',
      'const answers = { start: loaded() }',
      'for (const lang of process.argv[2].split(",")) {',
      '  const headers = { "x-lang": lang }',
      '  if (process.env.ORIGIN_VERIFY_SECRET) headers["x-origin-verify"] = process.env.ORIGIN_VERIFY_SECRET',
      `  const path = ${JSON.stringify(`${API_BASE_PATH}/__catalogue-probe`)}`,
      '  const http = { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "192.0.2.1", userAgent: "probe" }',
      '  const event = { version: "2.0", routeKey: "$default", rawPath: path, rawQueryString: "", headers,',
      '    requestContext: { http, requestId: "probe", stage: "$default", timeEpoch: 0 }, isBase64Encoded: false }',
      '  const result = await handler(event, { awsRequestId: "probe", getRemainingTimeInMillis: () => 10000 })',
      '  answers[lang] = { status: result.statusCode, body: JSON.parse(result.body), loaded: loaded() }',
      '}',
      'process.stdout.write(JSON.stringify(answers))',
    ].join('\n')
    for (const [logicalId, fn] of apis) {
      const out = probeBundle(fn, assetOf(app.outdir, fn), probe, LOCALES.join(','))
      expect(JSON.parse(out), logicalId).toEqual({
        start: [],
        ...Object.fromEntries(
          LOCALES.map((locale, i) => [
            locale,
            {
              status: 404,
              body: {
                error: { code: 'error.routeNotFound', message: translate(locale, 'error.routeNotFound') },
              },
              loaded: [...new Set(['en', ...LOCALES.slice(0, i + 1)])].sort(),
            },
          ]),
        ),
      })
    }
    // The four answers differ: each language came from its own file.
    expect(new Set(LOCALES.map((locale) => translate(locale, 'error.routeNotFound'))).size).toBe(4)
  })
})

/**
 * `npm run bench:bundles` in its quick mode (docs/decisions/0075-bench-quick-modes.md): two of this
 * file's bundled functions against the floor (built as the script builds it) and hello world, one
 * round. What it returns and prints must parse; no figure is judged (the limit is the script's).
 */
describe('bench:bundles, quick', () => {
  it('measures two functions against the floor and prints its table', () => {
    const { resources, app } = bundled()
    const bundles = bundlesOf(resources as Record<string, Json>, app.outdir)
      .filter((b) => b.name === 'HealthFunction' || b.name === 'RequestAuthorizerFunction')
      .sort((a, b) => a.name.localeCompare(b.name))
    expect(bundles.map((b) => b.name)).toEqual(['HealthFunction', 'RequestAuthorizerFunction'])
    const workDir = mkdtempSync(join(tmpdir(), 'swipe-bench-bundles-quick-'))
    const printed: string[] = []
    try {
      const figures = measureBundles({ bundles, runs: 1, workDir, print: (text) => printed.push(text) })
      expect(figures.runs).toBe(1)
      expect(figures.rows.map((row) => row.name)).toEqual(['HealthFunction', 'RequestAuthorizerFunction'])
      for (const value of [
        figures.floorCpu,
        figures.helloCpu,
        ...figures.rows.flatMap((r) => [r.cpu, r.floorRatio, r.helloRatio, r.bytes, r.gzip]),
      ])
        expect(Number.isFinite(value) && value > 0, String(value)).toBe(true)
      const rows = printed
        .join('')
        .split('\n')
        .filter((line) =>
          /^\| [A-Za-z ]+ +\| +[\d.]+ \| +[\d.]+ \| +[\d.]+ \| +[\d.]+ \| +[\d.]+ \| (?:ok|OVER)? *\|$/.test(
            line,
          ),
        )
      expect(rows.map((line) => line.split('|')[1]!.trim())).toEqual([
        'HealthFunction',
        'RequestAuthorizerFunction',
        'floor',
        'hello world',
      ])
    } finally {
      rmSync(workDir, { recursive: true, force: true })
    }
  })
})
