import type { Context as LambdaContext } from 'aws-lambda'
import { describe, expect, it } from 'vitest'
import { jobsHandler } from '../../edge/router.ts'
import { runJob } from './jobs.ts'

const lambda = {} as LambdaContext

describe('a context’s jobs Lambda (jobsHandler)', () => {
  it('runs each job event with its runner, and refuses a job it has no runner for, another context’s job and anything else', async () => {
    const ran: string[] = []
    const handler = jobsHandler('auth', {
      passwordReset: async (job) => {
        ran.push(job.id)
      },
    })
    expect(
      await handler({ source: 'swipe.job', context: 'auth', type: 'passwordReset', id: 'j1' }, lambda),
    ).toEqual({ statusCode: 204 })
    expect(ran).toEqual(['j1'])
    await expect(
      handler({ source: 'swipe.job', context: 'auth', type: 'nope', id: 'j2' }, lambda),
    ).rejects.toThrow('No job runner for auth.nope')
    await expect(
      handler({ source: 'swipe.job', context: 'sites', type: 'passwordReset', id: 'j3' }, lambda),
    ).rejects.toThrow('Job for sites sent to auth')
    await expect(
      handler({ version: '2.0', rawPath: '/api/v1/auth/login', requestContext: {} }, lambda),
    ).rejects.toThrow('The auth jobs Lambda received an event that is not a job')
    expect(ran).toEqual(['j1'])
  })

  it('runs a follow-up job in its own Lambda, after the job that started it (it names no jobs function)', async () => {
    const ran: string[] = []
    let release = () => {}
    const done = new Promise<void>((resolve) => {
      release = resolve
    })
    const handler = jobsHandler('auth', {
      passwordReset: async (job) => {
        ran.push(job.id)
        if (job.id === 'first') {
          await runJob({ context: 'auth', type: 'passwordReset', id: 'follow-up' })
          // Handed over, not yet run: this job finishes first.
          ran.push('first done')
        } else release()
      },
    })
    // Nothing provided: the AWS platform of this process, as in a jobs Lambda (no
    // JOBS_FUNCTION_NAME), with the queue the handler declared.
    await handler({ source: 'swipe.job', context: 'auth', type: 'passwordReset', id: 'first' }, lambda)
    await done
    expect(ran).toEqual(['first', 'first done', 'follow-up'])
  })

  it('fails at load when its runners and the runtime table disagree', () => {
    const run = async () => {}
    // @ts-expect-error a job of the table without its runner does not compile
    expect(() => jobsHandler('auth', {})).toThrow(
      'Context auth: job runners and runtime table disagree (missing: passwordReset; extra: -)',
    )
    // @ts-expect-error nor does a runner the table does not list
    expect(() => jobsHandler('auth', { passwordReset: run, check: run })).toThrow(
      '(missing: -; extra: check)',
    )
    // A context without jobs in the table has no jobs Lambda.
    // @ts-expect-error health has no job
    expect(() => jobsHandler('health', { check: run })).toThrow('(missing: -; extra: check)')
  })

  it('takes an SQS batch of queued jobs: each record’s receive count is its attempt, a failed one is answered', async () => {
    const ran: Array<[string, number | undefined]> = []
    const handler = jobsHandler('auth', {
      passwordReset: async (job) => {
        ran.push([job.id, job.attempt])
        if (job.id === 'bad') throw new Error('SES throttled')
      },
    })
    const record = (id: string, receives: number) => ({
      eventSource: 'aws:sqs',
      messageId: `m-${id}`,
      body: JSON.stringify({ source: 'swipe.job', context: 'auth', type: 'passwordReset', id }),
      attributes: { ApproximateReceiveCount: String(receives) },
    })
    expect(await handler({ Records: [record('good', 1), record('bad', 2)] }, lambda)).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-bad' }],
    })
    expect(ran.sort()).toEqual([
      ['bad', 2],
      ['good', 1],
    ])
    // A record that is not a job of this context fails alone, as a batch item failure.
    const foreign = {
      ...record('x', 1),
      body: JSON.stringify({ source: 'swipe.job', context: 'sites', type: 'passwordReset', id: 'x' }),
    }
    expect(await handler({ Records: [foreign, record('ok', 1)] }, lambda)).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-x' }],
    })
  })
})
