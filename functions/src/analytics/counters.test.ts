import type { AnalyticsEvent } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import { countersOf, counts, jstDay } from './counters.ts'

const base = { siteId: 's', lang: 'JP' as const }

describe('jstDay', () => {
  it.each([
    ['2025-03-31T14:59:59.999Z', '2025-03-31'],
    ['2025-03-31T15:00:00.000Z', '2025-04-01'],
    ['2024-12-31T15:00:00.000Z', '2025-01-01'],
    ['2024-02-29T00:00:00.000Z', '2024-02-29'],
  ])('%s is %s in Japan', (instant, day) => {
    expect(jstDay(Date.parse(instant))).toBe(day)
  })
})

describe('countersOf', () => {
  it('sums a request per counter, each with its roll-up over the page', () => {
    const events: AnalyticsEvent[] = [
      { ...base, event: 'view', position: 'A1' },
      { ...base, event: 'view', position: 'A1' },
      { ...base, event: 'swipe', from: 'A1', to: 'B1' },
      { ...base, lang: 'EN', event: 'click', position: 'B1', target: 'sns' },
      { ...base, event: 'dwell', position: 'B1', durationMs: 1200 },
      { ...base, event: 'dwell', position: 'A1', durationMs: 300 },
      { ...base, event: 'cta', position: 'A1', cta: 2 },
      { ...base, event: 'product', position: 'B1' },
    ]
    expect(Object.fromEntries(countersOf(events))).toEqual({
      'view#JP#A1': 2,
      'view#JP#*': 2,
      'swipeOut#JP#A1': 1,
      'swipeOut#JP#*': 1,
      'swipeIn#JP#B1': 1,
      'swipeIn#JP#*': 1,
      'click.sns#EN#B1': 1,
      'click.sns#EN#*': 1,
      'dwell#JP#B1': 1,
      'dwell#JP#A1': 1,
      'dwell#JP#*': 2,
      'dwellMs#JP#B1': 1200,
      'dwellMs#JP#A1': 300,
      'dwellMs#JP#*': 1500,
      'cta.2#JP#A1': 1,
      'cta.2#JP#*': 1,
      'product#JP#B1': 1,
      'product#JP#*': 1,
    })
  })
})

describe('counts', () => {
  const site = { status: 'PUBLISH', languages: ['JP'], numberHorizontal: 2, numberVertical: 3 }
  const as = (value: object) => value as Parameters<typeof counts>[0]
  it.each([
    [
      'a published site, its language, a cell of its grid',
      site,
      { ...base, event: 'view', position: 'C2' },
      true,
    ],
    ['a draft', { ...site, status: 'DRAFT' }, { ...base, event: 'view', position: 'A1' }, false],
    ['no site', undefined, { ...base, event: 'view', position: 'A1' }, false],
    ['another language', site, { ...base, lang: 'EN', event: 'view', position: 'A1' }, false],
    ['a column past the grid', site, { ...base, event: 'view', position: 'D1' }, false],
    ['a row past the grid', site, { ...base, event: 'view', position: 'A3' }, false],
    ['a swipe leaving the grid', site, { ...base, event: 'swipe', from: 'C2', to: 'C3' }, false],
  ] as const)('%s: %s', (_name, value, event, expected) => {
    expect(counts(value === undefined ? undefined : as(value), event as AnalyticsEvent)).toBe(expected)
  })
})
