import { describe, expect, it } from 'vitest'
import type { SiteWebhookDelivery } from '#data/site-webhooks'
import {
  type DeliveryKey,
  deliveryView,
  ENDPOINT_ATTEMPTS,
  ENDPOINT_BUDGET_MS,
  SWEEP_INTERVAL_MS,
  SWEEP_PARALLEL,
  type SweepDeps,
  sweepDueDeliveries,
} from './site-webhooks.ts'

/**
 * The sweep's isolation per endpoint (issue 29), with the reading, the attempt and the clock
 * injected: nothing waits for real time, a "slow" receiver is an attempt that has not settled yet.
 */

const AT = Date.parse('2026-11-29T00:00:00Z')
const due = (endpointId: string, n: number, siteId = `site-${endpointId}`) =>
  Array.from({ length: n }, (_, i) => ({
    siteId,
    endpointId,
    createdAt: `2026-11-28T00:00:0${i}.000Z`,
    deliveryId: `${endpointId}-${i + 1}`,
    dueAt: '2026-11-28T23:59:00.000Z',
  }))

const stored = (key: DeliveryKey, outcome: Partial<SiteWebhookDelivery>) =>
  ({ ...key, state: 'DELIVERED', lastStatus: 200, ...outcome }) as SiteWebhookDelivery

/** Records what a sweep postpones: delivery ids and the time they are due again. */
const postponed = () => {
  const calls: { ids: string[]; dueAt: number }[] = []
  const postpone: SweepDeps['postpone'] = async (keys, dueAt) => {
    calls.push({ ids: keys.map((k) => k.deliveryId), dueAt })
  }
  return { calls, postpone }
}

