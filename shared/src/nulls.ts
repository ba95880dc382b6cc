/**
 * A value with every null object property left out, at any depth (arrays keep their length). The
 * API answers absent optional values as null so a client can send a loaded document straight back;
 * readers that validate or store it drop them first.
 */
export const dropNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNulls)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, dropNulls(v)]])),
    )
  return value
}
