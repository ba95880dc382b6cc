import { afterAll, describe, expect, it, vi } from 'vitest'
import { runJob } from './jobs.ts'

// jobs.ts reads JOBS_FUNCTION_NAME at load; this runs above the imports. Set, as the CDK stack
// sets it on AWS: jobs are asynchronous invocations of the jobs Lambda. (jobs.test.ts covers the
// in-process run.)
vi.hoisted(() => {
  vi.stubEnv('JOBS_FUNCTION_NAME', 'swipe-jobs')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

/** What the Lambda client was sent. */
const sent = vi.hoisted((): unknown[] => [])
vi.mock('@aws-sdk/client-lambda', () => ({
  LambdaClient: class {
    send(command: { input: unknown }) {
      sent.push(command.input)
      return Promise.resolve({ StatusCode: 202 })
    }
  },
  InvokeCommand: class {
    constructor(readonly input: unknown) {}
  },
}))

const event = { context: 'sites' as const, type: 'bulkUpload', id: 'job-1' }

describe('runJob', () => {
  it('invokes the jobs Lambda asynchronously when one is configured', async () => {
    const local = vi.fn()
    await runJob(event, { bulkUpload: local })
    expect(local).not.toHaveBeenCalled()
    expect(sent).toEqual([
      {
        FunctionName: 'swipe-jobs',
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ source: 'swipe.job', ...event })),
      },
    ])
  })
})
