import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { platform } from '#platform'

/**
 * Sealed secrets (#platform/vault): AES-256-GCM under the platform's vault key, with a fresh
 * 96-bit nonce each time and `context` (where the secret is stored, e.g. `site#<id>#meta`) as
 * associated data, so a sealed value copied to another row does not open. The text is
 * `v1.<nonce>.<ciphertext>.<tag>` in base64url.
 */

export const seal = async (plain: string, context: string): Promise<string> => {
  const key = await platform().vault.key()
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', nonce, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The sealed text's secret; throws when it was sealed under another key or context. */
export const unseal = async (sealed: string, context: string): Promise<string> => {
  const [version, nonce, body, tag] = sealed.split('.')
  if (version !== 'v1' || !nonce || body === undefined || !tag) throw new Error('Not a sealed value')
  const key = await platform().vault.key()
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
