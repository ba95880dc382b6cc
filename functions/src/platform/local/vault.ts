import { createHash } from 'node:crypto'
import type { PlatformEnv } from '../env.ts'
import type { Vault } from '../vault.ts'

/** Locally a fixed key: the local stack's tokens are test values, and its data survives restarts. */
export const localVault = (_env: PlatformEnv): Vault => {
  const key = createHash('sha256').update('swipe-local-vault').digest()
  return { key: async () => key }
}
