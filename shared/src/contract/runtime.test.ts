import { describe, expect, it } from 'vitest'
import { CONTEXTS, routes } from './routes.ts'
import {
  documentEvent,
  invocations,
  jobList,
  jobQueueOf,
  jobs,
  parseScheduleExpression,
  publishEvent,
  queuedJobList,
  scheduledJobEvent,
  scheduleList,
} from './runtime.ts'

describe('runtime table', () => {
  it('keys every job by its context and name, in a known context', () => {
    for (const job of jobList()) {
      expect(job.key).toBe(`${job.context}.${job.name}`)
      expect(CONTEXTS).toContain(job.context)
    }
  })

  it('lists a schedule or a caller for every job', () => {
    const scheduled = new Set(scheduleList().map((s) => s.job))
    for (const job of jobList()) {
      const { routes: byRoutes = [], jobs: byJobs = [], operator } = job.startedBy
      const started = scheduled.has(job.key) || byRoutes.length > 0 || byJobs.length > 0 || !!operator
      expect(started, `${job.key} has no schedule or caller`).toBe(true)
    }
  })

  it('names only routes and jobs that exist as callers', () => {
    for (const job of jobList()) {
      for (const id of job.startedBy.routes ?? []) expect(Object.keys(routes), job.key).toContain(id)
      for (const id of job.startedBy.jobs ?? []) expect(Object.keys(jobs), job.key).toContain(id)
    }
  })

  it('bounds every queued job as an SQS event source can, started where the queue sender is', () => {
    for (const job of queuedJobList()) {
      // The event source mapping's maximum concurrency is 2 to 1,000; a redrive needs 1 receive at least.
      expect(job.queue.concurrency, job.key).toBeGreaterThanOrEqual(2)
      expect(job.queue.concurrency, job.key).toBeLessThanOrEqual(1000)
      expect(Number.isInteger(job.queue.maxAttempts) && job.queue.maxAttempts >= 1, job.key).toBe(true)
      // Only a jobs Lambda carries the SQS sender (functions/src/edge/router.ts `jobsHandler`).
      expect(job.startedBy.routes ?? [], job.key).toEqual([])
    }
    expect(queuedJobList().map((job) => job.key)).toEqual(['billing.closeAccount'])
    expect(jobQueueOf('billing', 'closeAccount')).toEqual({ concurrency: 10, maxAttempts: 3 })
    expect(jobQueueOf('billing', 'close')).toBeUndefined()
  })

  it('names a job of the table in every schedule, with an expression that parses', () => {
    for (const schedule of scheduleList()) {
      expect(Object.keys(jobs), schedule.id).toContain(schedule.job)
      expect(() => parseScheduleExpression(schedule.expression), schedule.id).not.toThrow()
      if (schedule.timezone)
        expect(() => new Intl.DateTimeFormat('en', { timeZone: schedule.timezone })).not.toThrow()
    }
  })

  it('sends the job event EventBridge Scheduler sends', () => {
    expect(scheduledJobEvent('billingClose')).toEqual({
      source: 'swipe.job',
      context: 'billing',
      type: 'close',
      id: 'scheduled',
    })
    expect(scheduledJobEvent('webhookSweep')).toEqual({
      source: 'swipe.job',
      context: 'endUser',
      type: 'webhookSweep',
      id: 'scheduled',
    })
  })

  it('describes each invocation by a known caller and its event schema', () => {
    for (const def of Object.values(invocations)) for (const c of def.callers) expect(CONTEXTS).toContain(c)
    expect(publishEvent.safeParse({ source: 'swipe.publish', siteId: 's', expectVersion: 3 }).success).toBe(
      true,
    )
    expect(publishEvent.safeParse({ source: 'swipe.publish', siteId: 's' }).success).toBe(false)
    expect(
      documentEvent.safeParse({ source: 'swipe.document', request: { kind: 'invoice', document: {} } })
        .success,
    ).toBe(true)
    expect(documentEvent.safeParse({ source: 'swipe.document', request: { kind: 'poster' } }).success).toBe(
      false,
    )
  })
})

describe('parseScheduleExpression()', () => {
  it('reads rates and six-field crons', () => {
    expect(parseScheduleExpression('rate(1 minute)')).toEqual({ kind: 'rate', everyMs: 60_000 })
    expect(parseScheduleExpression('rate(5 minutes)')).toEqual({ kind: 'rate', everyMs: 300_000 })
    expect(parseScheduleExpression('cron(0 0 1 * ? *)')).toMatchObject({
      kind: 'cron',
      dayOfMonth: '1',
      dayOfWeek: '?',
    })
  })
  it('refuses what EventBridge refuses', () => {
    for (const bad of [
      'rate(1 minutes)',
      'rate(5 minute)',
      'rate(0 minutes)',
      'cron(0 0 1 * *)',
      'cron(0 0 1 * 1 *)',
      'cron(0 0 ? * ? *)',
      'every minute',
    ])
      expect(() => parseScheduleExpression(bad), bad).toThrow()
  })
})
