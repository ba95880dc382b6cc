import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, type TestAccount } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { type StoredSite, storeSite } from '../support/sites.ts'

const { urls, env } = useStackEnv()
const http = api(urls.api)

const signIn = async (email: string, password: string) => {
  const response = await http.post('/auth/login', { login_id: email, password })
  expect(response.status, `sign in ${email}`).toBe(200)
  return response.body.access_token as string
}

/** An instant written with its Japanese offset, as epoch milliseconds. */
const jst = (local: string) => Date.parse(`${local}+09:00`)

type Seeded = StoredSite & { createdAt: number }

/**
 * A site stored straight through the entity, so its created and published instants are exactly
 * the ones a test needs (the API stamps "now").
 */
const seed = (site: Omit<Seeded, 'id' | 'uuid'>) => storeSite(site) as Promise<Seeded>

/** The list row the API answers for a seeded site (snake_case, ISO instants in UTC). */
const row = (site: Seeded) => ({
  id: site.id,
  name: site.name,
  url: `${env.SITES_ORIGIN!.replace('{host}', site.uuid)}/`,
  status: site.status,
  owner_id: site.owner.accountId,
  owner_name: 'Test USER',
  number_horizontal: 2,
  number_vertical: 3,
  languages: ['JP'],
  created_at: new Date(site.createdAt).toISOString(),
  published_at: site.publishedAt === undefined ? null : new Date(site.publishedAt).toISOString(),
  scheduled_publish_at: null,
  scheduled_unpublish_at: null,
  version: 1,
})

