import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

/**
 * System notifications (issue 20; SPEC §2, §4, §5, §7 /system_noti). Notifications are global
 * (platform staff write them), so every assertion names this file's own notifications, and the
 * counts are read by readers created here, after marking everything read.
 */
describe('system notifications', () => {
  let master: string
  let root: TestAccount
  let oem: TestAccount
  let oemToken: string
  let oemAdminToken: string
  let userToken: string
  let masterUserToken: string

  const notice = (overrides: Record<string, unknown> = {}) => ({
    audiences: ['OEM_USER'],
    mode: 'INSTANT',
    title: { ja: 'メンテナンスのお知らせ', en: 'Maintenance notice' },
    content: { ja: '12月1日 2:00〜4:00 にメンテナンスを行います。', en: 'Maintenance on 1 Dec, 2:00–4:00.' },
    content_url: 'https://example.com/maintenance',
    ...overrides,
  })
  const create = async (overrides: Record<string, unknown> = {}, token = master) => {
    const response = await http.post('/system_noti', notice(overrides), { token })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body
  }
  const feed = async (token: string, lang?: string) => {
    const response = await http.get('/system_noti/show?limit=50', { token, ...(lang ? { lang } : {}) })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body as {
      unread_count: number
      items: Array<Record<string, unknown>>
      next_cursor: string | null
    }
  }
  const ids = (body: { items: Array<Record<string, unknown>> }) => body.items.map((item) => item.id)
  const markAll = async (token: string) => {
    const response = await http.post('/system_noti/mark_as_read', { all: true }, { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body
  }

  beforeAll(async () => {
    root = await seededMaster(http)
    master = await tokenFor(http, 'master@example.com', 'Master#Local1')
    oem = await createAccount({ type: 'OEM_MASTER', parent: root })
    const oemAdmin = await createAccount({ type: 'OEM_ADMIN', parent: oem })
    const user = await createAccount({ type: 'USER', parent: oem })
    const masterUser = await createAccount({ type: 'MASTER_USER', parent: root })
    oemToken = await tokenFor(http, oem.email, oem.password)
    oemAdminToken = await tokenFor(http, oemAdmin.email, oemAdmin.password)
    userToken = await tokenFor(http, user.email, user.password)
    masterUserToken = await tokenFor(http, masterUser.email, masterUser.password)
  })

  it('creates a notification for receivers by role: stored once, each role sees only its own', async () => {
    const forUsers = await create({ audiences: ['OEM_USER'] })
    const forMasterUsers = await create({
      audiences: ['MASTER_USER'],
      title: { ja: 'スタッフ向け' },
      content: { ja: 'スタッフのみ' },
      content_url: '',
    })
    expect(forUsers).toEqual({
      id: expect.any(String),
      audiences: ['OEM_USER'],
      mode: 'INSTANT',
      draft: false,
      status: 'public',
      title: { ja: 'メンテナンスのお知らせ', en: 'Maintenance notice' },
      content: {
        ja: '12月1日 2:00〜4:00 にメンテナンスを行います。',
        en: 'Maintenance on 1 Dec, 2:00–4:00.',
      },
      content_url: 'https://example.com/maintenance',
      publication_date: expect.any(String),
      start_date: null,
      end_date: null,
      created_at: forUsers.created_at,
      updated_at: forUsers.created_at,
      version: 1,
      message: 'お知らせを作成しました。',
    })
    expect(Math.abs(Date.parse(forUsers.publication_date) - stackNow())).toBeLessThan(60_000)

    const userFeed = await feed(userToken)
    expect(ids(userFeed)).toContain(forUsers.id)
    expect(ids(userFeed)).not.toContain(forMasterUsers.id)
    expect(userFeed.items.find((item) => item.id === forUsers.id)).toEqual({
      id: forUsers.id,
      title: 'メンテナンスのお知らせ',
      content: '12月1日 2:00〜4:00 にメンテナンスを行います。',
      content_url: 'https://example.com/maintenance',
      publication_date: forUsers.publication_date,
      read: false,
    })
    // The reader's language, else Japanese.
    const english = await feed(userToken, 'en')
    expect(english.items.find((item) => item.id === forUsers.id)?.title).toBe('Maintenance notice')
    const korean = await feed(userToken, 'ko')
    expect(korean.items.find((item) => item.id === forUsers.id)?.title).toBe('メンテナンスのお知らせ')

    const staffFeed = await feed(masterUserToken)
    expect(ids(staffFeed)).toContain(forMasterUsers.id)
    expect(ids(staffFeed)).not.toContain(forUsers.id)
    for (const token of [oemToken, oemAdminToken]) {
      const other = await feed(token)
      expect(ids(other)).not.toContain(forUsers.id)
      expect(ids(other)).not.toContain(forMasterUsers.id)
    }
    // MASTER writes them and receives none.
    expect(await feed(master)).toEqual({ unread_count: 0, items: [], next_cursor: null })

    // One stored item for two audiences, never a copy per reader.
    const both = await create({ audiences: ['OEM_MASTER', 'OEM_ADMIN'] })
    const { documentClient, tableName } = await import('../../functions/src/platform/services/dynamo.ts')
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb')
    // Every page of the scan: a filter applies per 1 MB page, and the table holds the whole suite's data.
    const keys: unknown[] = []
    let start: Record<string, unknown> | undefined
    do {
      const page = await documentClient.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'contains(#pk, :id)',
          ExpressionAttributeNames: { '#pk': 'pk' },
          ExpressionAttributeValues: { ':id': both.id },
          ExclusiveStartKey: start,
        }),
      )
      keys.push(...(page.Items ?? []).map((item) => item.pk))
      start = page.LastEvaluatedKey
    } while (start)
    expect(keys).toEqual([`sysnoti#${both.id}`])
    expect(ids(await feed(oemToken))).toContain(both.id)
    expect(ids(await feed(oemAdminToken))).toContain(both.id)
  })

  it('keeps a reserved notification invisible before its instant and shows it after (stack clock)', async () => {
    const start = new Date(stackNow() + 6 * 3_600_000).toISOString()
    const end = new Date(stackNow() + 30 * 86_400_000).toISOString()
    const reserved = await create({
      audiences: ['OEM_USER'],
      mode: 'RESERVE',
      start_date: start,
      end_date: end,
    })
    expect(reserved).toMatchObject({
      status: 'unpublic',
      publication_date: start,
      start_date: start,
      end_date: end,
    })
    const before = await feed(userToken)
    expect(ids(before)).not.toContain(reserved.id)
    const tag = (await http.get('/system_noti/show?limit=50', { token: userToken })).headers.get('etag')
    // Marking it read before it is out is refused as if it did not exist.
    const early = await http.post(
      '/system_noti/mark_as_read',
      { noti_ids: [reserved.id] },
      { token: userToken },
    )
    expect(early.status).toBe(404)

    advanceStackClock(6 * 3_600_000 + 60_000)
    const after = await feed(userToken)
    expect(ids(after)).toContain(reserved.id)
    expect(after.items.find((item) => item.id === reserved.id)?.read).toBe(false)
    // No write happened, yet the bell's tag changed with the passing of the start.
    const conditional = await fetch(`${urls.api}/system_noti/show?limit=50`, {
      headers: { authorization: `Bearer ${userToken}`, 'if-none-match': String(tag) },
    })
    expect(conditional.status).toBe(200)
    const list = await http.get('/system_noti?status=public&limit=100', { token: master })
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(reserved.id)
  })

  it('marks all read as one instant: the count goes to 0, and a newer notification counts 1', async () => {
    await create({ audiences: ['OEM_USER'] })
    expect((await feed(userToken)).unread_count).toBeGreaterThan(0)
    expect(await markAll(userToken)).toEqual({ unread_count: 0, message: '既読にしました。' })
    const read = await feed(userToken)
    expect(read.unread_count).toBe(0)
    expect(read.items.every((item) => item.read === true)).toBe(true)

    advanceStackClock(1_000)
    const newer = await create({ audiences: ['OEM_USER'], title: { ja: '新しいお知らせ' } })
    const after = await feed(userToken)
    expect(after.unread_count).toBe(1)
    expect(after.items[0]).toMatchObject({ id: newer.id, read: false })

    // Opening it marks it read (noti_ids).
    const opened = await http.post(
      '/system_noti/mark_as_read',
      { noti_ids: [newer.id] },
      { token: userToken },
    )
    expect(opened.status).toBe(200)
    expect(opened.body.unread_count).toBe(0)
    expect((await feed(userToken)).items[0]).toMatchObject({ id: newer.id, read: true })
  })

  it('answers an unchanged bell with 304 and a changed one with 200', async () => {
    const first = await fetch(`${urls.api}/system_noti/show?limit=10`, {
      headers: { authorization: `Bearer ${userToken}` },
    })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(`${urls.api}/system_noti/show?limit=10`, {
      headers: { authorization: `Bearer ${userToken}`, 'if-none-match': String(tag) },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(await again.text()).toBe('')
    // Another reader's tag never matches this reader's bell.
    const otherTag = (
      await fetch(`${urls.api}/system_noti/show?limit=10`, {
        headers: { authorization: `Bearer ${oemToken}` },
      })
    ).headers.get('etag')
    const foreign = await fetch(`${urls.api}/system_noti/show?limit=10`, {
      headers: { authorization: `Bearer ${userToken}`, 'if-none-match': String(otherTag) },
    })
    expect(foreign.status).toBe(200)

    advanceStackClock(1_000)
    await create({ audiences: ['OEM_USER'] })
    const changed = await fetch(`${urls.api}/system_noti/show?limit=10`, {
      headers: { authorization: `Bearer ${userToken}`, 'if-none-match': String(tag) },
    })
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as { unread_count: number }).unread_count).toBe(1)
    // Reading changes the reader's tag too.
    const newTag = changed.headers.get('etag')
    await markAll(userToken)
    const afterRead = await fetch(`${urls.api}/system_noti/show?limit=10`, {
      headers: { authorization: `Bearer ${userToken}`, 'if-none-match': String(newTag) },
    })
    expect(afterRead.status).toBe(200)
  })

  it('refuses content over 120 characters and broken date rules with the SPEC §5 messages; nothing is stored', async () => {
    const before = (await http.get('/system_noti?limit=100', { token: master })).body.items.length
    const long = await http.post('/system_noti', notice({ content: { ja: 'あ'.repeat(121) } }), {
      token: master,
    })
    expect(long.status).toBe(400)
    expect(long.body.error.details).toEqual([
      {
        path: 'body.content.ja',
        code: 'validation.tooLong',
        params: { max: 120 },
        message: '120文字以内で入力してください。',
      },
    ])
    const english = await http.post('/system_noti', notice({ content: { ja: 'あ'.repeat(121) } }), {
      token: master,
      lang: 'en',
    })
    expect(english.body.error.details[0].message).toBe('Please enter at most 120 characters.')
    expect(
      (await http.post('/system_noti', notice({ content: { ja: 'あ'.repeat(120) } }), { token: master }))
        .status,
    ).toBe(201)

    const at = stackNow()
    const noEnd = await http.post(
      '/system_noti',
      notice({ mode: 'RESERVE', start_date: new Date(at + 3_600_000).toISOString() }),
      { token: master, lang: 'en' },
    )
    expect(noEnd.status).toBe(400)
    expect(noEnd.body.error.details).toEqual([
      {
        path: 'body.endDate',
        code: 'validation.endRequired',
        params: {},
        message: 'An end date is required when a start date is set.',
      },
    ])
    const backwards = await http.post(
      '/system_noti',
      notice({
        mode: 'RESERVE',
        start_date: new Date(at + 3_600_000).toISOString(),
        end_date: new Date(at + 60_000).toISOString(),
      }),
      { token: master, lang: 'en' },
    )
    expect(backwards.status).toBe(400)
    expect(
      backwards.body.error.details.map((d: { code: string; message: string }) => [d.code, d.message]),
    ).toEqual([['validation.endBeforeStart', 'The end date must be after the start date.']])
    const noStart = await http.post('/system_noti', notice({ mode: 'RESERVE' }), {
      token: master,
      lang: 'en',
    })
    expect(noStart.status).toBe(400)
    expect(noStart.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['body.startDate', 'validation.required'],
    ])
    const noJapanese = await http.post('/system_noti', notice({ title: { en: 'Only English' } }), {
      token: master,
      lang: 'en',
    })
    expect(noJapanese.status).toBe(400)
    expect(noJapanese.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.title.ja'])
    const noAudience = await http.post('/system_noti', notice({ audiences: [] }), { token: master })
    expect(noAudience.status).toBe(400)
    expect((await http.get('/system_noti?limit=100', { token: master })).body.items.length).toBe(before + 1)
  })

  it('lets only staff manage them; a reader never reaches one not addressed to it (404)', async () => {
    const forStaff = await create({ audiences: ['MASTER_USER'] })
    for (const token of [oemToken, oemAdminToken, userToken]) {
      expect((await http.post('/system_noti', notice(), { token })).status).toBe(403)
      expect((await http.get(`/system_noti/${forStaff.id}`, { token })).status).toBe(403)
      expect((await http.get('/system_noti', { token })).status).toBe(403)
    }
    // A master user with the permission writes them too.
    const byMasterUser = await create({ audiences: ['OEM_MASTER'] }, masterUserToken)
    expect(byMasterUser.status).toBe('public')
    // A user marking a notification of another audience: 404, nothing stored.
    const refused = await http.post(
      '/system_noti/mark_as_read',
      { noti_ids: [forStaff.id] },
      { token: userToken },
    )
    expect(refused.status).toBe(404)
    const unknown = await http.post(
      '/system_noti/mark_as_read',
      { noti_ids: ['no-such-id'] },
      { token: userToken },
    )
    expect(unknown.status).toBe(404)
    expect((await http.post('/system_noti/mark_as_read', {}, { token: userToken })).status).toBe(400)
  })

  it('edits, filters by status, deletes with the version; a draft is never shown to readers', async () => {
    const draft = await create({ audiences: ['OEM_USER'], draft: true })
    expect(draft).toMatchObject({ status: 'draft', publication_date: null })
    expect(ids(await feed(userToken))).not.toContain(draft.id)
    const drafts = await http.get('/system_noti?status=draft&limit=100', { token: master })
    expect(drafts.body.items.map((item: { id: string }) => item.id)).toContain(draft.id)
    expect(drafts.body.items.every((item: { status: string }) => item.status === 'draft')).toBe(true)

    const stale = await http.call('PUT', `/system_noti/${draft.id}`, {
      token: master,
      body: { ...notice(), draft: false, version: 9 },
    })
    expect(stale.status).toBe(409)
    const published = await http.call('PUT', `/system_noti/${draft.id}`, {
      token: master,
      body: { ...notice({ title: { ja: '公開しました' } }), draft: false, version: 1 },
    })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body).toMatchObject({ status: 'public', version: 2, title: { ja: '公開しました' } })
    expect(ids(await feed(userToken))).toContain(draft.id)

    // An end already passed: expired, and gone from the bell.
    const expired = await create({
      audiences: ['OEM_USER'],
      mode: 'RESERVE',
      start_date: new Date(stackNow() + 60_000).toISOString(),
      end_date: new Date(stackNow() + 120_000).toISOString(),
    })
    advanceStackClock(180_000)
    expect((await http.get(`/system_noti/${expired.id}`, { token: master })).body.status).toBe('expired')
    const expiredList = await http.get('/system_noti?status=expired&limit=100', { token: master })
    expect(expiredList.body.items.map((item: { id: string }) => item.id)).toContain(expired.id)
    expect(ids(await feed(userToken))).not.toContain(expired.id)

    expect((await http.call('DELETE', `/system_noti/${draft.id}?version=1`, { token: master })).status).toBe(
      409,
    )
    const removed = await http.call('DELETE', `/system_noti/${draft.id}?version=2`, { token: master })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ message: 'お知らせを削除しました。' })
    expect((await http.get(`/system_noti/${draft.id}`, { token: master })).status).toBe(404)
    expect(ids(await feed(userToken))).not.toContain(draft.id)
  })
})
