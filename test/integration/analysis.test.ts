import { randomUUID } from 'node:crypto'
import { gridCells } from '@swipe/shared/site/cells'
import { jstDay } from '@swipe/shared/time/jst'
import { PDFParse } from 'pdf-parse'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken, twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'
import { testIp, visitorCall, visitorForms } from '../support/visitor-site.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** What the island sends with sendBeacon, as the sites distribution delivers it (the viewer's address vouched for). */
const beacon = (
  events: unknown[],
  client: { ip: string; ua: string },
  headers: Record<string, string> = {},
) =>
  fetch(`${urls.api}/analytics/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': client.ua,
      'x-viewer-address': `${client.ip}:443`,
      ...(process.env.ORIGIN_VERIFY_SECRET ? { 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET } : {}),
      ...headers,
    },
    body: JSON.stringify(events),
  })

/** Publishes a JP site of `rows` × `columns` with creatives on its first four pages and a contact form. */
const publishSite = async (token: string, rows: number, columns: number, name = '効果測定テスト') => {
  const created = await http.post(
    '/site',
    { name, number_horizontal: rows, number_vertical: columns, languages: ['JP'] },
    { token },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.global_setting.id as string
  // Creatives in page order without gaps (the save's rule): the first four pages.
  const positions = gridCells({ rows, columns }).slice(0, 4)
  const keys = await confirmedKeys(
    id,
    positions.map(() => 'jpg'),
  )
  await storeMedia(keys)
  const saved = await http.call('PUT', `/site/${id}`, {
    token,
    body: {
      version: 1,
      global_setting: { id, name, number_horizontal: rows, number_vertical: columns, languages: ['JP'] },
      creatives: positions.map((position, i) => ({
        lang: 'JP',
        position,
        media_key: keys[i],
        media_type: 'image',
      })),
      settings: [
        { lang: 'JP', sns: [], forms: visitorForms(`inbox-${randomUUID().slice(0, 8)}@example.com`, 'JP') },
      ],
    },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  const done = await http.post(
    `/site/${id}/status`,
    { action: 'publish', version: saved.body.version },
    { token },
  )
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return id
}

/** One visit: lands on A1, swipes right to B1, down to B2 and leaves there (dwell 1.5 s, 2.5 s, 4 s). */
const visit = (site: string, landing: Record<string, string> = {}) => {
  const base = { site, lang: 'ja' }
  return {
    landing: [{ ...base, event: 'view', position: 'A1', ...landing }],
    rest: [
      { ...base, event: 'dwell', position: 'A1', duration_ms: 1500 },
      { ...base, event: 'swipe', from: 'A1', to: 'B1', via: 'touch', first: true },
      { ...base, event: 'dwell', position: 'B1', duration_ms: 2500 },
      { ...base, event: 'swipe', from: 'B1', to: 'B2', via: 'touch', first: true },
      { ...base, event: 'dwell', position: 'B2', duration_ms: 4000 },
    ],
  }
}

describe('swipe analytics reports', () => {
  let token: string
  let otherToken: string
  let siteId: string
  let today: string
  const period = () => `from=${today}&to=${today}`

  beforeAll(async () => {
    const tenants = await twoTenants(http, 'pro')
    token = tenants.token
    otherToken = tenants.otherToken
    siteId = await publishSite(token, 2, 2)
    today = jstDay(stackNow())
    const first = { ip: testIp(), ua: PHONE }
    const second = { ip: testIp(), ua: ANDROID }
    const bot = { ip: testIp(), ua: BOT }
    // Visitor 1 comes from a search with a campaign, visits once, presses B2's link button and
    // sends the contact form; visitor 2 comes twice the same day; a robot walks the same path.
    for (const [client, landing] of [
      [
        first,
        {
          ref: 'www.google.com',
          utm_source: 'Newsletter',
          utm_medium: 'email',
          utm_campaign: '=HYPERLINK("x")',
        },
      ],
      [second, {}],
      [second, {}],
      [bot, {}],
    ] as const) {
      const { landing: view, rest } = visit(siteId, landing)
      expect((await beacon(view, client)).status).toBe(204)
      expect((await beacon(rest, client)).status).toBe(204)
    }
    expect(
      (await beacon([{ site: siteId, lang: 'ja', event: 'click', position: 'B2', target: 'link' }], first))
        .status,
    ).toBe(204)
    const contact = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/contact`, {
      ip: first.ip,
      body: {
        lang: 'JP',
        data: {
          email: 'visitor@example.com',
          company: '株式会社ビジター',
          topic: 'Sales',
          message: '資料をください',
        },
        via: 'B2',
      },
    })
    expect(contact.status, JSON.stringify(contact.body)).toBe(201)
    // Previews never count: a request that says so, and a beacon from a preview page.
    const preview = visit(siteId).landing
    expect((await beacon(preview, first, { 'x-swipe-preview': '1' })).status).toBe(204)
    expect(
      (await beacon(preview, first, { referer: `http://localhost:5173/site/${siteId}/preview` })).status,
    ).toBe(204)
  })

  it('counts the scripted visit path exactly: PV, unique visitors, dwell, CTR and the conversion', async () => {
    const lp = await http.get(`/analysis/site/${siteId}/lp?${period()}`, { token })
    expect(lp.status, JSON.stringify(lp.body)).toBe(200)
    const previousDay = (() => {
      const d = new Date(`${today}T00:00:00Z`)
      d.setUTCDate(d.getUTCDate() - 1)
      return d.toISOString().slice(0, 10)
    })()
    const kpi = (value: number) => ({ value, previous: 0, change: null })
    expect(lp.body).toEqual({
      site: { id: siteId, name: '効果測定テスト', rows: 2, columns: 2, languages: ['JP'] },
      period: { from: today, to: today },
      previous: today.endsWith('-01')
        ? expect.objectContaining({ from: expect.any(String) })
        : { from: previousDay, to: previousDay },
      lang: null,
      kpis: {
        pv: kpi(3),
        unique_visitors: kpi(2),
        // 9 dwells: 3 × 1.5 s, 3 × 2.5 s, 3 × 4 s.
        avg_dwell_ms: kpi(2667),
        // The 4.5th dwell in the histogram: bucket 2–3 s holds the 4th to 6th, interpolated.
        median_dwell_ms: kpi(2500),
        swipes_per_visit: kpi(2),
        link_ctr: kpi(0.3333),
        cta_clicks: kpi(0),
        conversions: kpi(1),
        cvr: kpi(0.3333),
      },
      // The contact form came without a source context: the landing views alone, no conversion.
      conversion_sources: {
        referrers: [
          { value: '', visits: 2, conversions: 0, cvr: 0 },
          { value: 'www.google.com', visits: 1, conversions: 0, cvr: 0 },
        ],
        utm_source: [{ value: 'newsletter', visits: 1, conversions: 0, cvr: 0 }],
        utm_medium: [{ value: 'email', visits: 1, conversions: 0, cvr: 0 }],
        utm_campaign: [{ value: '=hyperlink("x")', visits: 1, conversions: 0, cvr: 0 }],
        ad_platforms: [],
      },
      deliveries: [],
    })
  })

  it('gives reach rates (landing = 100 %), exit rates and swipe directions per creative', async () => {
    const pages = await http.get(`/analysis/site/${siteId}/pages?${period()}`, { token })
    expect(pages.status, JSON.stringify(pages.body)).toBe(200)
    expect(pages.body.visits).toBe(3)
    const row = (position: string) =>
      pages.body.rows.find((r: { position: string }) => r.position === position)
    const none = { up: 0, down: 0, left: 0, right: 0, jump: 0 }
    const clicks = (link = 0) => ({ link, product: 0, sns: 0, cta: 0 })
    expect(pages.body.rows.map((r: { position: string }) => r.position)).toEqual(['A1', 'B1', 'A2', 'B2'])
    expect(row('A1')).toEqual({
      position: 'A1',
      lang: 'JP',
      reach: 3,
      reach_rate: 1,
      views: 3,
      avg_dwell_ms: 1500,
      median_dwell_ms: 1500,
      exits: 0,
      exit_rate: 0,
      clicks: clicks(),
      link_ctr: 0,
      products_opened: 0,
      popups_shown: 0,
      conversions: 0,
      swipes: { ...none, right: 3 },
    })
    expect(row('B1')).toMatchObject({
      reach: 3,
      reach_rate: 1,
      exits: 0,
      exit_rate: 0,
      swipes: { ...none, down: 3 },
    })
    expect(row('B2')).toEqual({
      position: 'B2',
      lang: 'JP',
      reach: 3,
      reach_rate: 1,
      views: 3,
      avg_dwell_ms: 4000,
      median_dwell_ms: 4000,
      exits: 3,
      exit_rate: 1,
      clicks: clicks(1),
      link_ctr: 0.3333,
      products_opened: 0,
      popups_shown: 0,
      conversions: 1,
      swipes: none,
    })
    expect(row('A2')).toMatchObject({ reach: 0, reach_rate: 0, exits: 0, conversions: 0 })
    expect(pages.body.thumbnails.map((t: { position: string }) => t.position).sort()).toEqual([
      'A1',
      'A2',
      'B1',
      'B2',
    ])
  })

  it('counts landing sources: referrer host and UTM values, formula-safe in the CSV', async () => {
    const sources = await http.get(`/analysis/site/${siteId}/sources?${period()}`, { token })
    expect(sources.status, JSON.stringify(sources.body)).toBe(200)
    expect(sources.body).toMatchObject({
      visits: 3,
      referrers: [
        { value: '', visits: 2, conversions: 0 },
        { value: 'www.google.com', visits: 1, conversions: 0 },
      ],
      utm_source: [{ value: 'newsletter', visits: 1, conversions: 0 }],
      utm_medium: [{ value: 'email', visits: 1, conversions: 0 }],
      utm_campaign: [{ value: '=hyperlink("x")', visits: 1, conversions: 0 }],
    })
    const csv = await fetch(`${urls.api}/analysis/site/${siteId}/sources/export-csv?${period()}`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    expect(csv.status).toBe(200)
    const text = await csv.text()
    expect(text.split('\r\n').length > 1 || text.split('\n').length > 1).toBe(true)
    expect(text).toContain(`UTMキャンペーン,"'=hyperlink(""x"")",1,0`)
    expect(text).toContain('（直接アクセス）,2,0')
  })

  it('answers the ranking of a site under 10 pages with the empty-data answer (SPEC §8)', async () => {
    const ranking = await http.get(`/analysis/site/${siteId}/ranking?${period()}`, { token })
    expect(ranking.status).toBe(200)
    expect(ranking.body).toMatchObject({
      available: false,
      pages: 4,
      min_pages: 10,
      rankings: { pv: [], ctr: [], cv: [], cta_button: [], popup: [] },
    })
  })

  it('ranks the creatives of a site of 10 pages or more', async () => {
    const big = await publishSite(token, 2, 5, '大きいサイト')
    const client = { ip: testIp(), ua: PHONE }
    const { landing, rest } = visit(big)
    expect((await beacon([...landing, ...rest], client)).status).toBe(204)
    const ranking = await http.get(`/analysis/site/${big}/ranking?${period()}`, { token })
    expect(ranking.status).toBe(200)
    expect(ranking.body).toMatchObject({
      available: true,
      pages: 10,
      rankings: {
        pv: [
          { rank: 1, position: 'A1', value: 1 },
          { rank: 2, position: 'B1', value: 1 },
          { rank: 3, position: 'B2', value: 1 },
        ],
        ctr: [],
        cv: [],
        cta_button: [],
        popup: [],
      },
    })
  })

  it('exports every report as CSV with a BOM, in the caller’s language', async () => {
    for (const path of ['lp', 'lp/chart', 'pages', 'ranking', 'sources']) {
      const response = await fetch(`${urls.api}/analysis/site/${siteId}/${path}/export-csv?${period()}`, {
        headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
      })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('text/csv; charset=utf-8')
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect([...bytes.slice(0, 3)], path).toEqual([0xef, 0xbb, 0xbf])
    }
    const lp = await fetch(`${urls.api}/analysis/site/${siteId}/lp/export-csv?${period()}`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    const lines = (await lp.text()).replace('\uFEFF', '').trim().split(/\r?\n/)
    expect(lines[0]).toBe('指標,単位,当期間,前期間,増減率（%）')
    expect(lines).toContain('訪問数,件,3,0,')
    expect(lines).toContain('コンバージョン率,%,33.33,0,')
  })

  it('draws the daily chart over the period', async () => {
    const chart = await http.get(`/analysis/site/${siteId}/lp/chart?${period()}&unit=day`, { token })
    expect(chart.status).toBe(200)
    expect(chart.body.points).toEqual([
      { date: today, pv: 3, unique_visitors: 2, swipes: 6, link_clicks: 1, conversions: 1 },
    ])
    const months = await http.get(`/analysis/site/${siteId}/lp/chart?${period()}&unit=month`, { token })
    expect(months.body.points).toEqual([
      { date: today.slice(0, 7), pv: 3, unique_visitors: 2, swipes: 6, link_clicks: 1, conversions: 1 },
    ])
  })

  it('reads a closed month from its shards once, then from its compacted counters, with the same answer', async () => {
    const { SiteStats } = await import('../../functions/src/data/analytics.ts')
    const month = (() => {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`)
      d.setUTCMonth(d.getUTCMonth() - 2)
      return d.toISOString().slice(0, 7)
    })()
    const fresh = await publishSite(token, 2, 2, '締めた月')
    // As the collection leaves a month: the roll-up items of each shard (two shards here).
    for (const shard of [0, 3])
      for (const [position, view, swipeOut] of [
        ['*', 5, 4],
        ['A1', 5, 4],
      ] as const)
        await SiteStats.update({ siteId: fresh, day: month, shard, lang: 'JP', position })
          .add({ view, swipeOut, ...(position === 'A1' ? { dir_r: swipeOut } : {}) })
          .go()
    const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10)
    const read = () => http.get(`/analysis/site/${fresh}/pages?from=${month}-01&to=${end}`, { token })
    const first = await read()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.visits).toBe(10)
    expect(first.body.rows[0]).toMatchObject({
      position: 'A1',
      reach: 10,
      reach_rate: 1,
      exits: 2,
      exit_rate: 0.2,
      swipes: { up: 0, down: 0, left: 0, right: 8, jump: 0 },
    })
    const { documentClient, tableName } = await import('../../functions/src/platform/services/dynamo.ts')
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb')
    const compacted = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `stats#${fresh}#${month}#99` },
      }),
    )
    expect(compacted.Items?.map((item) => item.sk).sort()).toEqual(['JP', '~done'])
    // A late write to a shard of a closed month is not read any more: the compacted sums are.
    await SiteStats.update({ siteId: fresh, day: month, shard: 1, lang: 'JP', position: 'A1' })
      .add({ view: 100 })
      .go()
    const second = await read()
    expect({ visits: second.body.visits, rows: second.body.rows }).toEqual({
      visits: first.body.visits,
      rows: first.body.rows,
    })
  })

  it('renders the monthly PDF report with the Japanese KPI labels, and says which language it is of', async () => {
    const report = await http.get(`/analysis/site/${siteId}/report/export-pdf?month=${today.slice(0, 7)}`, {
      token,
      lang: 'ja',
    })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.file_name).toBe(`analysis-${today.slice(0, 7)}.pdf`)
    const pdf = Buffer.from(report.body.base64, 'base64')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText()
    for (const label of [
      '月次効果測定レポート',
      '言語：すべての言語',
      '訪問数',
      '日別の訪問数',
      'ユニークユーザー',
      '平均滞在時間',
      'リンクボタンのクリック率',
      'コンバージョン率',
      '前月比',
      'ランキングは10ページ以上のサイトで表示されます。',
      // Conversions by source (none of this contact had a source context) and no server deliveries.
      '流入元別のコンバージョン（言語の区別なし）',
      'www.google.com：訪問数 1、コンバージョン 0、コンバージョン率 0.0%',
      '送信先別の送信成功率（テスト送信を除く）',
      'この期間にサーバーから送信したコンバージョンはありません。',
    ])
      expect(text, label).toContain(label)
    expect(text).not.toContain('ページビュー')
    // Filtered by a language: the first page and the file name say which (issue 30, item 5).
    const japanese = await http.get(
      `/analysis/site/${siteId}/report/export-pdf?month=${today.slice(0, 7)}&lang=JP`,
      { token, lang: 'ja' },
    )
    expect(japanese.status, JSON.stringify(japanese.body)).toBe(200)
    expect(japanese.body.file_name).toBe(`analysis-${today.slice(0, 7)}-JP.pdf`)
    const filtered = await new PDFParse({
      data: new Uint8Array(Buffer.from(japanese.body.base64, 'base64')),
    }).getText()
    expect(filtered.text).toContain('言語：日本語')
    expect(filtered.text).not.toContain('すべての言語')
    const csv = await fetch(`${urls.api}/analysis/site/${siteId}/pages/export-csv?${period()}&lang=JP`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    expect(csv.headers.get('content-disposition')).toContain(`analysis-pages-${today}_${today}-JP`)
    // Creative views have their own name in the per-page CSV.
    expect((await csv.text()).split(/\r?\n/)[0]).toContain('クリエイティブ表示回数')
  })

  it('refuses another tenant (404), dates outside the pickers’ range (400), and plans without analytics (403)', async () => {
    const other = await http.get(`/analysis/site/${siteId}/lp?${period()}`, { token: otherToken })
    expect(other.status).toBe(404)
    const otherCsv = await http.get(`/analysis/site/${siteId}/pages/export-csv?${period()}`, {
      token: otherToken,
    })
    expect(otherCsv.status).toBe(404)
    const future = await http.get(`/analysis/site/${siteId}/lp?from=2999-01-01&to=2999-01-31`, { token })
    expect(future.status).toBe(400)
    expect(future.body.error.details).toEqual([
      expect.objectContaining({ path: 'query.from', code: 'validation.futureMonth' }),
      expect.objectContaining({ path: 'query.to', code: 'validation.futureMonth' }),
    ])
    const old = await http.get(`/analysis/site/${siteId}/pages?from=2001-01-01&to=${today}`, { token })
    expect(old.status).toBe(400)
    expect(old.body.error.details).toEqual([
      expect.objectContaining({ path: 'query.from', code: 'validation.tooOld' }),
    ])
    const reversed = await http.get(`/analysis/site/${siteId}/lp?from=${today}&to=2001-01-01`, { token })
    expect(reversed.status).toBe(400)
    const light = await creatorToken(http, 'light')
    const lightSite = await http.post(
      '/site',
      { name: 'ライト', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token: light },
    )
    expect(lightSite.status).toBe(201)
    const refused = await http.get(`/analysis/site/${lightSite.body.global_setting.id}/lp`, { token: light })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('plan.noAnalytics')
  })
})