/** Lets every settled promise's continuations run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('the webhook sweep, isolated per endpoint', () => {
  it('attempts other endpoints while one receiver hangs, and tries the hanging one once per sweep', async () => {
    const started: string[] = []
    let releaseDead: () => void = () => {}
    const attempt: SweepDeps['attempt'] = async (key, options) => {
      started.push(key.deliveryId)
      expect(options).toEqual({ dueBy: AT, deadlineMs: 250 })
      if (key.endpointId !== 'dead') return stored(key, {})
      // The dead receiver: the attempt ends only at its deadline, as a timeout without an answer.
      await new Promise<void>((resolve) => {
        releaseDead = resolve
      })
      return stored(key, {
        state: 'PENDING',
        lastStatus: undefined,
        lastError: 'timeout',
        dueAt: '2026-11-29T00:00:30.000Z',
      })
    }
    const { calls, postpone } = postponed()
    const sweep = sweepDueDeliveries(AT, {
      deadlineMs: 250,
      deps: {
        // The dead endpoint's backlog comes first in the index, as the oldest due.
        readDue: async (at) => (at === AT ? [...due('dead', 30), ...due('b', 3), ...due('c', 1)] : []),
        attempt,
        postpone,
        now: () => AT,
      },
    })
    await settle()
    // While the dead receiver's first attempt hangs, every other endpoint's delivery was attempted.
    expect(started).toEqual(['dead-1', 'b-1', 'c-1', 'b-2', 'b-3'])
    releaseDead()
    expect(await sweep).toEqual({ attempted: 5, delivered: 4, failed: 0, deferred: 29 })
    // The rest of the dead endpoint's backlog waits for the next sweep: one deadline per sweep.
    expect(started.filter((id) => id.startsWith('dead'))).toEqual(['dead-1'])
    // … and is due again with the failed attempt's retry, so it no longer heads the due index
    // ahead of other endpoints' deliveries.
    expect(calls).toEqual([
      {
        ids: due('dead', 30)
          .slice(1)
          .map((d) => d.deliveryId),
        dueAt: Date.parse('2026-11-29T00:00:30.000Z'),
      },
    ])
  })

  it('keeps dead endpoints to one lane each, so live endpoints still get lanes', async () => {
    const pending: (() => void)[] = []
    const started: string[] = []
    const sweep = sweepDueDeliveries(AT, {
      deps: {
        readDue: async () => [
          ...Array.from({ length: SWEEP_PARALLEL - 1 }, (_, i) => due(`dead${i}`, 5)).flat(),
          ...due('live', 4),
        ],
        attempt: async (key) => {
          started.push(key.deliveryId)
          if (key.endpointId === 'live') return stored(key, {})
          await new Promise<void>((resolve) => pending.push(resolve))
          return stored(key, { state: 'PENDING', lastStatus: undefined, lastError: 'connectionRefused' })
        },
        postpone: postponed().postpone,
        now: () => AT,
      },
    })
    await settle()
    expect(started.filter((id) => id.startsWith('live'))).toEqual(['live-1', 'live-2', 'live-3', 'live-4'])
    expect(started.filter((id) => id.startsWith('dead'))).toHaveLength(SWEEP_PARALLEL - 1)
    for (const release of pending) release()
    expect(await sweep).toMatchObject({ attempted: SWEEP_PARALLEL + 3, delivered: 4 })
  })

  it("stops an endpoint's queue at its attempt count and at its time budget", async () => {
    const byCount: string[] = []
    const { calls, postpone } = postponed()
    expect(
      await sweepDueDeliveries(AT, {
        deps: {
          readDue: async () => due('busy', ENDPOINT_ATTEMPTS + 5),
          attempt: async (key) => {
            byCount.push(key.deliveryId)
            return stored(key, { state: 'PENDING', lastStatus: 503 })
          },
          postpone,
          now: () => AT,
        },
      }),
    ).toEqual({ attempted: ENDPOINT_ATTEMPTS, delivered: 0, failed: 0, deferred: 5 })
    expect(byCount).toHaveLength(ENDPOINT_ATTEMPTS)
    // What the budget left is due at the next sweep, behind what is due now.
    expect(calls).toEqual([
      {
        ids: due('busy', ENDPOINT_ATTEMPTS + 5)
          .slice(ENDPOINT_ATTEMPTS)
          .map((d) => d.deliveryId),
        dueAt: AT + SWEEP_INTERVAL_MS,
      },
    ])

    // A slow receiver that answers: each attempt takes 40% of the budget (on the injected clock).
    let now = AT
    const slow: string[] = []
    expect(
      await sweepDueDeliveries(AT, {
        deps: {
          readDue: async () => [...due('slow', 5), ...due('fast', 2)],
          attempt: async (key) => {
            slow.push(key.deliveryId)
            if (key.endpointId === 'slow') now += ENDPOINT_BUDGET_MS * 0.4
            return stored(key, {})
          },
          postpone: postponed().postpone,
          now: () => now,
        },
      }),
    ).toEqual({ attempted: 5, delivered: 5, failed: 0, deferred: 2 })
    expect(slow.filter((id) => id.startsWith('slow'))).toEqual(['slow-1', 'slow-2', 'slow-3'])
    expect(slow.filter((id) => id.startsWith('fast'))).toEqual(['fast-1', 'fast-2'])
  })

  it('counts a run that failed and goes on with the queue', async () => {
    const started: string[] = []
    expect(
      await sweepDueDeliveries(AT, {
        deps: {
          readDue: async () => due('flaky', 3),
          attempt: async (key) => {
            started.push(key.deliveryId)
            if (key.deliveryId === 'flaky-1') throw new Error('table unavailable')
            if (key.deliveryId === 'flaky-2') return undefined
            return stored(key, { state: 'FAILED', lastStatus: 410 })
          },
          postpone: postponed().postpone,
          now: () => AT,
        },
      }),
    ).toEqual({ attempted: 1, delivered: 0, failed: 1, deferred: 0 })
    expect(started).toEqual(['flaky-1', 'flaky-2', 'flaky-3'])
  })
})

describe('a delivery as the console sees it', () => {
  it('shows the category, and old free text as a category, never the socket text', () => {
    const base = {
      siteId: 's',
      endpointId: 'e',
      deliveryId: 'd',
      eventId: 'evt_1',
      event: 'contact.received',
      payload: '{}',
      createdAt: '2026-11-28T00:00:00.000Z',
      updatedAt: '2026-11-28T00:00:00.000Z',
      state: 'PENDING',
      dueAt: '2026-11-28T00:01:00.000Z',
      windowStart: '2026-11-28T00:00:00.000Z',
      attempts: 1,
    } as SiteWebhookDelivery
    expect(deliveryView({ ...base, lastError: 'timeout' }).lastError).toBe('timeout')
    expect(deliveryView({ ...base, lastError: 'connect ECONNREFUSED ::ffff:7f00:1:1' }).lastError).toBe(
      'network',
    )
    expect(
      deliveryView({ ...base, lastError: 'webhook target refused: unsafeAddress (169.254.169.254)' })
        .lastError,
    ).toBe('refusedAddress')
    expect(deliveryView(base).lastError).toBeNull()
  })
})
