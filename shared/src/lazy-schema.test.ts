import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { lazySchema } from './lazy-schema.ts'

const counted = <T extends object>(build: () => T) => {
  const calls = { n: 0 }
  const schema = lazySchema(() => {
    calls.n++
    return build()
  })
  return { schema, calls }
}

describe('lazySchema', () => {
  it('builds once, on first use, and not when another schema takes it in', () => {
    const { schema: Item, calls } = counted(() => z.object({ name: z.string().min(1) }))
    const List = z.object({ items: z.array(Item), first: Item, either: z.union([Item, z.null()]) })
    expect(calls.n).toBe(0)
    expect(List.parse({ items: [{ name: 'a' }], first: { name: 'b' }, either: null })).toEqual({
      items: [{ name: 'a' }],
      first: { name: 'b' },
      either: null,
    })
    expect(Item.safeParse({ name: '' }).success).toBe(false)
    expect(calls.n).toBe(1)
  })

  it('parses, fails and types exactly as the schema it stands for', () => {
    const eager = z.object({ n: z.number().int().default(3), s: z.string().trim().max(4) })
    const lazy = lazySchema(() => z.object({ n: z.number().int().default(3), s: z.string().trim().max(4) }))
    for (const input of [{ s: ' ab ' }, { n: 1.5, s: 'x' }, { s: 'toolong' }, {}]) {
      expect(lazy.safeParse(input)).toEqual(eager.safeParse(input))
    }
    const value: z.output<typeof lazy> = lazy.parse({ s: 'a' })
    expect(value).toEqual({ n: 3, s: 'a' })
    expect(lazy instanceof z.ZodObject).toBe(true)
    expect(Object.keys(lazy.shape)).toEqual(['n', 's'])
    expect(lazy.extend({ k: z.boolean() }).parse({ s: 'a', k: true })).toEqual({ n: 3, s: 'a', k: true })
  })

  it('keeps one identity: a named schema is one JSON Schema definition however it is wrapped', () => {
    const named = (Named: z.ZodType) => {
      const registry = z.registry<{ id: string }>()
      registry.add(Named, { id: 'Named' })
      return z.toJSONSchema(
        z.object({ a: Named, b: Named.nullable(), c: Named.optional(), d: z.array(Named) }),
        { metadata: registry, io: 'input' },
      )
    }
    const build = () => z.string().transform((s) => s.length)
    const eager = named(build())
    expect(named(lazySchema(build))).toEqual(eager)
    expect(eager.$defs).toEqual({ Named: { type: 'string' } })
  })

  it('stands in for an object of schemas that a schema spreads', () => {
    const { schema: fields, calls } = counted(() => ({ a: z.string(), b: z.number().optional() }))
    const Whole = lazySchema(() => z.object({ ...fields, c: z.boolean() }))
    expect(calls.n).toBe(0)
    expect(Whole.parse({ a: 'x', c: false })).toEqual({ a: 'x', c: false })
    expect(calls.n).toBe(1)
  })
})

/**
 * The rule the second round of docs/decisions/0073 depends on: no module of the shared schemas, the
 * site model or the contract builds a schema at import. A top-level `const X = z.…` (or a schema
 * derived at top level: `Y.extend(…)`, `Y.pick(…)`…) is what a new schema written the old way looks
 * like; it must be `lazySchema(() => …)`. `z.registry()` is a plain map, not a schema.
 */
describe('no schema built at import', () => {
  const SCHEMA_AT_TOP =
    /^(?:export )?const [A-Za-z_$][\w$]*(?:\s*:[^=]+)?\s*=\s*(?:z\.(?!registry\b)|z$|[A-Za-z_$][\w$]*\.(?:extend|pick|omit|partial|merge|and|or|array|optional|nullable|refine|transform)\()/m
  const folders = ['.', 'schemas', 'site', 'contract'].map((folder) => join(import.meta.dirname, folder))
  const files = folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join(folder, name)),
  )

  it('finds the old way when it is written', () => {
    expect(SCHEMA_AT_TOP.test("import * as z from 'zod'\nexport const Plan = z.object({})")).toBe(true)
    expect(SCHEMA_AT_TOP.test('const Long = Short.extend({ more: z.string() })')).toBe(true)
    expect(SCHEMA_AT_TOP.test('export const Multi =\n  z\n    .string()')).toBe(true)
    expect(SCHEMA_AT_TOP.test('export const Multi = z\n  .string()')).toBe(true)
    expect(SCHEMA_AT_TOP.test('export const Plan = /* @__PURE__ */ lazySchema(() => z.object({}))')).toBe(
      false,
    )
    expect(SCHEMA_AT_TOP.test('const names = z.registry<{ id: string }>()')).toBe(false)
  })

  it('finds it in none of the shared modules', () => {
    expect(files.length).toBeGreaterThan(40)
    const offenders = files.flatMap((file) => {
      const match = SCHEMA_AT_TOP.exec(readFileSync(file, 'utf8'))
      return match ? [`${file}: ${match[0]}`] : []
    })
    expect(offenders).toEqual([])
  })
})
