import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import type { JobQueue } from '../jobs.ts'
import type { JobEvent } from '../services/jobs.ts'

/**
 * An asynchronous invocation of the context's jobs Lambda, named by `JOBS_FUNCTION_NAME` (set by
 * the CDK stack on a context's API Lambda), or of another context's, named in
 * `OTHER_JOBS_FUNCTION_NAMES` (a route the runtime table lists as starting that context's job). A
 * jobs Lambda names none: its entry declares its own queue, which runs a follow-up job in that
 * Lambda (functions/src/edge/router.ts `jobsHandler`).
 */
export const awsJobs = (env: PlatformEnv, invoker: Invoker): JobQueue => {
  const start = async (event: JobEvent) => {
    const functionName = env.OTHER_JOBS_FUNCTION_NAMES[event.context] ?? env.JOBS_FUNCTION_NAME
    if (!functionName) {
      throw new Error(
        `This Lambda names no jobs function (JOBS_FUNCTION_NAME), yet started ${event.context}.${event.type}`,
      )
    }
    await invoker.invokeAsync(functionName, event)
  }
  return {
    start,
    startAll: async (events) => {
      await Promise.all(events.map(start))
    },
  }
}
