import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { z } from 'zod'
import { awsEnv, clientConfig, readEnv } from './env.ts'

const env = readEnv({
  ADMIN_USER_POOL_ID: z.string().min(1),
  ADMIN_USER_POOL_CLIENT_ID: z.string().min(1),
  MEMBERS_USER_POOL_ID: z.string().min(1),
  MEMBERS_USER_POOL_CLIENT_ID: z.string().min(1),
  COGNITO_ENDPOINT: z.url().optional(),
})

export const cognito = new CognitoIdentityProviderClient(clientConfig(env.COGNITO_ENDPOINT))

/** A user pool as the API sees it: its id, app client and the issuer its tokens carry. */
export interface PoolRef {
  id: string
  clientId: string
  issuer: string
}

// Cognito's issuer is the pool's URL; the local emulator's is its own URL plus the pool id.
const issuerFor = (poolId: string) =>
  env.COGNITO_ENDPOINT
    ? `${env.COGNITO_ENDPOINT.replace(/\/$/, '')}/${poolId}`
    : `https://cognito-idp.${awsEnv.AWS_REGION}.amazonaws.com/${poolId}`

export const adminPool: PoolRef = {
  id: env.ADMIN_USER_POOL_ID,
  clientId: env.ADMIN_USER_POOL_CLIENT_ID,
  issuer: issuerFor(env.ADMIN_USER_POOL_ID),
}
export const membersPool: PoolRef = {
  id: env.MEMBERS_USER_POOL_ID,
  clientId: env.MEMBERS_USER_POOL_CLIENT_ID,
  issuer: issuerFor(env.MEMBERS_USER_POOL_ID),
}
