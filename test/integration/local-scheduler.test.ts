import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Scheduler } from '../../infra/local/scheduler.ts'
import { twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { startTestScheduler } from '../support/scheduler.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * `npm start`'s scheduler (infra/local/scheduler.ts) drives a scheduled job through the job
 * dispatch, on the stack's clock: a webhook delivery due and PENDING is attempted by the
 * `webhookSweep` schedule's run — the job event sent to the end-user context's Lambda module
 * (the context's `worker.ts`: `jobsHandler` → `dispatchJob` → the runner), as EventBridge Scheduler sends it on AWS — and
 * the run leaves one log line. No real time passes: the stack's clock is moved, and the
 * scheduler's due runs are run at that time.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

describe('the local scheduler', () => {
  let token: string
  let siteId: string
  let webhookId: string
  const path = `/hooks/${randomUUID()}`
  const lines: string[] = []
  let scheduler: Scheduler
  let restorePlatform = () => {}

  const send = (method: 'POST' | 'GET', route: string, body?: unknown) =>
    http.call(method, route, { token, lang: 'en', ...(body === undefined ? {} : { body }) })
  const deliveries = async () => {
    const answer = await send('GET', `/site/${siteId}/api/webhooks/${webhookId}/deliveries`)
    expect(answer.status, answer.text).toBe(200)
    return answer.body.items as Array<Record<string, unknown>>
  }
  const inspected = async () => {
    const answer = await fetch(`${urls.webhooks}/deliveries`)
    return ((await answer.json()) as { items: Array<{ path: string; body: string }> }).items.filter(
      (d) => d.path === path,
    )
  }

  beforeAll(async () => {
    // The handlers this worker runs read the stack's clock, as the stack's own handlers do.
    const [{ providePlatform }, { localPlatform }, { parsePlatformEnv }] = await Promise.all([
      import('../../functions/src/platform/index.ts'),
      import('../../functions/src/platform/local/index.ts'),
      import('../../functions/src/platform/env.ts'),
    ])
    restorePlatform = providePlatform(
      localPlatform(parsePlatformEnv(process.env), { clockFile: inject('stack').clockFile }),
    )
    // Runs are driven by `runDue` below.
    scheduler = await startTestScheduler((line) => lines.push(line))
    token = (await twoTenants(http)).token
    siteId = (await publishVisitorSite(http, token)).siteId
    const created = await send('POST', `/site/${siteId}/api/webhooks`, {
      url: `${urls.webhooks}${path}`,
      events: ['contact.received'],
    })
    expect(created.status, created.text).toBe(201)
    webhookId = created.body.item.id
  })

  afterAll(() => {
    scheduler?.stop()
    restorePlatform()
  })

  it('runs the webhook sweep when it is due on the clock: the due delivery is attempted, one log line', async () => {
    // A visitor event's delivery, stored PENDING and due now; its first attempt (a job of its own)
    // is left out, so only the sweep can attempt it.
    const { recordWebhookEvent } = await import('../../functions/src/domain/site-webhooks.ts')
    const [key] = await recordWebhookEvent(siteId, 'contact.received', { email: 'sweep@example.com' })
    expect(key).toBeDefined()
    expect(await deliveries()).toMatchObject([{ id: key!.deliveryId, state: 'PENDING', attempts: 0 }])

    // Not yet the sweep's time (a minute after the scheduler started): nothing runs.
    expect(scheduler.dueTimes().webhookSweep).toBeGreaterThan(stackNow())
    await scheduler.runDue()
    expect(lines).toEqual([])
    expect(await deliveries()).toMatchObject([{ state: 'PENDING', attempts: 0 }])

    // The stack's clock reaches the sweep's time: its run sends the job event and attempts the delivery.
    advanceStackClock(scheduler.dueTimes().webhookSweep - stackNow())
    await scheduler.runDue()
    const sweepLines = lines.filter((line) => line.includes('webhookSweep'))
    expect(sweepLines).toEqual([
      expect.stringMatching(/^scheduler: webhookSweep → endUser\.webhookSweep done in \d+ ms$/),
    ])
    expect(await deliveries()).toMatchObject([
      { id: key!.deliveryId, state: 'DELIVERED', attempts: 1, last_status: 200 },
    ])
    const [received] = await inspected()
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'contact.received', site_id: siteId })
    // The next sweep is a minute on, after the clock.
    expect(scheduler.dueTimes().webhookSweep).toBeGreaterThan(stackNow())
  })
})
