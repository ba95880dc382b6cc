import { type Context, routeList } from '@swipe/shared/contract/routes'
import type { Context as LambdaContext } from 'aws-lambda'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { contextHandler } from '../../edge/router.ts'
import { runJob } from './jobs.ts'

// The platform (functions/src/platform, the AWS one here: nothing is provided) reads
// JOBS_FUNCTION_NAME when first used; this runs above the imports. Unset, as in a jobs Lambda: jobs
// run in this process. (platform/aws/lambda.test.ts covers the configured jobs Lambda.)
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

/** Stand-in handlers for every route of a context: what is tested is the job dispatch around them. */
const stubRoutes = (context: Context) =>
  Object.fromEntries(
    routeList()
      .filter((r) => r.context === context)
      .map((r) => [r.action, { handler: async () => ({ statusCode: 200, body: 'route' }) }]),
  )

describe('a context Lambda with jobs', () => {
  it('runs a job event with its runner and sends anything else to its routes', async () => {
    const ran: string[] = []
    const handler = contextHandler('auth', stubRoutes('auth'), {
      passwordReset: async (job) => {
        ran.push(job.id)
      },
    })
    const lambda = {} as LambdaContext
    expect(
      await handler(
        { source: 'swipe.job', context: 'auth', type: 'passwordReset', id: 'j1' } as never,
        lambda,
      ),
    ).toEqual({ statusCode: 204 })
    expect(ran).toEqual(['j1'])
    await expect(
      handler({ source: 'swipe.job', context: 'auth', type: 'nope', id: 'j2' } as never, lambda),
    ).rejects.toThrow('No job runner for auth.nope')
    await expect(
      handler({ source: 'swipe.job', context: 'sites', type: 'passwordReset', id: 'j3' } as never, lambda),
    ).rejects.toThrow('Job for sites sent to auth')
    const http = await handler(
      {
        version: '2.0',
        routeKey: 'POST /api/v1/auth/login',
        rawPath: '/api/v1/auth/login',
        requestContext: { http: { method: 'POST', path: '/api/v1/auth/login' }, requestId: 'r' },
        headers: {},
      } as never,
      lambda,
    )
    expect(http).toMatchObject({ statusCode: 200, body: 'route' })
  })

  it('fails at load when its runners and the runtime table disagree', () => {
    const run = async () => {}
    // @ts-expect-error a job of the table without its runner does not compile
    expect(() => contextHandler('auth', stubRoutes('auth'), {})).toThrow(
      'Context auth: job runners and runtime table disagree (missing: passwordReset; extra: -)',
    )
    expect(() => contextHandler('auth', stubRoutes('auth'))).toThrow('(missing: passwordReset; extra: -)')
    // @ts-expect-error nor does a runner the table does not list
    expect(() => contextHandler('auth', stubRoutes('auth'), { passwordReset: run, check: run })).toThrow(
      '(missing: -; extra: check)',
    )
    // A context without jobs in the table takes none.
    // @ts-expect-error
    expect(() => contextHandler('health', stubRoutes('health'), { check: run })).toThrow(
      '(missing: -; extra: check)',
    )
    expect(() => contextHandler('health', stubRoutes('health'))).not.toThrow()
  })
})
