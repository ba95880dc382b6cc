import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { putTo, samples } from '../support/uploads.ts'
import { publishVisitorSite, type VisitorSite, visitorCall } from '../support/visitor-site.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: '年末年始の営業について',
  content: '12月29日から1月3日までお休みをいただきます。',
  content_url: 'https://example.com/holiday',
  distribute_site_url: '',
  mode: 'INSTANT',
  ...overrides,
})

/** Latest information (SPEC §2 /news): written in a scope, read by the accounts of that scope. */
describe('latest information', () => {
  let master: string
  let oemA: TestAccount
  let oemAToken: string
  let oemAdminAToken: string
  let userAToken: string
  let oemBToken: string
  let userBToken: string

  beforeAll(async () => {
    const root = await seededMaster(http)
    master = await tokenFor(http, 'master@example.com', 'Master#Local1')
    oemA = await createAccount({ type: 'OEM_MASTER', parent: root })
    const oemAdminA = await createAccount({ type: 'OEM_ADMIN', parent: oemA })
    const userA = await createAccount({ type: 'USER', parent: oemA })
    const oemB = await createAccount({ type: 'OEM_MASTER', parent: root })
    const userB = await createAccount({ type: 'USER', parent: oemB })
    oemAToken = await tokenFor(http, oemA.email, oemA.password)
    oemAdminAToken = await tokenFor(http, oemAdminA.email, oemAdminA.password)
    userAToken = await tokenFor(http, userA.email, userA.password)
    oemBToken = await tokenFor(http, oemB.email, oemB.password)
    userBToken = await tokenFor(http, userB.email, userB.password)
  })

  const shown = async (token: string) => {
    const response = await http.get('/news/show', { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return (response.body.items as Array<{ id: string }>).map((item) => item.id)
  }

  it("an OEM's news reaches its own subtree only; staff news reaches everyone", async () => {
    const created = await http.post('/news', notice(), { token: oemAToken })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(String),
      title: '年末年始の営業について',
      content: '12月29日から1月3日までお休みをいただきます。',
      content_url: 'https://example.com/holiday',
      distribute_site_url: '',
      mode: 'INSTANT',
      draft: false,
      status: 'public',
      publication_date: expect.any(String),
      start_date: null,
      end_date: null,
      image_key: null,
      image_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
      message: 'お知らせを作成しました。',
    })
    const staff = await http.post('/news', notice({ title: '全体のお知らせ' }), { token: master })
    expect(staff.status).toBe(201)

    expect(await shown(userAToken)).toEqual(expect.arrayContaining([created.body.id, staff.body.id]))
    expect(await shown(oemAdminAToken)).toContain(created.body.id)
    expect(await shown(userBToken)).toContain(staff.body.id)
    expect(await shown(userBToken)).not.toContain(created.body.id)

    // Writers: their scope's list; another OEM's item does not exist for them (404).
    const listA = await http.get('/news', { token: oemAdminAToken })
    expect(listA.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id)
    expect(listA.body.items.map((item: { id: string }) => item.id)).not.toContain(staff.body.id)
    expect((await http.get(`/news/${created.body.id}`, { token: oemBToken })).status).toBe(404)
    expect((await http.get(`/news/${staff.body.id}`, { token: oemAToken })).status).toBe(404)
    expect(
      (await http.call('DELETE', `/news/${created.body.id}?version=1`, { token: oemBToken })).status,
    ).toBe(404)
    // Staff see every owner's.
    const all = await http.get('/news?limit=100', { token: master })
    expect(all.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id)
    // A direct user reads but never writes.
    expect((await http.post('/news', notice(), { token: userAToken })).status).toBe(403)
  })

  it('keeps scheduled news unpublic until its start, then shows it (stack clock)', async () => {
    const start = new Date(stackNow() + 2 * 3_600_000).toISOString()
    const end = new Date(stackNow() + 10 * 86_400_000).toISOString()
    const created = await http.post('/news', notice({ mode: 'RESERVE', start_date: start, end_date: end }), {
      token: oemAToken,
    })
    expect(created.body).toMatchObject({ status: 'unpublic', publication_date: start })
    expect(await shown(userAToken)).not.toContain(created.body.id)
    const scheduled = await http.get('/news?status=unpublic&limit=100', { token: oemAToken })
    expect(scheduled.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id)
    advanceStackClock(2 * 3_600_000 + 60_000)
    expect(await shown(userAToken)).toContain(created.body.id)
    expect((await http.get(`/news/${created.body.id}`, { token: oemAToken })).body.status).toBe('public')
  })

  it('answers the 120-character limit and the date rules with the SPEC §5 messages', async () => {
    const long = await http.post('/news', notice({ content: 'x'.repeat(121) }), {
      token: oemAToken,
      lang: 'en',
    })
    expect(long.status).toBe(400)
    expect(long.body.error.details).toEqual([
      {
        path: 'body.content',
        code: 'validation.tooLong',
        params: { max: 120 },
        message: 'Please enter at most 120 characters.',
      },
    ])
    const start = new Date(stackNow() + 3_600_000).toISOString()
    const noEnd = await http.post('/news', notice({ mode: 'RESERVE', start_date: start }), {
      token: oemAToken,
    })
    expect(noEnd.body.error.details).toEqual([
      {
        path: 'body.endDate',
        code: 'validation.endRequired',
        params: {},
        message: '開始日を設定した場合は終了日が必要です。',
      },
    ])
    const badUrl = await http.post('/news', notice({ content_url: 'javascript:alert(1)' }), {
      token: oemAToken,
    })
    expect(badUrl.status).toBe(400)
    expect(badUrl.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.contentUrl'])
  })

  it('attaches an uploaded image only after checking it, and only from its own uploads', async () => {
    const bytes = samples.png()
    const target = await http.post(
      '/news/upload-url',
      { file_name: 'banner.png', content_type: 'image/png', size: bytes.length },
      { token: oemAToken },
    )
    expect(target.status, JSON.stringify(target.body)).toBe(200)
    expect((await putTo(target.body, bytes)).status).toBe(200)
    const withImage = await http.post(
      '/news',
      notice({ image_key: target.body.key, image_file_name: 'banner.png' }),
      { token: oemAToken },
    )
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(201)
    expect(withImage.body.image_key).toBe(target.body.key)
    expect((await fetch(withImage.body.image_url)).status).toBe(200)
    // Another OEM cannot attach this OEM's upload.
    const foreign = await http.post(
      '/news',
      notice({ image_key: target.body.key, image_file_name: 'banner.png' }),
      { token: oemBToken },
    )
    expect(foreign.status).toBe(404)
    // Removing it on an edit.
    const edited = await http.call('PUT', `/news/${withImage.body.id}`, {
      token: oemAToken,
      body: { ...notice(), image_key: null, version: 1 },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ image_key: null, image_url: null, version: 2 })
  })
})

/** Notification delivery (SPEC §2 /noti_delivery): a site's notices, served to its visitors by date. */
describe('notification delivery', () => {
  let token: string
  let otherToken: string
  let site: VisitorSite

  beforeAll(async () => {
    const root = await seededMaster(http)
    const oem = await createAccount({ type: 'OEM_MASTER', parent: root })
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
    const other = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
    token = await tokenFor(http, user.email, user.password)
    otherToken = await tokenFor(http, other.email, other.password)
    site = await publishVisitorSite(http, token, { forms: false })
  })

  const served = async (lang = 'JP') => {
    const response = await visitorCall(
      urls.api,
      'GET',
      `/end-user/noti_delivery?site_id=${site.siteId}&lang=${lang}`,
    )
    expect(response.status, response.text).toBe(200)
    return response
  }
  const servedIds = async (lang = 'JP') =>
    ((await served(lang)).body.notices as Array<{ id: string }>).map((item) => item.id)

  it('serves a public delivery to visitors, briefly cacheable, in the languages it is for', async () => {
    const created = await http.post(
      '/noti_delivery',
      { ...notice(), site_id: site.siteId, lang: 'JP' },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ site_id: site.siteId, lang: 'JP', status: 'public' })
    const everyLanguage = await http.post(
      '/noti_delivery',
      { ...notice({ title: 'Notice' }), site_id: site.siteId },
      { token },
    )
    expect(everyLanguage.body.lang).toBe('ALL')

    const response = await served('JP')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60')
    expect(response.body.lang).toBe('JP')
    expect(response.body.notices).toContainEqual({
      id: created.body.id,
      title: '年末年始の営業について',
      content: '12月29日から1月3日までお休みをいただきます。',
      content_url: 'https://example.com/holiday',
      publication_date: created.body.publication_date,
    })
    const english = await servedIds('EN')
    expect(english).toContain(everyLanguage.body.id)
    expect(english).not.toContain(created.body.id)
  })

  it('does not serve a delivery before its start or after its end', async () => {
    const at = stackNow()
    const later = await http.post(
      '/noti_delivery',
      notice({
        site_id: site.siteId,
        mode: 'RESERVE',
        start_date: new Date(at + 3 * 3_600_000).toISOString(),
        end_date: new Date(at + 5 * 3_600_000).toISOString(),
      }),
      { token },
    )
    expect(later.status, JSON.stringify(later.body)).toBe(201)
    const ending = await http.post(
      '/noti_delivery',
      notice({ site_id: site.siteId, end_date: new Date(at + 3_600_000).toISOString() }),
      { token },
    )
    expect(await servedIds()).toContain(ending.body.id)
    expect(await servedIds()).not.toContain(later.body.id)

    advanceStackClock(3 * 3_600_000 + 60_000)
    const between = await servedIds()
    expect(between).toContain(later.body.id)
    expect(between).not.toContain(ending.body.id)
    const expired = await http.get(`/noti_delivery/${ending.body.id}`, { token })
    expect(expired.body.status).toBe('expired')

    advanceStackClock(2 * 3_600_000)
    expect(await servedIds()).not.toContain(later.body.id)
    // A draft is never served.
    const draft = await http.post('/noti_delivery', notice({ site_id: site.siteId, draft: true }), { token })
    expect(draft.body.status).toBe('draft')
    expect(await servedIds()).not.toContain(draft.body.id)
  })

  it("keeps another tenant's site and deliveries out of reach (404), and unpublished sites unserved", async () => {
    const created = await http.post('/noti_delivery', notice({ site_id: site.siteId }), { token })
    expect((await http.get(`/noti_delivery/${created.body.id}`, { token: otherToken })).status).toBe(404)
    expect((await http.get(`/noti_delivery?site_id=${site.siteId}`, { token: otherToken })).status).toBe(404)
    expect(
      (await http.post('/noti_delivery', notice({ site_id: site.siteId }), { token: otherToken })).status,
    ).toBe(404)
    expect(
      (
        await http.call('PUT', `/noti_delivery/${created.body.id}`, {
          token: otherToken,
          body: { ...notice(), version: 1 },
        })
      ).status,
    ).toBe(404)
    const list = await http.get(`/noti_delivery?site_id=${site.siteId}&limit=100`, { token })
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id)

    const draftSite = await publishVisitorSite(http, token, { forms: false, publish: false })
    await http.post('/noti_delivery', notice({ site_id: draftSite.siteId }), { token })
    const unpublished = await visitorCall(
      urls.api,
      'GET',
      `/end-user/noti_delivery?site_id=${draftSite.siteId}`,
    )
    expect(unpublished.status).toBe(404)
  })
})
