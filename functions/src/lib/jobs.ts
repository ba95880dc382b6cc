import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda'
import type { Context } from '@swipe/shared/contract/routes'
import * as z from 'zod'
import { clientConfig, readEnv } from './env.ts'
import { logger } from './logger.ts'

/**
 * Work that cannot finish inside API Gateway's 30 s (a 1 GB ZIP): the handler records a job item,
 * starts the job and answers 202; the console polls the job. Where the job runs is configuration,
 * not a question the handler asks: with `JOBS_FUNCTION_NAME` set (on AWS, by the CDK stack) the
 * job is an asynchronous invocation (InvocationType Event) of the context's jobs Lambda, which runs
 * the same context module and recognises the event (`contextHandler`); without it (the local
 * stack, whose gateway runs every context in one process) it runs in this process after the answer.
 */
const env = readEnv({ JOBS_FUNCTION_NAME: z.string().min(1).optional() })

/** The event a context Lambda receives for a job. */
export interface JobEvent {
  source: 'swipe.job'
  context: Context
  /** The job kind, a key of the context's `jobs`. */
  type: string
  /** The job item's id. */
  id: string
  /**
   * What a short job needs that is kept nowhere else (a mail's recipient, a sign-up's password for
   * the members pool). Never logged; it lives only as long as the invocation.
   */
  input?: Readonly<Record<string, string>>
}

export type JobRunner = (event: JobEvent) => Promise<void>

export const isJobEvent = (event: unknown): event is JobEvent =>
  typeof event === 'object' &&
  event !== null &&
  (event as { source?: unknown }).source === 'swipe.job' &&
  typeof (event as { type?: unknown }).type === 'string' &&
  typeof (event as { id?: unknown }).id === 'string'

/** Runs a job event with the context's runners; an unknown kind is a deployment error. */
export const dispatchJob = async (event: JobEvent, runners: Record<string, JobRunner>) => {
  const run = runners[event.type]
  if (!run) throw new Error(`No job runner for ${event.context}.${event.type}`)
  logger.appendKeys({ jobId: event.id, job: `${event.context}.${event.type}` })
  try {
    await run(event)
  } finally {
    logger.removeKeys(['jobId', 'job'])
  }
}

let lambda: LambdaClient | undefined

/**
 * Starts a job without waiting for it. Resolves once the job is handed over (the invocation was
 * accepted, or the in-process run was scheduled); the job itself records its outcome.
 */
export const runJob = async (
  job: Omit<JobEvent, 'source'>,
  runners: Record<string, JobRunner>,
): Promise<void> => {
  const event: JobEvent = { source: 'swipe.job', ...job }
  if (env.JOBS_FUNCTION_NAME) {
    lambda ??= new LambdaClient(clientConfig(undefined))
    await lambda.send(
      new InvokeCommand({
        FunctionName: env.JOBS_FUNCTION_NAME,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    )
    return
  }
  setImmediate(() => {
    dispatchJob(event, runners).catch((error: unknown) =>
      logger.error('Job failed', { jobId: event.id, error: error as Error }),
    )
  })
}
