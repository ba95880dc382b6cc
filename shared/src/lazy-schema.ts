import { standIn } from './stand-in.ts'

/**
 * A schema built on its first use instead of at import (issue 35 item 3,
 * docs/decisions/0073-cold-starts-near-the-floor.md, second round). Every Lambda imports the
 * contract of its context and the domain schemas of `@swipe/shared`, and zod builds a schema's
 * internals when it is declared: building all of them at each cold start cost 40–60 ms of a
 * function's load, while a request parses against the few schemas of its own route.
 *
 * `export const X = lazySchema(() => z.object(…))`, with esbuild's `@__PURE__` comment before
 * the call, is exported and used exactly like the schema, with its type. The annotation lets
 * esbuild (and the console's bundler) leave an unused one out of a bundle; esbuild reads it at the
 * call only, not on this declaration. It also stands in for an object of schemas that schemas
 * spread (`{ ...fields }`). The stand-in is a Proxy that builds the schema once, on its first
 * operation of any kind, and forwards every operation to it (property reads and writes, `in`, own
 * keys, descriptors, the prototype, so `instanceof z.ZodObject` holds). Putting the stand-in into
 * another schema (`z.object({ plan: X })`, `z.array(X)`) does not build it; calling one of its
 * methods (`X.extend(…)`, `X.optional()`) does.
 *
 * Reads run with the stand-in as receiver, so zod's members, which bind to the instance on first
 * read, bind to the stand-in: `X.nullable()` wraps the stand-in, not the object behind it, and a
 * schema keeps one identity wherever it is used (the OpenAPI document names a schema by identity,
 * shared/src/contract/openapi.ts).
 */
export const lazySchema = <T extends object>(build: () => T): T => {
  let built: T | undefined
  const schema: T = standIn(() => {
    if (!built) {
      built = build()
      keepIdentityInJsonSchema(built, schema)
    }
    return built
  })
  return schema
}

/** What `z.toJSONSchema` keeps per schema while it converts (zod's internal `ctx.seen`). */
interface JsonSchemaContext {
  seen: Map<object, unknown>
}
type ProcessJsonSchema = (ctx: JsonSchemaContext, json: unknown, params: unknown) => unknown

/**
 * `z.toJSONSchema` files each schema it meets under the object it met (the stand-in), but a zod
 * schema's converter looks its entry up under the schema it was built as (a closure over the
 * built object): while the stand-in's converter runs, the built object is filed under the
 * stand-in's entry too, so the two are one schema to the conversion, as they are to every reader.
 */
const keepIdentityInJsonSchema = (built: object, standIn: object): void => {
  const internals = (built as { _zod?: { processJSONSchema?: ProcessJsonSchema } })._zod
  const convert = internals?.processJSONSchema
  if (!internals || !convert) return
  internals.processJSONSchema = (ctx, json, params) => {
    const alias = ctx.seen.has(standIn) && !ctx.seen.has(built)
    if (alias) ctx.seen.set(built, ctx.seen.get(standIn))
    try {
      return convert(ctx, json, params)
    } finally {
      if (alias) ctx.seen.delete(built)
    }
  }
}
