import { type LpReport, SOURCE_OTHER } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import { lpCsv } from './csv.ts'
import { conversionSourcesOf, deliveryRatesOf, medianDwellMs, rankingsOf } from './metrics.ts'
import { previousPeriod, readingUnits, resolvePeriod } from './period.ts'
import type { DeliveryCounts, SourceCounts, Totals } from './read.ts'
import { thumbnailKey } from './thumbnails.ts'

describe('resolvePeriod', () => {
  const today = '2026-11-24'
  it('defaults to this month up to today, and reads a later day of this month as today', () => {
    expect(resolvePeriod({}, today)).toEqual({ from: '2026-11-01', to: today })
    expect(resolvePeriod({ from: '2026-11-01', to: '2026-11-30' }, today)).toEqual({
      from: '2026-11-01',
      to: today,
    })
    expect(resolvePeriod({ to: '2026-10-31' }, today)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
  })

  it('refuses a future month and a day before the 1st of the month twelve months back (SPEC §5)', () => {
    expect(() => resolvePeriod({ from: '2026-12-01', to: '2026-12-31' }, today)).toThrow(
      expect.objectContaining({
        details: [
          { path: 'query.from', code: 'validation.futureMonth' },
          { path: 'query.to', code: 'validation.futureMonth' },
        ],
      }),
    )
    expect(resolvePeriod({ from: '2025-11-01', to: '2025-11-30' }, today)).toEqual({
      from: '2025-11-01',
      to: '2025-11-30',
    })
    expect(() => resolvePeriod({ from: '2025-10-31', to: '2025-11-30' }, today)).toThrow(
      expect.objectContaining({ details: [{ path: 'query.from', code: 'validation.tooOld' }] }),
    )
  })
})

describe('previousPeriod', () => {
  it.each([
    ['a whole month: the whole month before', '2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'],
    [
      'month to date: the same days of the month before',
      '2026-11-01',
      '2026-11-24',
      '2026-10-01',
      '2026-10-24',
    ],
    ['a 31st with a shorter month before', '2026-05-01', '2026-05-30', '2026-04-01', '2026-04-30'],
    ['across the year', '2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
    ['any other range: as many days just before', '2026-11-10', '2026-11-16', '2026-11-03', '2026-11-09'],
  ])('%s', (_name, from, to, previousFrom, previousTo) => {
    expect(previousPeriod({ from, to })).toEqual({ from: previousFrom, to: previousTo })
  })
})

describe('readingUnits', () => {
  it('reads each month the period covers (as far as today) from its roll-up, the rest day by day', () => {
    expect(readingUnits({ from: '2026-09-29', to: '2026-11-24' }, '2026-11-24')).toEqual({
      months: ['2026-10', '2026-11'],
      days: ['2026-09-29', '2026-09-30'],
    })
    expect(readingUnits({ from: '2026-11-01', to: '2026-11-23' }, '2026-11-24')).toEqual({
      months: [],
      days: Array.from({ length: 23 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
    })
  })
})

describe('medianDwellMs', () => {
  it('interpolates inside the bucket that holds the middle dwell', () => {
    // 3 dwells under 1 s, 1 in 1–2 s, 2 in 3–5 s: the middle (3rd) is the last under 1 s.
    expect(medianDwellMs({ dwb_0: 3, dwb_1: 1, dwb_3: 2 })).toBe(1000)
    expect(medianDwellMs({ dwb_2: 4 })).toBe(2500)
    expect(medianDwellMs({ dwb_9: 5 })).toBe(120_000)
    expect(medianDwellMs({})).toBe(0)
  })
})

describe('rankingsOf', () => {
  const cells = new Map<string, Totals>([
    ['JP#A1', { view: 10, arrive: 0, click_link: 1 }],
    ['EN#A1', { view: 5, click_link: 4 }],
    ['JP#B1', { swipeIn: 15, arrive: 12, click_link: 6, conv_contact: 2 }],
    ['JP#C1', { swipeIn: 3, arrive: 3, cta_0: 4, click_cta: 1 }],
  ])
  it('ranks creatives over the languages, values above 0 only, ties in page order', () => {
    const { available, rankings } = rankingsOf(cells, { rows: 2, columns: 5 }, ['JP', 'EN'])
    expect(available).toBe(true)
    expect(rankings.pv).toEqual([
      { rank: 1, position: 'A1', value: 15 },
      { rank: 2, position: 'B1', value: 15 },
      { rank: 3, position: 'C1', value: 3 },
    ])
    expect(rankings.ctr).toEqual([
      { rank: 1, position: 'B1', value: 0.5 },
      { rank: 2, position: 'A1', value: 0.3333 },
    ])
    expect(rankings.cv).toEqual([{ rank: 1, position: 'B1', value: 2 }])
    expect(rankings.ctaButton).toEqual([{ rank: 1, position: 'C1', value: 1 }])
    expect(rankings.popup).toEqual([{ rank: 1, position: 'C1', value: 4 }])
  })

  it('gives the empty-data answer below 10 pages', () => {
    expect(rankingsOf(cells, { rows: 3, columns: 3 }, ['JP'])).toEqual({
      available: false,
      pages: 9,
      minPages: 10,
      rankings: { pv: [], ctr: [], cv: [], ctaButton: [], popup: [] },
    })
  })
})

describe('thumbnailKey', () => {
  const file = (key: string, format: 'jpeg' | 'webp', target: number) => ({
    key,
    format,
    contentType: `image/${format}`,
    width: target,
    height: target,
    bytes: 1,
    target,
  })
  const image = { mediaType: 'image', mediaKey: 'sites/s/uploads/a.png' }
  const video = { mediaType: 'video', mediaKey: 'sites/s/uploads/v.mov' }

  it("shows a video's poster, the JPEG one, and nothing while the video has none", () => {
    const poster = [file('poster.webp', 'webp', 351), file('poster.jpg', 'jpeg', 351)]
    expect(thumbnailKey(video, { poster, renditions: [] })).toBe('poster.jpg')
    expect(thumbnailKey(video, undefined)).toBeUndefined()
    expect(thumbnailKey(video, { poster: [], renditions: [] })).toBeUndefined()
  })

  it("shows an image's narrowest JPEG rendition wide enough for the tile, else the upload", () => {
    const renditions = [
      file('w702.jpg', 'jpeg', 702),
      file('w176.jpg', 'jpeg', 176),
      file('w351.jpg', 'jpeg', 351),
      file('w176.webp', 'webp', 176),
    ]
    expect(thumbnailKey(image, { poster: undefined, renditions })).toBe('w351.jpg')
    expect(thumbnailKey(image, { poster: undefined, renditions: [renditions[1]!] })).toBe('w176.jpg')
    expect(thumbnailKey(image, undefined)).toBe(image.mediaKey)
    expect(thumbnailKey({ mediaType: 'image' }, undefined)).toBeUndefined()
  })
})

describe('conversionSourcesOf', () => {
  const of = (entries: Array<[string, number, number]>) =>
    new Map<string, SourceCounts>(
      entries.map(([value, visits, conversions]) => [value, { visits, conversions }]),
    )
  it('rates each value’s conversions over its own landing views, most conversions first, null without views', () => {
    const sources = new Map([
      [
        'ref' as const,
        of([
          ['', 500, 5],
          ['www.google.com', 300, 9],
          ['t.co', 40, 0],
          ['gone.example', 0, 0],
        ]),
      ],
      [
        'utmSource' as const,
        of([
          ['instagram', 1200, 36],
          ['newsletter', 10, 0],
          [SOURCE_OTHER, 0, 2],
        ]),
      ],
      [
        'adPlatform' as const,
        of([
          ['meta-ads', 0, 3],
          ['google-ads', 0, 7],
          ['tiktok-ads', 0, 0],
        ]),
      ],
    ])
    expect(conversionSourcesOf(sources)).toEqual({
      referrers: [
        { value: 'www.google.com', visits: 300, conversions: 9, cvr: 0.03 },
        { value: '', visits: 500, conversions: 5, cvr: 0.01 },
        { value: 't.co', visits: 40, conversions: 0, cvr: 0 },
      ],
      utmSource: [
        { value: 'instagram', visits: 1200, conversions: 36, cvr: 0.03 },
        { value: SOURCE_OTHER, visits: 0, conversions: 2, cvr: null },
        { value: 'newsletter', visits: 10, conversions: 0, cvr: 0 },
      ],
      utmMedium: [],
      utmCampaign: [],
      adPlatforms: [
        { platform: 'google-ads', conversions: 7 },
        { platform: 'meta-ads', conversions: 3 },
      ],
    })
  })

  it('keeps the top 10 values of a kind', () => {
    const many = of(Array.from({ length: 15 }, (_, i) => [`v${String(i).padStart(2, '0')}`, 100, i]))
    const rows = conversionSourcesOf(new Map([['utmCampaign' as const, many]])).utmCampaign
    expect(rows.map((r) => r.value)).toEqual(
      Array.from({ length: 10 }, (_, i) => `v${String(14 - i).padStart(2, '0')}`),
    )
  })
})

describe('deliveryRatesOf', () => {
  it('rates delivered over ended deliveries, pending ones aside; null while none ended', () => {
    const counts = (DELIVERED: number, FAILED: number, PENDING: number): DeliveryCounts => ({
      DELIVERED,
      FAILED,
      PENDING,
    })
    expect(
      deliveryRatesOf(
        new Map([
          ['meta', counts(97, 3, 1)],
          ['line', counts(0, 2, 0)],
          ['google', counts(0, 0, 4)],
        ]),
      ),
    ).toEqual([
      { platform: 'meta', delivered: 97, failed: 3, pending: 1, rate: 0.97 },
      { platform: 'line', delivered: 0, failed: 2, pending: 0, rate: 0 },
      { platform: 'google', delivered: 0, failed: 0, pending: 4, rate: null },
    ])
  })
})

describe('lpCsv', () => {
  const kpi = (value: number) => ({ value, previous: 0, change: null })
  const report: LpReport = {
    site: { id: 's', name: 'n', rows: 1, columns: 1, languages: ['JP'] },
    period: { from: '2026-11-01', to: '2026-11-30' },
    previous: { from: '2026-10-01', to: '2026-10-31' },
    lang: null,
    kpis: {
      pv: kpi(1500),
      uniqueVisitors: kpi(1000),
      avgDwellMs: kpi(0),
      medianDwellMs: kpi(0),
      swipesPerVisit: kpi(0),
      linkCtr: kpi(0),
      ctaClicks: kpi(0),
      conversions: kpi(40),
      cvr: kpi(0.0267),
    },
    conversionSources: {
      referrers: [{ value: '', visits: 300, conversions: 4, cvr: 0.0133 }],
      utmSource: [
        { value: 'instagram', visits: 1200, conversions: 36, cvr: 0.03 },
        { value: SOURCE_OTHER, visits: 0, conversions: 1, cvr: null },
      ],
      utmMedium: [],
      utmCampaign: [{ value: '=cmd|"/c calc"!a1', visits: 5, conversions: 0, cvr: 0 }],
      adPlatforms: [{ platform: 'line-ads', conversions: 2 }],
    },
    deliveries: [
      { platform: 'meta', delivered: 97, failed: 3, pending: 1, rate: 0.97 },
      { platform: 'tiktok', delivered: 0, failed: 0, pending: 2, rate: null },
    ],
  }

  it('adds the conversions by source and the delivery rates as tables of their own, formula-safe', () => {
    const body = String(lpCsv(report, 'ja').body).replace('\uFEFF', '')
    const tables = body.split('\r\n\r\n')
    expect(tables).toHaveLength(3)
    expect(tables[0]!.split('\r\n')[0]).toBe('指標,単位,当期間,前期間,増減率（%）')
    expect(tables[1]!.split('\r\n')).toEqual([
      '種類,流入元,訪問数,コンバージョン数,コンバージョン率（%）',
      '参照元,（直接アクセス）,300,4,1.33',
      'UTMソース,instagram,1200,36,3',
      'UTMソース,（その他）,0,1,',
      `UTMキャンペーン,"'=cmd|""/c calc""!a1",5,0,0`,
      '広告のクリックID,LINE広告,,2,',
    ])
    expect(tables[2]).toBe(
      [
        '送信先,送信済み,失敗,送信待ち,送信成功率（%）',
        'Meta コンバージョンAPI,97,3,1,97',
        'TikTok イベントAPI,0,0,2,',
        '',
      ].join('\r\n'),
    )
  })

  it('writes the headers alone when nothing converted and no destination sent anything', () => {
    const empty = {
      ...report,
      conversionSources: { referrers: [], utmSource: [], utmMedium: [], utmCampaign: [], adPlatforms: [] },
      deliveries: [],
    }
    const tables = String(lpCsv(empty, 'en').body).split('\r\n\r\n')
    expect(tables.slice(1)).toEqual([
      'Kind,Source,Visits,Conversions,Conversion rate (%)',
      'Destination,Delivered,Failed,Pending,Delivery rate (%)\r\n',
    ])
  })
})
