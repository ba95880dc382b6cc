import './unit-env.ts'
import type { Context as LambdaContext } from 'aws-lambda'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { runJob } from './jobs.ts'
import { contextHandler } from './router.ts'

// jobs.ts reads JOBS_FUNCTION_NAME at load; this runs above the imports. Unset, as on the local
// stack: jobs run in this process. (jobs-lambda.test.ts covers the configured jobs Lambda.)
vi.hoisted(() => {
  vi.stubEnv('JOBS_FUNCTION_NAME', undefined)
})
afterAll(() => {
  vi.unstubAllEnvs()
})

const event = { context: 'sites' as const, type: 'bulkUpload', id: 'job-1' }

describe('runJob', () => {
  it('runs the job in this process after answering when no jobs Lambda is configured', async () => {
    const ran: unknown[] = []
    let release = () => {}
    const done = new Promise<void>((resolve) => {
      release = resolve
    })
    await runJob(event, {
      bulkUpload: async (job) => {
        ran.push(job)
        release()
      },
    })
    // Handed over, not yet run: the handler answers first.
    expect(ran).toEqual([])
    await done
    expect(ran).toEqual([{ source: 'swipe.job', ...event }])
  })
})

describe('a context Lambda with jobs', () => {
  it('runs a job event with its runner and sends anything else to its routes', async () => {
    const ran: string[] = []
    const handler = contextHandler(
      'health',
      {
        get: { handler: async () => ({ statusCode: 200, body: 'route' }) },
        ready: { handler: async () => ({ statusCode: 200, body: 'ready' }) },
      },
      {
        check: async (job) => {
          ran.push(job.id)
        },
      },
    )
    const lambda = {} as LambdaContext
    expect(
      await handler({ source: 'swipe.job', context: 'health', type: 'check', id: 'j1' } as never, lambda),
    ).toEqual({ statusCode: 204 })
    expect(ran).toEqual(['j1'])
    await expect(
      handler({ source: 'swipe.job', context: 'health', type: 'nope', id: 'j2' } as never, lambda),
    ).rejects.toThrow('No job runner for health.nope')
    await expect(
      handler({ source: 'swipe.job', context: 'sites', type: 'check', id: 'j3' } as never, lambda),
    ).rejects.toThrow('Job for sites sent to health')
    const http = await handler(
      {
        version: '2.0',
        routeKey: 'GET /api/v1/health',
        rawPath: '/api/v1/health',
        requestContext: { http: { method: 'GET', path: '/api/v1/health' }, requestId: 'r' },
        headers: {},
      } as never,
      lambda,
    )
    expect(http).toMatchObject({ statusCode: 200, body: 'route' })
  })
})
