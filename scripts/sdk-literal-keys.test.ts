import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { literalKeys, schemaFiles } from './sdk-literal-keys.mjs'

/**
 * The install step that makes the SDK's operation schemas tree-shakeable (scripts/sdk-literal-keys.mjs):
 * what it rewrites, that every rewritten file holds the same schemas as its original, and that a
 * bundle of one command keeps only the schemas it uses.
 */
const work = mkdtempSync(join(tmpdir(), 'sdk-literal-keys-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const bundle = async (contents: string, resolveDir: string, minify = false) => {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    mainFields: ['module', 'main'],
    minify,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Every export of `file`, as text: schemas are arrays of strings, numbers, objects and thunks (by their source). */
const exportsOf = async (file: string, name: string) => {
  const out = join(work, `${name}.mjs`)
  writeFileSync(out, await bundle(`export * from ${JSON.stringify(file)}`, dirname(file)))
  const module = (await import(pathToFileURL(out).href)) as Record<string, unknown>
  return Object.fromEntries(
    Object.entries(module).map(([key, value]) => [
      key,
      JSON.stringify(value, (_k, v: unknown) => (typeof v === 'function' ? `ƒ ${String(v)}` : v)),
    ]),
  )
}

describe('sdk-literal-keys', () => {
  it('writes a computed key naming a string constant of the file as that string, and nothing else', () => {
    const source = [
      'const _e = "error";',
      'const _hE = "httpError";',
      'const n0 = "com.amazonaws.s3";',
      'export var A$ = [-3, n0, "A", { [_e]: "client", [_hE]: 400 }, [], []];',
      'export var B$ = [9, n0, "B", { [_hE]: 1, [other]: 2 }, () => A$, () => [_e]];',
    ].join('\n')
    expect(literalKeys(source)).toEqual({
      source: [
        'const _e = "error";',
        'const _hE = "httpError";',
        'const n0 = "com.amazonaws.s3";',
        'export var A$ = [-3, n0, "A", { "error": "client", "httpError": 400 }, [], []];',
        'export var B$ = [9, n0, "B", { "httpError": 1, [other]: 2 }, () => A$, () => [_e]];',
      ].join('\n'),
      count: 3,
    })
    expect(literalKeys(literalKeys(source).source).count).toBe(0)
  })

  it('has rewritten every installed client, each to the same schemas as its original', async () => {
    const files: string[] = schemaFiles()
    expect(files.map((f) => f.replace(/.*node_modules\//, ''))).toEqual(
      expect.arrayContaining([
        '@aws-sdk/client-dynamodb/dist-es/schemas/schemas_0.js',
        '@aws-sdk/client-s3/dist-es/schemas/schemas_0.js',
        '@aws-sdk/client-sesv2/dist-es/schemas/schemas_0.js',
      ]),
    )
    for (const [i, file] of files.entries()) {
      expect(literalKeys(readFileSync(file, 'utf8')).count, file).toBe(0)
      const original = join(dirname(file), 'schemas_0.original.js')
      expect(existsSync(original), original).toBe(true)
      const [now, before] = await Promise.all([
        exportsOf(file, `now-${i}`),
        exportsOf(original, `before-${i}`),
      ])
      expect(Object.keys(now).length, file).toBeGreaterThan(5)
      expect(now, file).toEqual(before)
    }
  }, 120_000)

  it('lets a bundle of one S3 command keep a few operation schemas instead of all of them', async () => {
    const s3 = join(dirname(require.resolve('@aws-sdk/client-s3/package.json')), 'dist-es', 'schemas')
    const operations = (text: string) => text.match(/\[9,/g)?.length ?? 0
    const one = await bundle(
      "import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3'\nexport const f = () => new S3Client({}).send(new GetObjectCommand({ Bucket: 'b', Key: 'k' }))",
      process.cwd(),
      true,
    )
    const all = operations(
      await bundle(`export * from ${JSON.stringify(join(s3, 'schemas_0.original.js'))}`, s3, true),
    )
    expect(all).toBeGreaterThan(100)
    expect(operations(one)).toBeLessThan(15)
  }, 60_000)
})
