import { inProcessJobs } from '../aws/jobs.ts'
import type { PlatformEnv } from '../env.ts'
import type { JobQueue } from '../jobs.ts'

/** The local stack's gateway runs every context in one process: a job runs there, after the answer. */
export const localJobs = (_env: PlatformEnv): JobQueue => inProcessJobs()
