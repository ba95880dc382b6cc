import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets'
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { clientConfig } from '#platform/services/env'
import type { PlatformEnv } from '../env.ts'
import type { Secrets } from '../secrets.ts'

/** How long a read value is kept (Powertools' cache; the callers keep what they parse longer). */
const MAX_AGE_SECONDS = 5

const notFound = (error: unknown) => {
  const cause = (error as { cause?: { name?: string } }).cause
  return (cause?.name ?? (error as { name?: string }).name) === 'ResourceNotFoundException'
}

/**
 * Secrets Manager's `GetSecretValue`, through Powertools Parameters' `SecretsProvider` (the SDK
 * client, its credentials and retries, and a short cache). A secret without a string value yet
 * answers undefined; any other failure is thrown (the caller tries again later).
 */
export const awsSecrets = (
  _env: PlatformEnv,
  client: SecretsManagerClient = new SecretsManagerClient(clientConfig(undefined)),
): Secrets => {
  const provider = new SecretsProvider({ awsSdkV3Client: client })
  return {
    async get(id) {
      try {
        const value = await provider.get(id, { maxAge: MAX_AGE_SECONDS })
        return typeof value === 'string' ? value : undefined
      } catch (error) {
        // A secret created without a value (or whose value was never set) has nothing to read.
        if (notFound(error)) return undefined
        throw error
      }
    },
  }
}
