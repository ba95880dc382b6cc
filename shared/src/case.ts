/**
 * camelCase <-> snake_case conversion of payload keys at the API edge (SPEC §7).
 * Only plain objects and arrays are walked; values (strings, dates, numbers) stay as they are.
 */
type Json = unknown

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

export const toSnake = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()

export const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

const convert = (value: Json, keyFn: (key: string) => string): Json => {
  if (Array.isArray(value)) return value.map((item) => convert(item, keyFn))
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[keyFn(key)] = convert(inner, keyFn)
  return out
}

export const keysToSnake = <T = Json>(value: Json): T => convert(value, toSnake) as T
export const keysToCamel = <T = Json>(value: Json): T => convert(value, toCamel) as T

/** Removes `id` fields from nested objects (not from the top level), as the console does before a save. */
export const stripNestedIds = <T>(value: T): T => {
  const walk = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1))
    if (!isPlainObject(node)) return node
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(node)) {
      if (key === 'id' && depth > 0) continue
      out[key] = walk(inner, depth + 1)
    }
    return out
  }
  return walk(value, 0) as T
}
