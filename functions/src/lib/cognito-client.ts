import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import * as z from 'zod'
import { awsEnv, clientConfig, readEnv } from './env.ts'

const env = readEnv({ COGNITO_ENDPOINT: z.url().optional() })

/** The Cognito client, one per container. */
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

/** A pool by its id and app client id. */
export const poolRef = (id: string, clientId: string): PoolRef => ({ id, clientId, issuer: issuerFor(id) })

/** Cognito's answers to a bad login ID or password (the emulator's differ from AWS's). */
export const isCredentialFailure = (error: unknown) =>
  [
    'NotAuthorizedException',
    'UserNotFoundException',
    'InvalidPasswordException',
    'PasswordResetRequiredException',
    'UserNotConfirmedException',
  ].includes((error as { name?: string }).name ?? '')
