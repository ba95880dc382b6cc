import { isConditionFailure } from '../edge/rate-limit.ts'
import { logger } from '../platform/services/logger.ts'

/**
 * The retry sweep's lanes (issue 29), shared by the site webhooks (./site-webhooks.ts) and the
 * server-side conversions (./site-conversions.ts): the due deliveries are grouped into one
 * sequential queue per receiver (`lane`: a webhook endpoint, a site's ad platform), `parallel`
 * queues run side by side, each stops at its budget (`attempts`, `budgetMs`) or at its first
 * attempt without an answer, so a slow or dead receiver holds one lane for about one attempt's
 * deadline and never the others. What a stopped queue leaves is postponed (`postpone`): past the
 * budget to the next sweep, after no answer to the failed attempt's own retry.
 */

export interface SweepLimits {
  /** Queues attempted side by side. */
  parallel: number
  /** One queue's attempts per sweep, and the time after which it starts no other. */
  attempts: number
  budgetMs: number
  /** The sweep's schedule: what a sweep leaves is due again at its next run. */
  intervalMs: number
}

/** What one attempt left: its state, when it is due again, and the status it got (none: no answer). */
export interface AttemptOutcome {
  state: 'PENDING' | 'DELIVERED' | 'FAILED'
  dueAt: string
  lastStatus?: number | undefined
}

export interface SweepSteps<K> {
  /** The receiver a due delivery goes to: one sequential queue each. */
  lane: (due: K) => string
  /** One attempt; undefined when it was not attempted (claimed by another, no longer due). */
  attempt: (due: K) => Promise<AttemptOutcome | undefined>
  postpone: (keys: readonly K[], dueAt: number) => Promise<void>
  now: () => number
  /** How failures are named in the log (`Webhook`, `Conversion`). */
  label: string
}

export const sweepLanes = async <K>(
  due: readonly K[],
  at: number,
  limits: SweepLimits,
  steps: SweepSteps<K>,
) => {
  const outcome = { attempted: 0, delivered: 0, failed: 0, deferred: 0 }
  const queues = new Map<string, K[]>()
  for (const d of due) {
    const lane = steps.lane(d)
    queues.set(lane, [...(queues.get(lane) ?? []), d])
  }
  const defer = async (rest: K[], dueAt: number) => {
    outcome.deferred += rest.length
    if (rest.length === 0) return
    await steps.postpone(rest, dueAt).catch((error: unknown) =>
      logger.error(`${steps.label} deliveries not postponed`, {
        deliveries: rest.length,
        error: error as Error,
      }),
    )
  }
  const runQueue = async (queue: K[]) => {
    const started = steps.now()
    for (const [i, item] of queue.entries()) {
      if (i >= limits.attempts || steps.now() - started >= limits.budgetMs) {
        await defer(queue.slice(i), at + limits.intervalMs)
        return
      }
      const result = await steps.attempt(item).catch((error: unknown) => {
        logger.error(`${steps.label} delivery failed to run`, {
          lane: steps.lane(item),
          error: error as Error,
        })
        return undefined
      })
      if (!result) continue
      outcome.attempted++
      if (result.state === 'DELIVERED') outcome.delivered++
      if (result.state === 'FAILED') outcome.failed++
      // No answer (a dead or silent receiver): the rest of its queue waits for this one's retry.
      if (result.state === 'PENDING' && result.lastStatus === undefined) {
        await defer(queue.slice(i + 1), Date.parse(result.dueAt) || at + limits.intervalMs)
        return
      }
    }
  }
  const lanes = [...queues.values()]
  let next = 0
  const lane = async () => {
    while (next < lanes.length) await runQueue(lanes[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limits.parallel, lanes.length) }, lane))
  return outcome
}

// ---------------------------------------------------------------------------------------------
// Claims: the webhooks' and the conversions' deliveries are claimed alike

/** How long a claimed attempt keeps others off the delivery (an attempt ends well within it). */
export const LEASE_MS = 60_000

const iso = (ms: number) => new Date(ms).toISOString()

/** What a claim reads of a delivery. */
export interface Claimable {
  attempts: number
  dueAt: string
}

/**
 * The fields a claim writes at `at`: still PENDING, due a lease ahead (so the sweep leaves it), one
 * attempt more.
 */
export const claimFields = (d: Claimable, at: number) => ({
  state: 'PENDING' as const,
  dueAt: iso(at + LEASE_MS),
  attempts: d.attempts + 1,
  lastAttemptAt: iso(at),
  updatedAt: iso(at),
})

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB types each entity's where-callback apart.
type Where = (attributes: any, op: { eq: (attribute: any, value: unknown) => string }) => string

/** The claim's condition: the delivery is as it was read (PENDING, same attempts, same due time). */
export const claimCondition =
  (d: Claimable): Where =>
  (a, op) =>
    `${op.eq(a.state, 'PENDING')} AND ${op.eq(a.attempts, d.attempts)} AND ${op.eq(a.dueAt, d.dueAt)}`

/** A postponement's condition: still PENDING and due as the sweep read it. */
export const stillDue =
  (d: Pick<Claimable, 'dueAt'>): Where =>
  (a, op) =>
    `${op.eq(a.state, 'PENDING')} AND ${op.eq(a.dueAt, d.dueAt)}`

/** Runs a conditional write; false when its condition failed (another runner got there first). */
export const conditional = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write()
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}
