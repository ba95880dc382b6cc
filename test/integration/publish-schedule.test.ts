import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Scheduler } from '../../infra/local/scheduler.ts'
import { twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { startTestScheduler } from '../support/scheduler.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * Issue 33 part 6, scheduled publishing: a campaign's start and end are scheduled on a saved draft;
 * the runtime table's `publishSchedule` run — the job event sent through the sites context's
 * dispatch by the local scheduler, as EventBridge Scheduler sends it on AWS — publishes it at its
 * instant and stops serving it at the next, on the stack's injectable clock (no real time passes).
 */

const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)
const MINUTE = 60_000

describe('scheduled publishing', () => {
  let token: string
  let otherToken: string
  let scheduler: Scheduler
  const lines: string[] = []

  beforeAll(async () => {
    // Runs are driven by `runAt` below.
    scheduler = await startTestScheduler((line) => lines.push(line))
    ;({ token, otherToken } = await twoTenants(http))
  })
  afterAll(() => scheduler?.stop())

  /** Moves the stack's clock to `at` (or the next run of the schedule after it) and runs what is due. */
  const runAt = async (at: number) => {
    advanceStackClock(Math.max(0, at - stackNow()))
    advanceStackClock(Math.max(0, scheduler.dueTimes().publishSchedule - stackNow()))
    await scheduler.runDue()
  }
  const iso = (ms: number) => new Date(ms).toISOString()
  const put = (siteId: string, body: unknown, as = token) =>
    http.call('PUT', `/site/${siteId}/schedule`, { token: as, body })
  const listed = async (siteId: string) =>
    (await http.get('/site', { token })).body.items.find((s: { id: string }) => s.id === siteId)

  it('publishes the saved draft at its start and stops serving it at its end, through the job dispatch', async () => {
    const site = await publishVisitorSite(http, token, { publish: false })
    const host = `${site.siteUuid}.sites.localhost`
    const start = stackNow() + 10 * MINUTE
    const end = start + 60 * MINUTE

    const saved = await put(site.siteId, { publish_at: iso(start), unpublish_at: iso(end) })
    expect(saved.status, saved.text).toBe(200)
    const pending = (at: number) => ({ at: iso(at), state: 'PENDING', by: expect.any(String), error: null })
    expect(saved.body).toEqual({
      message: '公開予約を保存しました。',
      publish: pending(start),
      unpublish: pending(end),
    })
    expect((await http.get(`/site/${site.siteId}/schedule`, { token })).body).toEqual({
      publish: pending(start),
      unpublish: pending(end),
    })
    // The site list shows what is scheduled.
    expect(await listed(site.siteId)).toMatchObject({
      status: 'DRAFT',
      scheduled_publish_at: iso(start),
      scheduled_unpublish_at: iso(end),
    })

    // A minute before the start: the run changes nothing.
    await runAt(start - MINUTE)
    expect((await edgeGet(urls.edge, host, '/')).status).toBe(404)

    // The start: the run publishes what is saved, as a version by whoever scheduled it.
    await runAt(start)
    expect(lines.filter((l) => l.includes('publishSchedule')).at(-1)).toMatch(
      /^scheduler: publishSchedule → sites\.publishSchedule done in \d+ ms$/,
    )
    const live = await edgeGet(urls.edge, host, '/')
    expect(live.status).toBe(200)
    expect(live.text).toContain('公開')
    const versions = (await http.get(`/site/${site.siteId}/versions`, { token })).body.items
    expect(versions).toHaveLength(1)
    expect(versions[0]).toMatchObject({ action: 'publish', live: true, by: saved.body.publish.by })
    expect((await http.get(`/site/${site.siteId}/schedule`, { token })).body).toEqual({
      publish: null,
      unpublish: pending(end),
    })
    expect(await listed(site.siteId)).toMatchObject({
      status: 'PUBLISH',
      scheduled_publish_at: null,
      scheduled_unpublish_at: iso(end),
    })

    // The end: the site is no longer served; nothing is left scheduled.
    await runAt(end)
    expect((await edgeGet(urls.edge, host, '/')).status).toBe(404)
    expect(await listed(site.siteId)).toMatchObject({
      status: 'DRAFT',
      scheduled_publish_at: null,
      scheduled_unpublish_at: null,
    })
    expect((await http.get(`/site/${site.siteId}/schedule`, { token })).body).toEqual({
      publish: null,
      unpublish: null,
    })
  })

  it('refuses times in the past, over a year ahead or out of order, and other tenants; cancels with null', async () => {
    const site = await publishVisitorSite(http, token, { publish: false })
    const now = stackNow()
    const refused = async (body: unknown, path: string, message: string) => {
      const answer = await put(site.siteId, body)
      expect(answer.status, answer.text).toBe(400)
      expect(answer.body.error.details).toEqual([{ path, message, code: expect.any(String) }])
    }
    await refused(
      { publish_at: iso(now - MINUTE), unpublish_at: null },
      'body.publishAt',
      '予約の日時は現在より後にしてください。',
    )
    await refused(
      { publish_at: null, unpublish_at: iso(now + 400 * 24 * 60 * MINUTE) },
      'body.unpublishAt',
      '予約できるのは1年先までです。',
    )
    await refused(
      { publish_at: iso(now + 60 * MINUTE), unpublish_at: iso(now + 30 * MINUTE) },
      'body.unpublishAt',
      '公開終了の日時は公開開始より後にしてください。',
    )
    const malformed = await put(site.siteId, { publish_at: 'tomorrow', unpublish_at: null })
    expect(malformed.status).toBe(400)
    expect(
      (await put(site.siteId, { publish_at: iso(now + 60 * MINUTE), unpublish_at: null }, otherToken)).status,
    ).toBe(404)
    // Nothing was stored by any of them.
    expect((await http.get(`/site/${site.siteId}/schedule`, { token })).body).toEqual({
      publish: null,
      unpublish: null,
    })

    // Scheduled, then cancelled: the run finds nothing to do.
    expect((await put(site.siteId, { publish_at: iso(now + 5 * MINUTE), unpublish_at: null })).status).toBe(
      200,
    )
    const cancelled = await put(site.siteId, { publish_at: null, unpublish_at: null })
    expect(cancelled.body).toMatchObject({ publish: null, unpublish: null })
    expect(await listed(site.siteId)).toMatchObject({
      scheduled_publish_at: null,
      scheduled_unpublish_at: null,
    })
    await runAt(now + 6 * MINUTE)
    expect((await listed(site.siteId)).status).toBe('DRAFT')
  })

  it('keeps a publish the rules refuse as failed, with the reason, and leaves the site as it was', async () => {
    const created = await http.post(
      '/site',
      { name: '画像なし', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    const siteId = created.body.global_setting.id as string
    const at = stackNow() + 5 * MINUTE
    expect((await put(siteId, { publish_at: iso(at), unpublish_at: null })).status).toBe(200)
    await runAt(at)
    const schedule = (await http.get(`/site/${siteId}/schedule`, { token })).body
    expect(schedule).toEqual({
      publish: {
        at: iso(at),
        state: 'FAILED',
        by: expect.any(String),
        error: 'クリエイティブ画像を1枚以上アップロードしてください。',
      },
      unpublish: null,
    })
    expect((await listed(siteId)).status).toBe('DRAFT')
    // A failed change is not run again; scheduling anew replaces it.
    await runAt(stackNow() + 2 * MINUTE)
    expect((await http.get(`/site/${siteId}/schedule`, { token })).body.publish.state).toBe('FAILED')
    const again = await put(siteId, { publish_at: iso(stackNow() + 10 * MINUTE), unpublish_at: null })
    expect(again.body.publish).toMatchObject({ state: 'PENDING', error: null })
  })

  it('leaves a change another run holds, and takes it again once that claim is old (a run that died)', async () => {
    const site = await publishVisitorSite(http, token, { publish: false })
    const at = stackNow() + 5 * MINUTE
    expect((await put(site.siteId, { publish_at: iso(at), unpublish_at: null })).status).toBe(200)
    advanceStackClock(at - stackNow())
    const [{ runDueSchedules, SCHEDULE_CLAIM_MS }, { PublishSchedules }] = await Promise.all([
      import('../../functions/src/sites/schedule.ts'),
      import('../../functions/src/data/publish-schedules.ts'),
    ])
    // Another run took it a moment ago: this run leaves it.
    await PublishSchedules.patch({ siteId: site.siteId, kind: 'publish' }).set({ claimedAt: stackNow() }).go()
    expect((await runDueSchedules()).taken).toBeGreaterThanOrEqual(1)
    expect((await listed(site.siteId)).status).toBe('DRAFT')
    // That run never finished: once its claim is old, the next run makes the change, once.
    advanceStackClock(SCHEDULE_CLAIM_MS + 1)
    await runDueSchedules()
    expect(await listed(site.siteId)).toMatchObject({ status: 'PUBLISH', scheduled_publish_at: null })
    expect((await http.get(`/site/${site.siteId}/versions`, { token })).body.items).toHaveLength(1)
  })
})