describe('site list date filters (JST days, inclusive)', () => {
  const tag = `期間-${randomUUID().slice(0, 8)}`
  let user: TestAccount
  let userToken: string
  let oemToken: string
  let masterToken: string
  // Each date sits on a Japanese day boundary, so a UTC reading of the filters would pick other sites.
  let spring: Seeded // created 04-01 00:00 JST (03-31 in UTC), published 04-10
  let lastMarch: Seeded // created 03-31 23:59:59.999 JST, never published
  let springNew: Seeded // created 04-30 23:59:59.999 JST, published privately 04-30 23:30 JST
  let autumn: Seeded // created 05-01 00:00 JST (04-30 in UTC), published 05-01 00:00 JST

  beforeAll(async () => {
    masterToken = await signIn('master@example.com', 'Master#Local1')
    const root = (await http.get('/auth/user-info', { token: masterToken })).body
    const rootAccount = {
      accountId: root.id,
      email: root.email,
      password: '',
      type: 'MASTER' as const,
      ancestorIds: [],
    }
    const oem = await createAccount({ type: 'OEM_MASTER', parent: rootAccount })
    user = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
    ;[userToken, oemToken] = await Promise.all([
      signIn(user.email, user.password),
      signIn(oem.email, oem.password),
    ])
    spring = await seed({
      owner: user,
      name: `${tag} 春のセール`,
      status: 'PUBLISH',
      createdAt: jst('2025-04-01T00:00:00.000'),
      publishedAt: jst('2025-04-10T10:00:00.000'),
    })
    lastMarch = await seed({
      owner: user,
      name: `${tag} 夏の告知`,
      status: 'DRAFT',
      createdAt: jst('2025-03-31T23:59:59.999'),
    })
    springNew = await seed({
      owner: user,
      name: `${tag} 春の新作`,
      status: 'PRIVATE',
      createdAt: jst('2025-04-30T23:59:59.999'),
      publishedAt: jst('2025-04-30T23:30:00.000'),
    })
    autumn = await seed({
      owner: user,
      name: `${tag} 秋の特集`,
      status: 'PUBLISH',
      createdAt: jst('2025-05-01T00:00:00.000'),
      publishedAt: jst('2025-05-01T00:00:00.000'),
    })
  })

  const list = async (query: string, token = userToken) => {
    const response = await http.get(`/site?${query}`, { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body as { items: unknown[]; next_cursor: string | null }
  }

  it('lists every site of the owner, newest first, with the owner name on each row', async () => {
    expect(await list('')).toEqual({
      items: [row(autumn), row(springNew), row(spring), row(lastMarch)],
      next_cursor: null,
    })
  })

  it('filters by each created-date bound, both inclusive', async () => {
    expect(await list('created_from=2025-04-01')).toEqual({
      items: [row(autumn), row(springNew), row(spring)],
      next_cursor: null,
    })
    expect(await list('created_to=2025-04-30')).toEqual({
      items: [row(springNew), row(spring), row(lastMarch)],
      next_cursor: null,
    })
    expect(await list('created_from=2025-04-01&created_to=2025-04-30')).toEqual({
      items: [row(springNew), row(spring)],
      next_cursor: null,
    })
    expect(await list('created_from=2025-03-31&created_to=2025-03-31')).toEqual({
      items: [row(lastMarch)],
      next_cursor: null,
    })
  })

  it('filters by each published-date bound and leaves out sites never published', async () => {
    expect(await list('published_from=2025-05-01')).toEqual({ items: [row(autumn)], next_cursor: null })
    expect(await list('published_to=2025-04-30')).toEqual({
      items: [row(springNew), row(spring)],
      next_cursor: null,
    })
    expect(await list('published_from=2025-04-30&published_to=2025-04-30')).toEqual({
      items: [row(springNew)],
      next_cursor: null,
    })
    expect(await list('published_from=2025-06-01')).toEqual({ items: [], next_cursor: null })
  })

  it('combines the dates with the name and status filters', async () => {
    expect(await list(`name=${encodeURIComponent('春の')}&created_to=2025-04-30`)).toEqual({
      items: [row(springNew), row(spring)],
      next_cursor: null,
    })
    expect(await list('status=PUBLISH&published_from=2025-04-01&published_to=2025-05-31')).toEqual({
      items: [row(autumn), row(spring)],
      next_cursor: null,
    })
    expect(
      await list(
        `name=${encodeURIComponent('秋')}&status=PUBLISH&created_from=2025-04-01&created_to=2025-04-30`,
      ),
    ).toEqual({ items: [], next_cursor: null })
  })

  it('pages a filtered list by cursor for the owner, its OEM and platform staff', async () => {
    const query = `name=${encodeURIComponent(tag)}&created_from=2025-04-01&limit=2`
    for (const token of [userToken, oemToken, masterToken]) {
      const first = await list(query, token)
      expect(first).toEqual({ items: [row(autumn), row(springNew)], next_cursor: expect.any(String) })
      const second = await list(`${query}&cursor=${encodeURIComponent(first.next_cursor!)}`, token)
      // The last matching site ends the list, whatever the index had after it.
      expect(second.items).toEqual([row(spring)])
      if (second.next_cursor)
        expect(await list(`${query}&cursor=${encodeURIComponent(second.next_cursor)}`, token)).toEqual({
          items: [],
          next_cursor: null,
        })
    }
  })

  it('refuses a range that ends before it starts with 400 on the `to` field, localised', async () => {
    const ja = await http.get('/site?created_from=2025-04-02&created_to=2025-04-01', {
      token: userToken,
      lang: 'ja',
    })
    expect(ja.status).toBe(400)
    expect(ja.body).toEqual({
      error: {
        code: 'error.validation',
        message: '入力内容に誤りがあります。',
        details: [
          {
            path: 'query.createdTo',
            code: 'validation.dateRangeOrder',
            message: '終了日は開始日と同じか、それより後の日付にしてください。',
            params: {},
          },
        ],
      },
    })
    const en = await http.get('/site/export?published_from=2025-05-01&published_to=2025-04-30', {
      token: userToken,
      lang: 'en',
    })
    expect(en.status).toBe(400)
    expect(en.body).toEqual({
      error: {
        code: 'error.validation',
        message: 'Some fields are not valid.',
        details: [
          {
            path: 'query.publishedTo',
            code: 'validation.dateRangeOrder',
            message: 'The end date must be the same as or later than the start date.',
            params: {},
          },
        ],
      },
    })
    const notADay = await http.get('/site?published_from=2025-4-1', { token: userToken, lang: 'en' })
    expect(notADay.status).toBe(400)
    expect(notADay.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['query.publishedFrom', 'validation.date'],
      ['query.publishedFrom', 'validation.date'],
    ])
  })

  it('exports the filtered list as CSV', async () => {
    const response = await fetch(
      `${urls.api}/site/export?created_from=2025-04-01&created_to=2025-04-30&status=PRIVATE`,
      { headers: { authorization: `Bearer ${userToken}`, 'x-lang': 'ja' } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    expect(text.charCodeAt(0)).toBe(0xfeff)
    // Exact bytes: CRLF after every record, times in JST with the zone in the header (issue 30).
    expect(text.slice(1)).toBe(
      'サイト名,URL,ステータス,親アカウント,作成日時 (JST),公開日時 (JST)\r\n' +
        `${springNew.name},${row(springNew).url},PRIVATE,Test USER,2025-04-30 23:59:59,2025-04-30 23:30:00\r\n`,
    )

    const both = await fetch(`${urls.api}/site/export?published_to=2025-04-30`, {
      headers: { authorization: `Bearer ${userToken}`, 'x-lang': 'en' },
    })
    const lines = new TextDecoder()
      .decode(await both.arrayBuffer())
      .trim()
      .split(/\r?\n/)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([springNew.name, spring.name])
  })
})
