import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Site API credentials (issue 21; docs/decisions/0040-site-api.md).
 *
 * A key is `slp_live_` + 30 random base62 characters + 6 base62 characters of the CRC32 of what
 * precedes them (GitHub's token format): a secret scanner, or the authorizer, can tell a real key
 * from a typo or a look-alike without reading the table. Only the SHA-256 of the whole key is
 * stored (a key has ~178 bits of entropy, so a fast hash cannot be reversed by guessing), with
 * the first 13 characters as the visible prefix the console lists.
 *
 * The basic-auth password is chosen by people, so it is stored as scrypt with a salt of its own.
 */

export const KEY_PREFIX = 'slp_live_'
const RANDOM_LENGTH = 30
const CHECKSUM_LENGTH = 6
export const KEY_LENGTH = KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH
/** How much of a key the console shows: the type prefix and four random characters. */
export const VISIBLE_PREFIX_LENGTH = KEY_PREFIX.length + 4

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (IEEE), as zlib computes it. */
export const crc32 = (text: string): number => {
  let crc = 0xffffffff
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

const base62 = (value: number, length: number): string => {
  let out = ''
  let rest = value
  while (rest > 0) {
    out = BASE62[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  return out.padStart(length, '0')
}

const checksumOf = (body: string) => base62(crc32(body), CHECKSUM_LENGTH)

/** A key of these 30 characters (base62): the prefix, them, and their checksum. */
export const keyOf = (random: string): string => {
  const body = `${KEY_PREFIX}${random}`
  return `${body}${checksumOf(body)}`
}

/** A new key (shown once to the creator, never stored). */
export const generateKey = (): string => {
  let random = ''
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)]
  return keyOf(random)
}

const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`)

/** Whether a text has a key's shape and a matching checksum (no lookup). */
export const isWellFormedKey = (key: string): boolean => {
  if (!KEY_SHAPE.test(key)) return false
  const body = key.slice(0, -CHECKSUM_LENGTH)
  return secureEqual(checksumOf(body), key.slice(-CHECKSUM_LENGTH))
}

/** What the table holds of a key: the SHA-256 of the whole key, hex. */
export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex')

export const visiblePrefixOf = (key: string): string => key.slice(0, VISIBLE_PREFIX_LENGTH)

/** Compares two secrets in constant time (over SHA-256 digests, so lengths may differ). */
export const secureEqual = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

/** `scrypt$N$r$p$salt$hash` (base64url parts): what the table holds of a basic-auth password. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const { N, r, p, keyLength } = SCRYPT
  const key = await derive(password, salt, N, r, p, keyLength)
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches a stored `hashPassword` value (constant-time compare). */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  )
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A random secret of `bytes` bytes, base64url (webhook secrets, generated passwords). */
export const randomSecret = (bytes = 24): string => randomBytes(bytes).toString('base64url')
