import type { Context } from '@swipe/shared/contract/routes'
import type { JobContext } from '@swipe/shared/contract/runtime'
import type { Context as LambdaContext } from 'aws-lambda'
import { handler as apiAccess } from '../../apiAccess/worker.ts'
import { handler as auth } from '../../auth/worker.ts'
import { handler as billing } from '../../billing/worker.ts'
import { handler as domains } from '../../domains/worker.ts'
import { handler as endUser } from '../../endUser/worker.ts'
import { handler as sites } from '../../sites/worker.ts'

type Worker = (event: unknown, context: LambdaContext) => Promise<unknown>

/**
 * The jobs Lambdas this process stands in for: each context's worker module, the entry AWS runs
 * (infra/lib/api.ts). Typed by the runtime table's contexts with jobs, so a context that gains a
 * job and no worker here does not compile.
 */
export const workers: Record<JobContext, Worker> = { apiAccess, auth, billing, domains, endUser, sites }

/** The Lambda context a jobs Lambda would be given (its name as the local stack calls it). */
export const jobsLambdaContext = (context: Context): LambdaContext => {
  const name = `swipe-local-${context}-jobs`
  return {
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '2048',
    awsRequestId: crypto.randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 15 * 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }
}

/**
 * Runs a job event as its context's jobs Lambda would: that worker's handler, awaited. `payload` is
 * what the handler is given when it is not the event itself (a queued job's SQS batch).
 */
export const runWorker = (event: { context: Context }, payload: unknown = event): Promise<unknown> => {
  const worker = (workers as Partial<Record<Context, Worker>>)[event.context]
  if (!worker) return Promise.reject(new Error(`No jobs Lambda for ${event.context}`))
  return worker(payload, jobsLambdaContext(event.context))
}
