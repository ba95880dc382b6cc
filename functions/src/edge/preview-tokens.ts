import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { type JWTPayload, jwtVerify, SignJWT } from 'jose'
import { PreviewSigningKeys } from '../data/previews.ts'
import { now } from '../platform/services/clock.ts'

/**
 * Preview tokens (SPEC §3 credentials; docs/decisions/0030-preview-and-sharing.md): HS256 JWTs the
 * API signs for one site and one viewer, carrying the share's password version so that a password
 * change ends every token issued before it. The signing key is made once per stage (a conditional
 * put of 32 random bytes into the table) and kept in memory for a few minutes.
 */

/** How long a preview token lasts. */
export const PREVIEW_TOKEN_TTL_S = 12 * 60 * 60
const KEY_ID = 'v1'
const KEY_CACHE_MS = 5 * 60_000

let cached: { key: Uint8Array; at: number } | undefined

const signingKey = async (): Promise<Uint8Array> => {
  if (cached && Date.now() - cached.at < KEY_CACHE_MS) return cached.key
  let stored = (await PreviewSigningKeys.get({ keyId: KEY_ID }).go()).data
  if (!stored) {
    const fresh = {
      keyId: KEY_ID,
      secret: randomBytes(32).toString('base64'),
      createdAt: new Date().toISOString(),
    }
    try {
      await PreviewSigningKeys.create(fresh).go()
      stored = fresh
    } catch {
      // Another Lambda made it first: read theirs.
      stored = (await PreviewSigningKeys.get({ keyId: KEY_ID }).go({ consistent: true })).data
    }
  }
  if (!stored) throw new Error('No preview signing key')
  cached = { key: new Uint8Array(Buffer.from(stored.secret, 'base64')), at: Date.now() }
  return cached.key
}

export interface PreviewClaims {
  siteId: string
  email: string
  passwordVersion: number
}

export const signPreviewToken = async (claims: PreviewClaims): Promise<string> => {
  const issuedAt = Math.floor(now() / 1000)
  return new SignJWT({ site_id: claims.siteId, email: claims.email, pwv: claims.passwordVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('preview')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PREVIEW_TOKEN_TTL_S)
    .sign(await signingKey())
}

/** The token's payload when it is ours, for previews, and not expired by the API's clock; else undefined. */
export const verifyPreviewToken = async (token: string): Promise<JWTPayload | undefined> => {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      audience: 'preview',
      algorithms: ['HS256'],
      currentDate: new Date(now()),
    })
    return typeof payload.site_id === 'string' ? payload : undefined
  } catch {
    return undefined
  }
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>

/** `scrypt$<salt>$<hash>` of a share password. */
export const hashSharePassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, 32)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** Whether `password` matches the stored hash (constant-time comparison). */
export const sharePasswordMatches = async (
  password: string,
  stored: string | undefined,
): Promise<boolean> => {
  const [scheme, salt, hash] = (stored ?? '').split('$')
  if (scheme !== 'scrypt' || !salt || !hash) {
    // The same work whether or not there is a hash, so timing tells nothing.
    await scryptAsync(password, Buffer.alloc(16), 32)
    return false
  }
  const expected = Buffer.from(hash, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length)
  return timingSafeEqual(actual, expected)
}
