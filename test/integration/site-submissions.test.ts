import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

/** An instant written with its Japanese offset, as the UTC ISO text the entities store. */
const jst = (local: string) => new Date(`${local}+09:00`).toISOString()

const EVIL = '=HYPERLINK("http://evil","x")'

interface SeedMember {
  email: string
  status: 'PENDING' | 'ACTIVE'
  createdAt: string
  confirmedAt?: string
  company?: string
  answers?: Array<{ name: string; title: string; value: string }>
}

interface SeedSubmission {
  kind: 'contact' | 'form'
  email: string
  createdAt: string
  company?: string
  mode?: string
  mailStatus?: 'SENT' | 'FAILED' | 'NONE'
  answers: Array<{ name: string; title: string; value: string }>
}

/**
 * Members and submissions stored straight through the entities (the visitor API that creates
 * them is not this test's subject), with the instants the filters need.
 */
const seedMember = async (siteId: string, member: SeedMember) => {
  const { SiteMembers } = await import('../../functions/src/data/submissions.ts')
  const memberId = randomUUID()
  await SiteMembers.create({
    siteId,
    email: member.email,
    memberId,
    status: member.status,
    lang: 'JP',
    company: member.company ?? '',
    answers: member.answers ?? [],
    createdAt: member.createdAt,
    ...(member.confirmedAt ? { confirmedAt: member.confirmedAt } : {}),
    // What a pending registration carries and no list may show.
    ...(member.status === 'PENDING'
      ? { tokenHash: randomUUID().replaceAll('-', ''), tokenExpiresAt: jst('2099-01-01T00:00:00.000') }
      : {}),
  }).go()
  return memberId
}

const seedSubmission = async (siteId: string, submission: SeedSubmission) => {
  const { SiteSubmissions } = await import('../../functions/src/data/submissions.ts')
  const submissionId = randomUUID()
  await SiteSubmissions.create({
    siteId,
    kind: submission.kind,
    submissionId,
    createdAt: submission.createdAt,
    lang: 'JP',
    email: submission.email,
    company: submission.company ?? '',
    answers: submission.answers,
    ...(submission.mode ? { mode: submission.mode } : {}),
    mailStatus: submission.mailStatus ?? 'SENT',
  }).go()
  return submissionId
}

/** A CSV download: status, headers, the raw bytes' BOM and the parsed rows. */
const download = async (path: string, token: string, lang = 'ja') => {
  const response = await fetch(`${urls.api}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-lang': lang },
  })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  return {
    status: response.status,
    headers: response.headers,
    bom: [...bytes.slice(0, 3)],
    text,
    rows: response.status === 200 ? (parse(text.replace(/^\uFEFF/, '')) as string[][]) : [],
  }
}

/** Follows the cursor to the end, returning every page's emails. */
const allPages = async (path: string, token: string) => {
  const pages: string[][] = []
  let cursor: string | undefined
  do {
    const separator = path.includes('?') ? '&' : '?'
    const response = await http.get(
      `${path}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    )
    expect(response.status).toBe(200)
    pages.push(response.body.items.map((item: { email: string }) => item.email))
    cursor = response.body.cursor
  } while (cursor)
  return pages
}

const emails = (body: { items: Array<{ email: string }> }) => body.items.map((item) => item.email)

