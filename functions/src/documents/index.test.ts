import type { ExperimentView } from '@swipe/shared/contract/experiments'
import { PDFParse } from 'pdf-parse'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parsePlatformEnv } from '#platform/env'
import { localDocuments } from '#platform/local/documents'
import type { DocumentRequest } from '#platform/services/documents'
import type { MonthlyReport } from '../analysis/pdf.ts'
import type { InvoiceDocument } from '../billing/document.ts'
import { renderInvoicePdf } from '../billing/pdf.ts'
import { sampleInvoice } from '../billing/sample-invoice.ts'
import { handler } from './index.ts'

// As close.ts builds it: absent parts are undefined, which JSON (the invoke) leaves out.
const invoice: InvoiceDocument = {
  ...sampleInvoice('INV-202611-DOCUMENT'),
  card: undefined,
  replaces: undefined,
}

const head = {
  site: { id: 'site-1', name: '春のキャンペーン', rows: 1, columns: 1, languages: ['JP'] },
  period: { from: '2026-11-01', to: '2026-11-30' },
  previous: { from: '2026-10-01', to: '2026-10-31' },
  lang: null,
}
const kpi = (value: number, previous: number) => ({
  value,
  previous,
  change: previous ? (value - previous) / previous : null,
})
const report: MonthlyReport = {
  lp: {
    ...head,
    kpis: {
      pv: kpi(1200, 1000),
      uniqueVisitors: kpi(800, 0),
      avgDwellMs: kpi(5400, 5000),
      medianDwellMs: kpi(4000, 4000),
      swipesPerVisit: kpi(2.5, 2),
      linkCtr: kpi(0.12, 0.1),
      ctaClicks: kpi(30, 20),
      conversions: kpi(12, 10),
      cvr: kpi(0.015, 0.01),
    },
    conversionSources: {
      referrers: [
        { value: '', visits: 600, conversions: 6, cvr: 0.01 },
        { value: 'www.google.com', visits: 400, conversions: 0, cvr: 0 },
      ],
      utmSource: [{ value: 'instagram', visits: 1200, conversions: 36, cvr: 0.03 }],
      utmMedium: [],
      utmCampaign: [{ value: 'spring', visits: 0, conversions: 2, cvr: null }],
      adPlatforms: [{ platform: 'meta-ads', conversions: 30 }],
    },
    deliveries: [
      { platform: 'meta', delivered: 97, failed: 3, pending: 1, rate: 0.97 },
      { platform: 'google', delivered: 0, failed: 0, pending: 2, rate: null },
    ],
  },
  chart: {
    ...head,
    unit: 'day',
    points: [
      { date: '2026-11-01', pv: 1200, uniqueVisitors: 800, swipes: 2000, linkClicks: 90, conversions: 12 },
    ],
  },
  pages: {
    ...head,
    visits: 800,
    rows: [
      {
        position: 'A1',
        lang: 'JP',
        reach: 800,
        reachRate: 1,
        views: 1200,
        avgDwellMs: 5400,
        medianDwellMs: 4000,
        exits: 300,
        exitRate: 0.375,
        clicks: { link: 90, product: 4, sns: 2, cta: 30 },
        linkCtr: 0.12,
        productsOpened: 4,
        popupsShown: 40,
        conversions: 12,
        swipes: { up: 1, down: 2, left: 3, right: 4, jump: 5 },
      },
    ],
    thumbnails: [],
  },
  ranking: {
    ...head,
    available: false,
    pages: 1,
    minPages: 10,
    rankings: { pv: [], ctr: [], cv: [], ctaButton: [], popup: [] },
  },
}

/** The request as it arrives in the documents Lambda: through JSON. */
const overTheWire = (request: DocumentRequest) =>
  handler({ source: 'swipe.document', request: JSON.parse(JSON.stringify(request)) })

/** The local platform's renderer: the PDF drawn in this process. */
const inProcess = localDocuments(parsePlatformEnv({}))

const textOf = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text

afterEach(() => {
  vi.useRealTimers()
})

/** A running A/B test as the console shows it (issue 34), for the monthly report. */
const arm = (index: number, conversions: number, lift: ExperimentView['arms'][number]['lift']) => ({
  index,
  label: index ? 'B' : 'A',
  versionId: `v${index}`,
  weight: 50,
  kind: index ? ('creative' as const) : ('control' as const),
  cells: index ? ['JP:A1'] : [],
  visitors: 30_000,
  conversions,
  rate: conversions / 30_000,
  lift,
})
const experiment: ExperimentView = {
  id: 'e1',
  name: 'A1の見出し',
  state: 'RUNNING',
  goal: { type: 'link', cell: null, seconds: null },
  arms: [arm(0, 1500, null), arm(1, 1800, { absolute: 0.01, lower: 0.004, upper: 0.016, relative: 0.2 })],
  startAt: null,
  endAt: null,
  startedAt: '2026-11-02T00:00:00.000Z',
  endedAt: null,
  endReason: null,
  error: null,
  winner: null,
  autoPromote: false,
  minDays: 7,
  verdict: { kind: 'better', arm: 1, confidence: 95, text: 'BはAより優れています（信頼度95%）。' },
  split: { pValue: 1, broken: false },
  createdBy: null,
  createdAt: '2026-11-02T00:00:00.000Z',
}

