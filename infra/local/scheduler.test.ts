import { schedules } from '@swipe/shared/contract/runtime'
import { describe, expect, it } from 'vitest'
import { cronParserExpression, nextDue, type ScheduledJobEvent, startScheduler } from './scheduler.ts'

const at = (iso: string) => Date.parse(iso)

describe('nextDue()', () => {
  it('puts the monthly close at 00:00 JST on the 1st', () => {
    const close = schedules.billingClose
    // 2026-03-15 12:00 JST → 2026-04-01 00:00 JST (2026-03-31 15:00 UTC).
    expect(new Date(nextDue(close, at('2026-03-15T03:00:00Z'))).toISOString()).toBe(
      '2026-03-31T15:00:00.000Z',
    )
    // A minute before midnight JST on the 1st, and at that midnight: this one, then the next month's.
    expect(new Date(nextDue(close, at('2026-03-31T14:59:00Z'))).toISOString()).toBe(
      '2026-03-31T15:00:00.000Z',
    )
    expect(new Date(nextDue(close, at('2026-03-31T15:00:00Z'))).toISOString()).toBe(
      '2026-04-30T15:00:00.000Z',
    )
    // Across the year.
    expect(new Date(nextDue(close, at('2026-12-20T00:00:00Z'))).toISOString()).toBe(
      '2026-12-31T15:00:00.000Z',
    )
  })

  it('counts a rate from its anchor, the interval replaceable', () => {
    const sweep = schedules.webhookSweep
    const start = at('2026-03-15T03:00:10Z')
    expect(nextDue(sweep, start)).toBe(start + 60_000)
    expect(nextDue(sweep, start + 60_000, { anchor: start })).toBe(start + 120_000)
    // A clock moved far ahead: the next run after it, not every missed one.
    expect(nextDue(sweep, start + 10 * 60_000 + 5, { anchor: start })).toBe(start + 11 * 60_000)
    expect(nextDue(sweep, start, { anchor: start, everyMs: 1_000 })).toBe(start + 1_000)
    expect(nextDue(schedules.domainCheck, start)).toBe(start + 5 * 60_000)
  })

  it('reads EventBridge cron fields (1 = Sunday, ?, a year) as EventBridge does', () => {
    expect(
      cronParserExpression({
        kind: 'cron',
        minute: '0',
        hour: '0',
        dayOfMonth: '1',
        month: '*',
        dayOfWeek: '?',
        year: '*',
      }),
    ).toBe('0 0 0 1 * *')
    // Every Monday (2) at 09:30 UTC.
    const monday = { expression: 'cron(30 9 ? * 2 *)' }
    expect(new Date(nextDue(monday, at('2026-03-15T00:00:00Z'))).toISOString()).toBe(
      '2026-03-16T09:30:00.000Z',
    )
    expect(nextDue({ expression: 'cron(0 0 1 1 ? 2030)' }, at('2026-03-15T00:00:00Z'))).toBe(
      at('2030-01-01T00:00:00Z'),
    )
  })
})

describe('startScheduler()', () => {
  const setup = (start: number) => {
    let clock = start
    const sent: ScheduledJobEvent[] = []
    const lines: string[] = []
    const timers: number[] = []
    const scheduler = startScheduler({
      now: () => clock,
      dispatch: async (event) => {
        sent.push(event)
        if (event.type === 'domainCheck') throw new Error('DNS down')
      },
      log: (line) => lines.push(line),
      setTimer: (_run, ms) => {
        timers.push(ms)
        return () => {}
      },
      everyMs: { webhookSweep: 10_000, conversionSweep: 10_000 },
    })
    return { scheduler, sent, lines, timers, move: (ms: number) => (clock += ms), now: () => clock }
  }

  it('sends each due schedule’s job event once, with a log line per run', async () => {
    const t = setup(at('2026-03-31T14:59:45Z'))
    // The timer waits for the first due run (the sweep, 10 s here), never longer.
    expect(t.timers).toEqual([10_000])
    await t.scheduler.runDue()
    expect(t.sent).toEqual([])
    t.move(10_000)
    await t.scheduler.runDue()
    expect(t.sent).toEqual([
      { source: 'swipe.job', context: 'endUser', type: 'webhookSweep', id: 'scheduled' },
      { source: 'swipe.job', context: 'endUser', type: 'conversionSweep', id: 'scheduled' },
    ])
    expect(t.lines).toEqual([
      expect.stringMatching(/^scheduler: webhookSweep → endUser\.webhookSweep done in \d+ ms$/),
      expect.stringMatching(/^scheduler: conversionSweep → endUser\.conversionSweep done in \d+ ms$/),
    ])
    // Midnight JST on the 1st: the close (and the sweep again); 5 minutes on: the domain check, whose failure is logged.
    t.sent.length = 0
    t.lines.length = 0
    t.move(10_000)
    await t.scheduler.runDue()
    expect(t.sent.map((e) => `${e.context}.${e.type}`).sort()).toEqual([
      'billing.close',
      'endUser.conversionSweep',
      'endUser.webhookSweep',
    ])
    t.sent.length = 0
    t.lines.length = 0
    t.move(5 * 60_000)
    await t.scheduler.runDue()
    expect(t.sent.map((e) => `${e.context}.${e.type}`).sort()).toEqual([
      'domains.domainCheck',
      'endUser.conversionSweep',
      'endUser.webhookSweep',
      'sites.experimentSchedule',
      'sites.publishSchedule',
    ])
    expect(t.lines).toContainEqual(
      expect.stringMatching(/^scheduler: domainCheck → domains\.domainCheck failed after \d+ ms: DNS down$/),
    )
    // Each schedule's next time is after the clock.
    for (const due of Object.values(t.scheduler.dueTimes())) expect(due).toBeGreaterThan(t.now())
    expect(t.scheduler.dueTimes().billingClose).toBe(at('2026-04-30T15:00:00Z'))
  })

  it('arms one timer for the next due run, runs what is due when it fires, re-arms, and stops', () => {
    let clock = at('2026-03-15T03:00:00Z')
    const sent: string[] = []
    const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = []
    const scheduler = startScheduler({
      now: () => clock,
      dispatch: async (event) => {
        sent.push(`${event.context}.${event.type}`)
      },
      log: () => {},
      setTimer: (run, ms) => {
        const timer = { run, ms, cancelled: false }
        timers.push(timer)
        return () => {
          timer.cancelled = true
        }
      },
    })
    expect(timers.map((t) => t.ms)).toEqual([60_000])
    clock += 60_000
    timers[0]!.run()
    // Every schedule that runs each minute, in the runtime table's order.
    expect(sent).toEqual([
      'sites.publishSchedule',
      'sites.experimentSchedule',
      'endUser.webhookSweep',
      'endUser.conversionSweep',
    ])
    expect(timers.map((t) => t.ms)).toEqual([60_000, 60_000])
    scheduler.stop()
    expect(timers[1]!.cancelled).toBe(true)
  })
})
