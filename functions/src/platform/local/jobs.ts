import type { PlatformEnv } from '../env.ts'
import { inProcessJobs, type JobQueue } from '../jobs.ts'
import { runWorker } from './workers.ts'

/**
 * The local stack's gateway runs every context in one process: a job runs there, after the answer,
 * through its context's jobs Lambda module (./workers.ts), as the asynchronous invocation runs it on AWS.
 */
export const localJobs = (_env: PlatformEnv): JobQueue => inProcessJobs(runWorker)
