import * as z from 'zod'
import { awsEnv, readEnv } from './env.ts'

/**
 * The two user pools as the API sees them, without the Cognito SDK: verifying a token needs only
 * a pool's ids and issuer. Each pool's variables are read when it is first used, so a module may
 * name both pools (`#edge/auth` verifies admin and member tokens) in a Lambda given only one of
 * them; a module that needs a pool at all takes it through `requiredPool` and fails at load
 * without it (`#platform/services/cognito`, `#platform/services/members-pool`).
 */

export const cognitoEnv = readEnv({ COGNITO_ENDPOINT: z.url().optional() })

/** A user pool: its id, app client and the issuer its tokens carry. */
export interface PoolRef {
  id: string
  clientId: string
  issuer: string
}

// Cognito's issuer is the pool's URL; the local emulator's is its own URL plus the pool id.
const issuerFor = (poolId: string) =>
  cognitoEnv.COGNITO_ENDPOINT
    ? `${cognitoEnv.COGNITO_ENDPOINT.replace(/\/$/, '')}/${poolId}`
    : `https://cognito-idp.${awsEnv.AWS_REGION}.amazonaws.com/${poolId}`

/** A pool by its id and app client id. */
export const poolRef = (id: string, clientId: string): PoolRef => ({ id, clientId, issuer: issuerFor(id) })

/** A pool named by two environment variables, read (and checked) on first use. */
const poolOfEnv = (idName: string, clientIdName: string): PoolRef => {
  let ref: PoolRef | undefined
  const resolve = (): PoolRef => {
    if (!ref) {
      const vars = readEnv({ [idName]: z.string().min(1), [clientIdName]: z.string().min(1) }) as Record<
        string,
        string
      >
      ref = poolRef(vars[idName]!, vars[clientIdName]!)
    }
    return ref
  }
  return {
    get id() {
      return resolve().id
    },
    get clientId() {
      return resolve().clientId
    },
    get issuer() {
      return resolve().issuer
    },
  }
}

/** The console's pool (creators and staff). */
export const adminPool = poolOfEnv('ADMIN_USER_POOL_ID', 'ADMIN_USER_POOL_CLIENT_ID')

/** The visitors' pool (members of published sites). */
export const membersPool = poolOfEnv('MEMBERS_USER_POOL_ID', 'MEMBERS_USER_POOL_CLIENT_ID')

/** The pool, its variables read now: the importing module fails at load where they are missing. */
export const requiredPool = (pool: PoolRef): PoolRef => {
  void pool.id
  return pool
}
