import { describe, expect, it } from 'vitest'
import { medianDwellMs, rankingsOf } from './metrics.ts'
import { previousPeriod, readingUnits, resolvePeriod } from './period.ts'
import type { Totals } from './read.ts'
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
