import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSources, valueImportsOf } from '../../test/support/imports.ts'

/*
 * The layers of functions/src and what each may load at run time (docs/decisions/0058-platform-root.md):
 *
 * - the contexts (accounts/, sites/, billing/ …) may use every layer;
 * - edge/ (the request edge: http, router, auth, errors, idempotency, rate limits, security log,
 *   the site API's keys), domain/ (logic several contexts share: webhooks, plans, tallies, CSV),
 *   platform/ (ports, their adapters and the service clients) and data/ (the entities) use no
 *   context — except that platform/local/ may call the Lambdas it stands in for (publishing/,
 *   documents/, and each context's jobs Lambda entry, `<context>/worker.ts`);
 * - platform/ and data/ use neither the edge nor the domain, save edge/errors.ts (the error every
 *   layer throws).
 *
 * Type-only imports load nothing and are not counted. Tests are not counted either.
 */

const SRC = import.meta.dirname
const LAYERS = ['edge', 'domain', 'platform', 'data'] as const
const STAND_INS = ['publishing', 'documents']
const EVERY_LAYER_MAY_USE = ['edge/errors.ts']

/** The top folder of a path relative to src, and whether it is a layer. */
const topOf = (path: string) => path.split('/')[0] ?? ''

/** Where a specifier points, relative to src (package imports resolved as functions/package.json maps them). */
const targetOf = (file: string, specifier: string): string | undefined => {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), specifier))
  if (specifier === '#platform') return 'platform/index.ts'
  const alias = /^#(edge|domain|data|platform)\/(.+)$/.exec(specifier)
  return alias ? `${alias[1]}/${alias[2]}.ts` : undefined
}

const boundaryBreaks = (files: ReadonlyMap<string, string>): string[] => {
  const breaks: string[] = []
  for (const [file, source] of files) {
    const from = topOf(file)
    if (!(LAYERS as readonly string[]).includes(from)) continue
    for (const specifier of valueImportsOf(source)) {
      const target = targetOf(file, specifier)
      if (!target || EVERY_LAYER_MAY_USE.includes(target)) continue
      const to = topOf(target)
      if (to === from) continue
      const context = !(LAYERS as readonly string[]).includes(to)
      const allowed = context
        ? file.startsWith('platform/local/') && (STAND_INS.includes(to) || target === `${to}/worker.ts`)
        : !((from === 'platform' || from === 'data') && (to === 'edge' || to === 'domain'))
      if (!allowed) breaks.push(`${file} → ${target}`)
    }
  }
  return breaks
}

/** The layers' source files, tests excluded, by path relative to src. */
const readTree = () => readSources(SRC, LAYERS, /^(?!.*\.test\.ts$).*\.ts$/)

describe('layer boundaries of functions/src', () => {
  it('refuses a layer loading a context, and the platform or data loading the edge or the domain', () => {
    const files = new Map([
      ['edge/auth.ts', "import { listSites } from '../sites/list.ts'"],
      ['domain/plans.ts', "import { closeMonth } from '../billing/close.ts'"],
      ['platform/services/mail.ts', "import { ok } from '#edge/http'"],
      ['data/sites.ts', "import { planOf } from '#domain/plans'"],
      ['platform/aws/publisher.ts', "import { publishSite } from '../../publishing/publish.ts'"],
      // a jobs Lambda's entry, yes; the context's other modules, no
      [
        'platform/local/workers.ts',
        "import { handler } from '../../sites/worker.ts'\nimport { jobs } from '../../sites/jobs.ts'",
      ],
      // allowed: types, the stand-ins of platform/local, errors, layers below, packages
      [
        'platform/local/publisher.ts',
        "import { publishSite } from '../../publishing/publish.ts'\nimport type { Site } from '../../sites/get.ts'",
      ],
      [
        'data/accounts.ts',
        "import { AppError } from '#edge/errors'\nimport { now } from '#platform/services/clock'",
      ],
      [
        'edge/http.ts',
        "import { planOf } from '#domain/plans'\nimport { Sites } from '#data/sites'\nimport middy from '@middy/core'",
      ],
    ])
    expect(boundaryBreaks(files)).toEqual([
      'edge/auth.ts → sites/list.ts',
      'domain/plans.ts → billing/close.ts',
      'platform/services/mail.ts → edge/http.ts',
      'data/sites.ts → domain/plans.ts',
      'platform/aws/publisher.ts → publishing/publish.ts',
      'platform/local/workers.ts → sites/jobs.ts',
    ])
  })

  it('holds for functions/src', () => {
    const tree = readTree()
    // The walk found the layers (a wrong root would make the check pass on nothing).
    expect(tree.has('edge/http.ts')).toBe(true)
    expect(tree.has('platform/index.ts')).toBe(true)
    expect(boundaryBreaks(tree)).toEqual([])
  })
})

describe('the faces of edge/ and domain/', () => {
  it('list every module of their folder, and only those', () => {
    for (const layer of ['edge', 'domain'] as const) {
      const face = readFileSync(join(SRC, layer, 'README.md'), 'utf8')
      const listed = [...face.matchAll(/^\| `([\w-]+\.ts)` +\|/gm)].map((m) => m[1]).sort()
      const modules = readdirSync(join(SRC, layer))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .sort()
      expect(listed, `${layer}/README.md`).toEqual(modules)
    }
  })
})
