import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider'
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { HeadBucketCommand } from '@aws-sdk/client-s3'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { platform } from '#platform'
import { adminPool, cognito, membersPool } from '#platform/services/cognito'
import { dynamo, tableName } from '#platform/services/dynamo'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3, sitesBucket } from '#platform/services/s3'

const TIMEOUT_MS = 3000

/** Each dependency the API needs, checked with the cheapest read its service offers. */
const checks: Record<string, (signal: AbortSignal) => Promise<unknown>> = {
  table: (signal) => dynamo.send(new DescribeTableCommand({ TableName: tableName }), { abortSignal: signal }),
  mediaBucket: (signal) => s3.send(new HeadBucketCommand({ Bucket: mediaBucket }), { abortSignal: signal }),
  sitesBucket: (signal) => s3.send(new HeadBucketCommand({ Bucket: sitesBucket }), { abortSignal: signal }),
  adminUserPool: (signal) =>
    cognito.send(new DescribeUserPoolCommand({ UserPoolId: adminPool.id }), { abortSignal: signal }),
  membersUserPool: (signal) =>
    cognito.send(new DescribeUserPoolCommand({ UserPoolId: membersPool.id }), { abortSignal: signal }),
  mail: (signal) => platform().mail.client.send(new GetAccountCommand({}), { abortSignal: signal }),
}

const probe = async (name: string, check: (signal: AbortSignal) => Promise<unknown>) => {
  const started = Date.now()
  try {
    await check(AbortSignal.timeout(TIMEOUT_MS))
    return [name, { status: 'ok', latencyMs: Date.now() - started }] as const
  } catch (error) {
    logger.warn('Health check failed', { dependency: name, error: (error as Error).name })
    return [name, { status: 'down', latencyMs: Date.now() - started }] as const
  }
}

export interface Readiness {
  healthy: boolean
  checks: Record<string, { status: 'ok' | 'down'; latencyMs: number }>
  /** When the round that produced this answer started (epoch ms). */
  checkedAt: number
}

/** One round: every dependency probed at once. */
export const checkDependencies = async (now: () => number = Date.now): Promise<Readiness> => {
  const checkedAt = now()
  const probes = await Promise.all(Object.entries(checks).map(([name, check]) => probe(name, check)))
  return {
    healthy: probes.every(([, result]) => result.status === 'ok'),
    checks: Object.fromEntries(probes),
    checkedAt,
  }
}
