import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  SecretsManagerServiceException,
} from '@aws-sdk/client-secrets-manager'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { parsePlatformEnv } from '../env.ts'
import { awsSecrets } from './secrets.ts'

const arn = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf'
const client = new SecretsManagerClient({ region: 'ap-northeast-1' })
const sm = mockClient(client)
const secrets = () => awsSecrets(parsePlatformEnv({}), client)

beforeEach(() => sm.reset())

describe('awsSecrets (Secrets Manager through Powertools Parameters)', () => {
  it('reads the secret’s string with GetSecretValue, once while it is cached', async () => {
    sm.on(GetSecretValueCommand, { SecretId: arn }).resolves({
      ARN: arn,
      SecretString: '{"secretKey":"sk_live_x"}',
    })
    const reader = secrets()
    expect(await reader.get(arn)).toBe('{"secretKey":"sk_live_x"}')
    expect(await reader.get(arn)).toBe('{"secretKey":"sk_live_x"}')
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1)
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: arn })
  })

  it('answers undefined for a secret without a value, and fails on any other refusal', async () => {
    sm.on(GetSecretValueCommand).rejectsOnce(
      new ResourceNotFoundException({
        $metadata: {},
        message: "Secrets Manager can't find the specified secret value",
      }),
    )
    expect(await secrets().get(arn)).toBeUndefined()
    sm.on(GetSecretValueCommand).rejectsOnce(
      new SecretsManagerServiceException({
        name: 'AccessDeniedException',
        $fault: 'client',
        $metadata: {},
        message: 'no',
      }),
    )
    await expect(secrets().get(arn)).rejects.toThrow('no')
  })

  it('answers undefined for a secret that holds only binary data', async () => {
    sm.on(GetSecretValueCommand).resolves({ ARN: arn, SecretBinary: new Uint8Array([1, 2]) })
    expect(await secrets().get(arn)).toBeUndefined()
  })
})
