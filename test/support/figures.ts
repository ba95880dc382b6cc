import { expect } from 'vitest'

/**
 * Every number anywhere in `value` (an object's or an array's) is finite; nulls and strings as they
 * are. For the benchmarks' quick modes (docs/decisions/0075-bench-quick-modes.md), whose figures
 * only have to parse.
 */
export const expectFinite = (value: unknown, path = 'figures'): void => {
  if (typeof value === 'number') expect(Number.isFinite(value), `${path} = ${value}`).toBe(true)
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) expectFinite(item, `${path}.${key}`)
}