describe('the creator’s member, contact and form lists', () => {
  let token: string
  let otherToken: string
  let viewerToken: string
  let siteId: string
  let otherSiteId: string
  // Members, oldest first. Each date sits on a Japanese day boundary, so a UTC reading of the
  // filters would pick other rows.
  const march = {
    email: 'march@example.com',
    status: 'ACTIVE' as const,
    createdAt: jst('2025-03-31T23:59:59.999'),
  }
  const aprilFirst = {
    email: 'alpha.first@example.com',
    status: 'ACTIVE' as const,
    createdAt: jst('2025-04-01T00:00:00.000'),
    confirmedAt: jst('2025-04-01T00:10:00.000'),
    company: 'アルファ株式会社',
    answers: [
      { name: 'email', title: 'メールアドレス', value: 'alpha.first@example.com' },
      { name: 'f-name', title: 'お名前', value: '山田 太郎' },
      { name: 'f-note', title: '備考', value: EVIL },
    ],
  }
  const aprilMid = {
    email: 'pending.alpha@example.com',
    status: 'PENDING' as const,
    createdAt: jst('2025-04-15T12:00:00.000'),
  }
  const aprilLast = {
    email: 'beta@example.com',
    status: 'ACTIVE' as const,
    createdAt: jst('2025-04-30T23:59:59.999'),
    confirmedAt: jst('2025-05-01T08:00:00.000'),
  }
  const may = {
    email: 'may.alpha@example.com',
    status: 'PENDING' as const,
    createdAt: jst('2025-05-01T00:00:00.000'),
  }
  let aprilFirstId: string
  let contactEvilId: string

  beforeAll(async () => {
    const tenants = await twoTenants(http)
    token = tenants.token
    otherToken = tenants.otherToken
    const viewer = await createAccount({ type: 'SUB_ADMIN', parent: tenants.user, adminRole: 'VIEWER' })
    viewerToken = (await http.post('/auth/login', { login_id: viewer.email, password: viewer.password })).body
      .access_token
    const site = await http.post(
      '/site',
      { name: 'お問い合わせの多いサイト', number_horizontal: 1, number_vertical: 1 },
      { token },
    )
    expect(site.status).toBe(201)
    siteId = site.body.global_setting.id
    const other = await http.post(
      '/site',
      { name: 'other', number_horizontal: 1, number_vertical: 1 },
      { token: otherToken },
    )
    otherSiteId = other.body.global_setting.id

    await seedMember(siteId, march)
    aprilFirstId = await seedMember(siteId, aprilFirst)
    await seedMember(siteId, aprilMid)
    await seedMember(siteId, aprilLast)
    await seedMember(siteId, may)
    // Another site's member never shows up in this site's list.
    await seedMember(otherSiteId, {
      email: 'alpha.other@example.com',
      status: 'ACTIVE',
      createdAt: jst('2025-04-10T10:00:00.000'),
    })

    contactEvilId = await seedSubmission(siteId, {
      kind: 'contact',
      email: 'alpha.contact@example.com',
      createdAt: jst('2025-04-01T09:30:00.000'),
      company: EVIL,
      answers: [
        { name: 'email', title: 'メールアドレス', value: 'alpha.contact@example.com' },
        { name: 'f-body', title: 'お問い合わせ内容', value: EVIL },
        { name: 'f-evil-title', title: '=1+1', value: '<b>bold</b>' },
      ],
    })
    await seedSubmission(siteId, {
      kind: 'contact',
      email: 'gamma@example.com',
      createdAt: jst('2025-04-20T18:00:00.000'),
      mailStatus: 'FAILED',
      answers: [{ name: 'f-body', title: 'お問い合わせ内容', value: '二行目\nあり' }],
    })
    await seedSubmission(siteId, {
      kind: 'form',
      email: 'form@example.com',
      createdAt: jst('2025-04-02T10:00:00.000'),
      mode: 'download',
      mailStatus: 'NONE',
      answers: [{ name: 'f-q', title: 'ご質問', value: '資料がほしい' }],
    })
  })

  describe('GET /site-member/{id}', () => {
    it('lists the members newest first with what the screen shows and never the registration token', async () => {
      const response = await http.get(`/site-member/${siteId}`, { token })
      expect(response.status).toBe(200)
      expect(response.body.site).toEqual({ id: siteId, name: 'お問い合わせの多いサイト' })
      expect(response.body.cursor).toBeUndefined()
      expect(emails(response.body)).toEqual([
        may.email,
        aprilLast.email,
        aprilMid.email,
        aprilFirst.email,
        march.email,
      ])
      expect(response.body.items[3]).toEqual({
        id: aprilFirstId,
        email: aprilFirst.email,
        status: 'ACTIVE',
        lang: 'JP',
        company: 'アルファ株式会社',
        answers: aprilFirst.answers,
        created_at: '2025-03-31T15:00:00.000Z',
        confirmed_at: '2025-03-31T15:10:00.000Z',
      })
      expect(response.body.items[2]).toMatchObject({ status: 'PENDING', confirmed_at: null })
      expect(JSON.stringify(response.body)).not.toMatch(/token/i)
    })

    it('filters by part of the email in any case, by status and by JST days', async () => {
      const byEmail = await http.get(`/site-member/${siteId}?email=ALPHA`, { token })
      expect(emails(byEmail.body)).toEqual([may.email, aprilMid.email, aprilFirst.email])

      const pending = await http.get(`/site-member/${siteId}?status=PENDING`, { token })
      expect(emails(pending.body)).toEqual([may.email, aprilMid.email])

      const april = await http.get(`/site-member/${siteId}?from=2025-04-01&to=2025-04-30`, { token })
      expect(emails(april.body)).toEqual([aprilLast.email, aprilMid.email, aprilFirst.email])

      const fromMay = await http.get(`/site-member/${siteId}?from=2025-05-01`, { token })
      expect(emails(fromMay.body)).toEqual([may.email])

      const untilMarch = await http.get(`/site-member/${siteId}?to=2025-03-31`, { token })
      expect(emails(untilMarch.body)).toEqual([march.email])

      const combined = await http.get(
        `/site-member/${siteId}?email=alpha&status=ACTIVE&from=2025-04-01&to=2025-04-01`,
        {
          token,
        },
      )
      expect(emails(combined.body)).toEqual([aprilFirst.email])
    })

    it('pages with an opaque cursor, also through filters', async () => {
      expect(await allPages(`/site-member/${siteId}?limit=2`, token)).toEqual([
        [may.email, aprilLast.email],
        [aprilMid.email, aprilFirst.email],
        [march.email],
      ])
      expect(await allPages(`/site-member/${siteId}?limit=1&email=alpha&from=2025-04-01`, token)).toEqual([
        [may.email],
        [aprilMid.email],
        [aprilFirst.email],
      ])
    })

    it('refuses a forged cursor, another site’s cursor and bad filters with the field path', async () => {
      const first = await http.get(`/site-member/${siteId}?limit=1`, { token })
      const cursor = first.body.cursor as string
      const fieldErrors = (body: { error: { details: Array<{ path: string; code: string }> } }) =>
        body.error.details.map((d) => [d.path, d.code])

      const forged = await http.get(`/site-member/${siteId}?cursor=not-a-cursor`, { token })
      expect(forged.status).toBe(400)
      expect(fieldErrors(forged.body)).toEqual([['query.cursor', 'validation.invalid']])

      const otherSite = await http.get(`/site-member/${otherSiteId}?cursor=${encodeURIComponent(cursor)}`, {
        token: otherToken,
      })
      expect(otherSite.status).toBe(400)
      expect(fieldErrors(otherSite.body)).toEqual([['query.cursor', 'validation.invalid']])

      // A cursor from outside the dates asked for.
      const outside = await http.get(
        `/site-member/${siteId}?to=2025-04-30&cursor=${encodeURIComponent(cursor)}`,
        {
          token,
        },
      )
      expect(outside.status).toBe(400)

      const bad = await http.get(
        `/site-member/${siteId}?limit=101&status=GONE&from=2025-05-02&to=2025-05-01`,
        {
          token,
          lang: 'en',
        },
      )
      expect(bad.status).toBe(400)
      expect(fieldErrors(bad.body)).toEqual(
        expect.arrayContaining([
          ['query.limit', 'validation.invalid'],
          ['query.status', 'validation.invalid'],
        ]),
      )
      const order = await http.get(`/site-member/${siteId}?from=2025-05-02&to=2025-05-01`, {
        token,
        lang: 'en',
      })
      expect(fieldErrors(order.body)).toEqual([['query.to', 'validation.dateRangeOrder']])
    })
  })

  describe('GET /site-contact/{id} and /site-form/{id}', () => {
    it('lists each kind on its own, newest first, with the answers as stored text', async () => {
      const contacts = await http.get(`/site-contact/${siteId}`, { token })
      expect(contacts.status).toBe(200)
      expect(emails(contacts.body)).toEqual(['gamma@example.com', 'alpha.contact@example.com'])
      expect(contacts.body.items[1]).toEqual({
        id: contactEvilId,
        email: 'alpha.contact@example.com',
        lang: 'JP',
        company: EVIL,
        answers: [
          { name: 'email', title: 'メールアドレス', value: 'alpha.contact@example.com' },
          { name: 'f-body', title: 'お問い合わせ内容', value: EVIL },
          { name: 'f-evil-title', title: '=1+1', value: '<b>bold</b>' },
        ],
        mode: null,
        mail_status: 'SENT',
        created_at: '2025-04-01T00:30:00.000Z',
      })

      const forms = await http.get(`/site-form/${siteId}`, { token })
      expect(forms.body.items).toEqual([
        expect.objectContaining({ email: 'form@example.com', mode: 'download', mail_status: 'NONE' }),
      ])
    })

    it('filters by email and JST days and pages', async () => {
      const byEmail = await http.get(`/site-contact/${siteId}?email=GAMMA`, { token })
      expect(emails(byEmail.body)).toEqual(['gamma@example.com'])
      const firstDay = await http.get(`/site-contact/${siteId}?from=2025-04-01&to=2025-04-01`, { token })
      expect(emails(firstDay.body)).toEqual(['alpha.contact@example.com'])
      const later = await http.get(`/site-contact/${siteId}?from=2025-04-02`, { token })
      expect(emails(later.body)).toEqual(['gamma@example.com'])
      expect(await allPages(`/site-contact/${siteId}?limit=1`, token)).toEqual([
        ['gamma@example.com'],
        ['alpha.contact@example.com'],
      ])
      const none = await http.get(`/site-form/${siteId}?from=2025-05-01`, { token })
      expect(none.body).toEqual({ site: { id: siteId, name: 'お問い合わせの多いサイト' }, items: [] })
      // A contact cursor does not continue the form list.
      const contactCursor = (await http.get(`/site-contact/${siteId}?limit=1`, { token })).body.cursor
      const crossed = await http.get(`/site-form/${siteId}?cursor=${encodeURIComponent(contactCursor)}`, {
        token,
      })
      expect(crossed.status).toBe(400)
    })
  })

  describe('CSV exports', () => {
    it('exports the members the filters select: BOM, Japanese headers, JST times, answers by title', async () => {
      const csv = await download(`/site-member/${siteId}/export-csv?from=2025-04-01&to=2025-04-30`, token)
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      expect(csv.headers.get('cache-control')).toBe('no-store')
      expect(csv.bom).toEqual([0xef, 0xbb, 0xbf])
      expect(csv.rows).toEqual([
        [
          'メールアドレス',
          'ステータス',
          '会社名',
          '登録日時 (JST)',
          '本登録日時 (JST)',
          '言語',
          'お名前',
          '備考',
        ],
        [aprilLast.email, '本登録', '', '2025-04-30 23:59:59', '2025-05-01 08:00:00', 'JP', '', ''],
        [aprilMid.email, '仮登録', '', '2025-04-15 12:00:00', '', 'JP', '', ''],
        // The formula comes out as text: an apostrophe keeps a spreadsheet from running it.
        [
          aprilFirst.email,
          '本登録',
          'アルファ株式会社',
          '2025-04-01 00:00:00',
          '2025-04-01 00:10:00',
          'JP',
          '山田 太郎',
          `'${EVIL}`,
        ],
      ])
      expect(csv.text).not.toMatch(/token/i)
    })

    it('exports contacts with neutralised formulas in cells and headers, in the caller’s language', async () => {
      const csv = await download(`/site-contact/${siteId}/export-csv`, token, 'en')
      expect(csv.status).toBe(200)
      expect(csv.bom).toEqual([0xef, 0xbb, 0xbf])
      expect(csv.headers.get('content-disposition')).toMatch(/filename="contacts-/)
      expect(csv.rows).toEqual([
        [
          'Received (JST)',
          'Email',
          'Company name',
          'Language',
          'お問い合わせ内容',
          "'=1+1",
          'Notification mail',
        ],
        ['2025-04-20 18:00:00', 'gamma@example.com', '', 'JP', '二行目\nあり', '', 'Failed'],
        [
          '2025-04-01 09:30:00',
          'alpha.contact@example.com',
          `'${EVIL}`,
          'JP',
          `'${EVIL}`,
          '<b>bold</b>',
          'Sent',
        ],
      ])
      expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)
      expect(csv.text).not.toMatch(/(^|,)"?=HYPERLINK/m)

      const byEmail = await download(`/site-contact/${siteId}/export-csv?email=gamma`, token)
      expect(byEmail.rows.map((row) => row[1])).toEqual(['メールアドレス', 'gamma@example.com'])
    })

    it('exports the homepage form with its mode column', async () => {
      const csv = await download(`/site-form/${siteId}/export-csv`, token)
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-disposition')).toMatch(/filename="forms-/)
      expect(csv.rows).toEqual([
        ['受信日時 (JST)', 'メールアドレス', '会社名', '言語', 'モード', 'ご質問', '通知メール'],
        [
          '2025-04-02 10:00:00',
          'form@example.com',
          '',
          'JP',
          'download',
          '資料がほしい',
          '送信なし（宛先未設定）',
        ],
      ])
    })
  })

  describe('who may read', () => {
    const paths = (id: string) => [
      `/site-member/${id}`,
      `/site-member/${id}/export-csv`,
      `/site-contact/${id}`,
      `/site-contact/${id}/export-csv`,
      `/site-form/${id}`,
      `/site-form/${id}/export-csv`,
    ]

    it('answers another tenant 404 on every list and export, leaking nothing', async () => {
      for (const path of paths(siteId)) {
        const response = await http.get(path, { token: otherToken })
        expect(response.status, path).toBe(404)
        expect(response.body, path).toEqual({
          error: { code: 'error.notFound', message: expect.any(String) },
        })
      }
      // An unknown site is the same 404.
      for (const path of paths(randomUUID())) expect((await http.get(path, { token })).status, path).toBe(404)
    })

    it('refuses a viewer sub-admin of the owner 403 (it may read the site, not its visitors)', async () => {
      expect((await http.get(`/site/${siteId}`, { token: viewerToken })).status).toBe(200)
      for (const path of paths(siteId)) {
        const response = await http.get(path, { token: viewerToken })
        expect(response.status, path).toBe(403)
        expect(response.body.error.code, path).toBe('error.forbidden')
      }
    })

    it('asks for a sign-in first', async () => {
      for (const path of paths(siteId)) expect((await http.get(path)).status, path).toBe(401)
    })
  })
})
