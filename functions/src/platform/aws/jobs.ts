import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import type { JobQueue } from '../jobs.ts'
import { logger } from '../services/logger.ts'

/**
 * Runs the job in this process once the current work has answered; its failure is logged (the job
 * records its own outcome). The local queue, and the AWS one where no jobs Lambda is named.
 */
export const inProcessJobs = (): JobQueue => ({
  start: async (event, dispatch) => {
    setImmediate(() => {
      dispatch().catch((error: unknown) =>
        logger.error('Job failed', { jobId: event.id, error: error as Error }),
      )
    })
  },
})

/**
 * With `JOBS_FUNCTION_NAME` (set by the CDK stack on a context's API Lambda) an asynchronous
 * invocation of the context's jobs Lambda; without it (the jobs Lambda itself, which names no
 * function: a job's follow-up job) in this process.
 */
export const awsJobs = (env: PlatformEnv, invoker: Invoker): JobQueue => {
  const functionName = env.JOBS_FUNCTION_NAME
  if (!functionName) return inProcessJobs()
  return { start: (event) => invoker.invokeAsync(functionName, event) }
}
