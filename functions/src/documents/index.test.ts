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

describe('the documents Lambda', () => {
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
    expect(await textOf(remote)).toContain('春のキャンペーン')
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