// Each test draws its PDF three times (directly, in process, over the wire) and reads its text: about
// 1 s alone, past vitest's 5 s default once in CI's three lanes on 2 cores (a hang guard, not a speed
// check: docs/decisions/0059-ci-in-lanes.md).
describe('the documents Lambda', { timeout: 30_000 }, () => {
  it('answers the very PDF the in-process renderer makes of an invoice, base64', async () => {
    const direct = await renderInvoicePdf(invoice)
    // The local platform (the stack, tests, scripts) renders in process.
    expect((await inProcess.render({ kind: 'invoice', document: invoice })).equals(direct)).toBe(true)
    const answer = await overTheWire({ kind: 'invoice', document: invoice })
    if (!answer.ok) throw new Error(`Refused: ${JSON.stringify(answer)}`)
    expect(Object.keys(answer).sort()).toEqual(['base64', 'ok'])
    expect(Buffer.from(answer.base64, 'base64').equals(direct)).toBe(true)
    expect((await textOf(direct)).replace(/\s+/g, '')).toContain('合計（税込）¥33,110')
  })

  it('renders the monthly report in the language asked for, the same as in process', async () => {
    // pdfkit stamps the report with the time it was made: the same instant for both.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T12:00:00+09:00') })
    const now = Date.now()
    const request: DocumentRequest = { kind: 'monthlyReport', report, locale: 'en', now }
    const direct = await inProcess.render(request)
    const answer = await overTheWire(request)
    if (!answer.ok) throw new Error(`Refused: ${JSON.stringify(answer)}`)
    const remote = Buffer.from(answer.base64, 'base64')
    expect(remote.equals(direct)).toBe(true)
    const text = await textOf(remote)
    expect(text).toContain('春のキャンペーン')
    // Conversions by source with their rates, and the destinations' delivery rates (issue 32).
    for (const line of [
      'Conversions by source (languages together)',
      '(direct): 600 visits, 6 conversions, conversion rate 1.0%',
      'instagram: 1,200 visits, 36 conversions, conversion rate 3.0%',
      'spring: 0 visits, 2 conversions, conversion rate —',
      'Meta ads: 30 conversions',
      'Delivery rate by destination (test events excluded)',
      'Meta Conversions API: 97 delivered, 3 failed, 1 pending, delivery rate 97.0%',
      'Google Ads (enhanced conversions): 0 delivered, 0 failed, 2 pending, delivery rate —',
      'No A/B test ran this month.',
    ])
      expect(text, line).toContain(line)
  })

  it('draws the monthly report in Japanese, saying when no destination sent anything', async () => {
    const pdf = await inProcess.render({
      kind: 'monthlyReport',
      report: { ...report, lp: { ...report.lp, deliveries: [] }, experiments: [experiment] },
      locale: 'ja',
      now: Date.parse('2026-11-30T12:00:00+09:00'),
    })
    const text = await textOf(pdf)
    for (const line of [
      '流入元別のコンバージョン（言語の区別なし）',
      'instagram：訪問数 1,200、コンバージョン 36、コンバージョン率 3.0%',
      'Meta広告：コンバージョン 30',
      '送信先別の送信成功率（テスト送信を除く）',
      'この期間にサーバーから送信したコンバージョンはありません。',
      // The month's A/B test (issue 34): each arm, the variant's lift with its interval, the verdict.
      'A/Bテスト',
      'A1の見出し',
      '期間: 2026-11-02 09:00 〜 実施中',
      'A: 訪問者 30,000・コンバージョン 1,500・率 5.0%・差 —',
      'B: 訪問者 30,000・コンバージョン 1,800・率 6.0%・差 +1.0 pt (+0.4〜+1.6)',
      'BはAより優れています（信頼度95%）。',
    ])
      expect(text, line).toContain(line)
    expect(text).not.toContain('Meta コンバージョンAPI')
  })

  it('takes nothing but a document event of a kind it knows', async () => {
    for (const event of [
      { source: 'swipe.publish', request: { kind: 'invoice', document: invoice } },
      { source: 'swipe.document', request: { kind: 'letter' } },
      { source: 'swipe.document' },
      null,
    ]) {
      await expect(handler(event)).rejects.toThrow('The documents Lambda takes only document events')
    }
  })
})
