import middy from '@middy/core'
import httpRouterHandler, { type Method } from '@middy/http-router'
import { API_BASE_PATH, type Context, routeList } from '@swipe/shared/contract/routes'
import { type JobContext, jobNamesOf } from '@swipe/shared/contract/runtime'
import type { Context as LambdaContext } from 'aws-lambda'
import { declareAwsAdapters } from '#platform'
import { awsJobQueues } from '#platform/aws/job-queue'
import { type BatchAnswer, inProcessJobs, withQueues } from '#platform/jobs'
import { dispatchJob, isJobEvent, type JobRunner, type JobRunners } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { apiEdge, type Event, type Result } from './http.ts'

type RouteHandler = (event: Event, context: LambdaContext) => Promise<Result>

/**
 * The Lambda of one bounded context: an http-router over exactly the routes the route table
 * gives this context. `modules` maps each action to its handler module; a missing or extra
 * action fails at load, so a route can never be deployed without its handler. A context's jobs
 * run in a Lambda of their own (`jobsHandler`).
 */
export const contextHandler = <C extends Context>(
  context: C,
  modules: Record<string, { handler: RouteHandler }>,
) => {
  const defs = routeList().filter((r) => r.context === context)
  const wanted = new Set(defs.map((r) => r.action))
  const missing = [...wanted].filter((action) => !modules[action])
  const extra = Object.keys(modules).filter((action) => !wanted.has(action))
  if (missing.length || extra.length) {
    throw new Error(
      `Context ${context}: handler modules and route table disagree (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'})`,
    )
  }
  const router = httpRouterHandler(
    defs.map((def) => ({
      method: def.method as Method,
      path: `${API_BASE_PATH}${def.path}`,
      handler: modules[def.action]!.handler as never,
    })),
  )
  // The outer edge only answers unknown routes with the error envelope; each route has its own.
  return middy<Event, Result>()
    .use(apiEdge())
    .handler(router as never)
}

/** An SQS event as the event source mapping hands it to a jobs Lambda (the fields read here). */
interface SqsEvent {
  Records: Array<{
    eventSource: 'aws:sqs'
    messageId: string
    body: string
    attributes: { ApproximateReceiveCount: string }
  }>
}

const isSqsEvent = (event: unknown): event is SqsEvent =>
  typeof event === 'object' &&
  event !== null &&
  Array.isArray((event as { Records?: unknown }).Records) &&
  (event as SqsEvent).Records.every((record) => record?.eventSource === 'aws:sqs')

/**
 * The jobs Lambda of one bounded context (its entry `<context>/worker.ts`): it receives job events
 * only — from the API Lambda's `runJob`, from a schedule (EventBridge Scheduler on AWS,
 * infra/local/scheduler.ts locally), and locally from the in-process queue — and runs each with
 * its runner. `jobs` are exactly the runtime table's jobs of the context
 * (@swipe/shared/contract/runtime): the type says so, and a missing or extra runner fails at load.
 * A job's follow-up job (a bulk upload's renditions) runs in this same Lambda: it declares its
 * own queue, as it names no jobs function; a queued job of the table (the close's one job per
 * account) goes to its SQS queue instead (`withQueues`).
 *
 * It also takes the SQS batches of the context's queued jobs (infra/lib/job-queue.ts; locally the
 * queue of functions/src/platform/local/jobs.ts sends the same shape): each record's body is a job
 * event, its receive count the job's `attempt`; the records run side by side and each that fails
 * (logged with its reason) is answered as a batch item failure, to be delivered again until the
 * queue's attempts are spent (docs/decisions/0072-close-fans-out.md).
 */
export const jobsHandler = <C extends JobContext>(context: C, jobs: JobRunners<C>) => {
  const runners = jobs as Readonly<Record<string, JobRunner>>
  const jobNames = new Set(jobNamesOf(context))
  const missing = [...jobNames].filter((name) => !runners[name])
  const extra = Object.keys(runners).filter((name) => !jobNames.has(name))
  if (missing.length || extra.length || jobNames.size === 0) {
    throw new Error(
      `Context ${context}: job runners and runtime table disagree (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'})`,
    )
  }
  const run = async (event: unknown): Promise<void> => {
    if (!isJobEvent(event)) throw new Error(`The ${context} jobs Lambda received an event that is not a job`)
    if (event.context !== context) throw new Error(`Job for ${event.context} sent to ${context}`)
    await dispatchJob(event, runners)
  }
  const runBatch = async (event: SqsEvent): Promise<BatchAnswer> => {
    const settled = await Promise.allSettled(
      event.Records.map((record) =>
        run({
          ...(JSON.parse(record.body) as object),
          attempt: Number(record.attributes.ApproximateReceiveCount),
        }),
      ),
    )
    const batchItemFailures: BatchAnswer['batchItemFailures'] = []
    settled.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') return
      const record = event.Records[i]!
      logger.error('Queued job failed', {
        messageId: record.messageId,
        attempt: Number(record.attributes.ApproximateReceiveCount),
        error: outcome.reason as Error,
      })
      batchItemFailures.push({ itemIdentifier: record.messageId })
    })
    return { batchItemFailures }
  }
  declareAwsAdapters({ jobs: (env) => withQueues(awsJobQueues(env), inProcessJobs(run)) })
  return async (event: unknown, _lambdaContext?: LambdaContext): Promise<Result | BatchAnswer> => {
    if (isSqsEvent(event)) return runBatch(event)
    await run(event)
    return { statusCode: 204 }
  }
}
