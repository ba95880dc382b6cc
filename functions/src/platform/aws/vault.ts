import { createHash } from 'node:crypto'
import type { PlatformEnv } from '../env.ts'
import type { Secrets } from '../secrets.ts'
import type { Vault } from '../vault.ts'

/**
 * The vault key from the generated secret `VAULT_KEY_SECRET_ARN` (infra/lib/conversions.ts), read
 * once per container: SHA-256 of its text is the AES key.
 */
export const awsVault = (env: PlatformEnv, secrets: () => Secrets): Vault => {
  let key: Promise<Uint8Array> | undefined
  return {
    key() {
      key ??= (async () => {
        if (!env.VAULT_KEY_SECRET_ARN) throw new Error('This function is given no VAULT_KEY_SECRET_ARN')
        const text = await secrets().get(env.VAULT_KEY_SECRET_ARN)
        if (!text) throw new Error('The vault key secret holds no value')
        return createHash('sha256').update(text).digest()
      })().catch((error: unknown) => {
        key = undefined
        throw error
      })
      return key
    },
  }
}
