/**
 * `npm start`'s EventBridge Scheduler: one scheduler for every schedule of the runtime table
 * (@swipe/shared/contract/runtime `schedules`). At each schedule's due time it sends the schedule's
 * job event — `{ source: 'swipe.job', context, type, id: 'scheduled' }`, exactly what EventBridge
 * sends the jobs Lambda on AWS — to the context's jobs Lambda module (`functions/src/<context>/worker.ts`
 * `handler`), which dispatches it to the job's runner (`jobsHandler` → `dispatchJob`). Nothing
 * here knows what a job does: the billing close, the domain check and the webhook sweep run the
 * code they run on AWS. One log line per run.
 *
 * Due times come from the schedule's expression in its time zone, read on the injected clock
 * (the handlers' clock, functions/src/platform/services/clock.ts), so a test drives it without real time:
 * `runDue(at)` runs what is due at `at`; the timer loop only calls `runDue` when the next run
 * is due.
 */
import {
  parseScheduleExpression,
  type ScheduleDef,
  type ScheduleExpression,
  type ScheduleId,
  scheduledJobEvent,
  scheduleList,
} from '@swipe/shared/contract/runtime'
import { CronExpressionParser } from 'cron-parser'

export type ScheduledJobEvent = ReturnType<typeof scheduledJobEvent>

/** The longest a timer waits before it reads the clock again (a moved or resumed clock is seen). */
const MAX_WAIT_MS = 60_000

const dayOfWeekToCronParser = (field: string) =>
  // EventBridge counts 1 (Sunday) to 7 (Saturday), cron-parser 0 (Sunday) to 6; `n#k` and `nL` keep k.
  field
    .split(',')
    .map((part) =>
      part.replace(/^(\d+)(-(\d+))?/, (_m, a: string, _r, b?: string) =>
        b === undefined ? String(Number(a) - 1) : `${Number(a) - 1}-${Number(b) - 1}`,
      ),
    )
    .join(',')

/** An EventBridge cron (minute hour day-of-month month day-of-week year) in cron-parser's form. */
export const cronParserExpression = (cron: Extract<ScheduleExpression, { kind: 'cron' }>): string =>
  [
    '0',
    cron.minute,
    cron.hour,
    cron.dayOfMonth === '?' ? '*' : cron.dayOfMonth,
    cron.month,
    cron.dayOfWeek === '?' ? '*' : dayOfWeekToCronParser(cron.dayOfWeek),
  ].join(' ')

const yearMatches = (field: string, year: number) =>
  field === '*' ||
  field.split(',').some((part) => {
    const [from, to] = part.split('-').map(Number)
    return to === undefined ? year === from : year >= from! && year <= to
  })

/**
 * The first time after `after` that a schedule is due. A rate counts from `anchor` (when the
 * scheduler started, as an EventBridge rate counts from the schedule's creation), `everyMs`
 * replacing the rate's interval; a cron is read in the schedule's time zone (UTC without one).
 */
export const nextDue = (
  def: Pick<ScheduleDef, 'expression' | 'timezone'>,
  after: number,
  options: { anchor?: number; everyMs?: number } = {},
): number => {
  const parsed = parseScheduleExpression(def.expression)
  if (parsed.kind === 'rate') {
    const every = options.everyMs ?? parsed.everyMs
    const anchor = options.anchor ?? after
    return anchor + (Math.floor((after - anchor) / every) + 1) * every
  }
  const times = CronExpressionParser.parse(cronParserExpression(parsed), {
    currentDate: new Date(after),
    tz: def.timezone ?? 'UTC',
  })
  for (let i = 0; i < 1000; i++) {
    const at = times.next().getTime()
    if (yearMatches(parsed.year, new Date(at).getUTCFullYear())) return at
  }
  throw new Error(`${def.expression}: no run in the years it names`)
}

export interface SchedulerOptions {
  /** The clock due times are read on (the handlers' clock, functions/src/platform/services/clock.ts `now`). */
  now: () => number
  /** Sends a job event to its context's Lambda module (`contextDispatch()` under `npm start`). */
  dispatch: (event: ScheduledJobEvent) => Promise<unknown>
  log: (line: string) => void
  /** Calls `run` after `ms` of real time; returns a cancel. Unref'd `setTimeout` by default. */
  setTimer?: (run: () => void, ms: number) => () => void
  /** A rate schedule's interval here instead of the table's (a test's or a developer's choice). */
  everyMs?: Partial<Record<ScheduleId, number>>
}

export interface Scheduler {
  /** Runs every schedule due at `at` (the clock's now by default) once, and waits for those runs. */
  runDue(at?: number): Promise<void>
  /** Each schedule's next due time. */
  dueTimes(): Record<ScheduleId, number>
  stop(): void
}

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Starts the scheduler: each schedule's first due time counts from the clock's now; the timer
 * loop runs what is due and re-arms (a run still going when its next time comes is not started
 * twice, as a missed EventBridge run is not repeated: the next one comes).
 */
export const startScheduler = (options: SchedulerOptions): Scheduler => {
  const setTimer = options.setTimer ?? defaultTimer
  const started = options.now()
  const entries = scheduleList().map((def) => {
    const everyMs = options.everyMs?.[def.id]
    const timing = { anchor: started, ...(everyMs ? { everyMs } : {}) }
    return { def, timing, due: nextDue(def, started, timing), running: false }
  })
  let cancel: (() => void) | undefined
  let stopped = false

  const run = async (entry: (typeof entries)[number], at: number) => {
    const event = scheduledJobEvent(entry.def.id)
    const name = `scheduler: ${entry.def.id} → ${event.context}.${event.type}`
    entry.running = true
    entry.due = nextDue(entry.def, at, entry.timing)
    const began = performance.now()
    try {
      await options.dispatch(event)
      options.log(`${name} done in ${Math.round(performance.now() - began)} ms`)
    } catch (error) {
      options.log(`${name} failed after ${Math.round(performance.now() - began)} ms: ${messageOf(error)}`)
    } finally {
      entry.running = false
    }
  }

  const runDue = async (at = options.now()) => {
    await Promise.all(entries.filter((e) => !e.running && e.due <= at).map((e) => run(e, at)))
  }

  const arm = () => {
    if (stopped) return
    const next = Math.min(...entries.map((e) => e.due))
    const wait = Math.min(Math.max(0, next - options.now()), MAX_WAIT_MS)
    cancel = setTimer(() => {
      void runDue()
      arm()
    }, wait)
  }
  arm()

  return {
    runDue,
    dueTimes: () => Object.fromEntries(entries.map((e) => [e.def.id, e.due])) as Record<ScheduleId, number>,
    stop: () => {
      stopped = true
      cancel?.()
    },
  }
}

/**
 * Sends a job event to its context's jobs Lambda module (`functions/src/<context>/worker.ts`, the
 * entry AWS runs), which dispatches it to the job's runner (`jobsHandler` → `dispatchJob`).
 * Imported at the first run, once the local stack has put the handlers' environment in place.
 */
export const contextDispatch =
  () =>
  async (event: ScheduledJobEvent): Promise<unknown> => {
    const { runWorker } = await import('../../functions/src/platform/local/workers.ts')
    return runWorker(event)
  }
