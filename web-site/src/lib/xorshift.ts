/**
 * A fixed pseudo-random sequence (Marsaglia's xorshift32) for deterministic fixtures and test
 * bytes: each call gives the next unsigned 32-bit value from `seed`.
 */
export const xorshift32 = (seed: number): (() => number) => {
  let x = seed
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return x >>> 0
  }
}
