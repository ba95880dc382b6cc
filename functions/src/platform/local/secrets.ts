import type { PlatformEnv } from '../env.ts'
import type { Secrets } from '../secrets.ts'

/**
 * The local stack has no Secrets Manager: the secrets it has are the values it was given (none by
 * default; its Stripe keys are plain configuration, ./payments.ts).
 */
export const localSecrets = (_env: PlatformEnv, values: Readonly<Record<string, string>> = {}): Secrets => ({
  get: async (id) => values[id],
})
