/** Bytes that gzip cannot shrink (an AVIF is already compressed): a fixed xorshift sequence. */
export const noise = (length: number): Uint8Array => {
  const bytes = new Uint8Array(length)
  let x = 2463534242
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    bytes[i] = x & 0xff
  }
  return bytes
}
