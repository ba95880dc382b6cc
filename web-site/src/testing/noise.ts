import { xorshift32 } from '../lib/xorshift.ts'

/** Bytes that gzip cannot shrink (an AVIF is already compressed): a fixed xorshift sequence. */
export const noise = (length: number): Uint8Array => {
  const next = xorshift32(2463534242)
  const bytes = new Uint8Array(length)
  for (let i = 0; i < length; i++) bytes[i] = next() & 0xff
  return bytes
}
