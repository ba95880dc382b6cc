import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { clientConfig } from './env.ts'
import { cognitoEnv } from './pools.ts'

/** The Cognito client, one per container. */
export const cognito = new CognitoIdentityProviderClient(clientConfig(cognitoEnv.COGNITO_ENDPOINT))

/** Cognito's answers to a bad login ID or password (the emulator's differ from AWS's). */
export const isCredentialFailure = (error: unknown) =>
  [
    'NotAuthorizedException',
    'UserNotFoundException',
    'InvalidPasswordException',
    'PasswordResetRequiredException',
    'UserNotConfirmedException',
  ].includes((error as { name?: string }).name ?? '')
