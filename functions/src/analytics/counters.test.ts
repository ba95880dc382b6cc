import { AnalyticsBody, type AnalyticsEvent, CLICK_TARGETS } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import { CONVERSION_KINDS, DWELL_BUCKETS_MS, STAT_METRICS } from '#data/stat-metrics'
import { cellWritesOf, countersOf, counts, directionOf } from './counters.ts'

const base = { siteId: 's', lang: 'JP' as const }

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
      'dir.r#JP#A1': 1,
      'dir.r#JP#*': 1,
      'click.sns#EN#B1': 1,
      'click.sns#EN#*': 1,
      'dwell#JP#B1': 1,
      'dwell#JP#A1': 1,
      'dwell#JP#*': 2,
      'dwellMs#JP#B1': 1200,
      'dwellMs#JP#A1': 300,
      'dwellMs#JP#*': 1500,
      'dwb.1#JP#B1': 1,
      'dwb.0#JP#A1': 1,
      'dwb.0#JP#*': 1,
      'dwb.1#JP#*': 1,
      'cta.2#JP#A1': 1,
      'cta.2#JP#*': 1,
      'product#JP#B1': 1,
      'product#JP#*': 1,
    })
  })
})

describe('cellWritesOf', () => {
  it("makes one write per cell and language (and each language's page), with every metric of it summed", () => {
    const events: AnalyticsEvent[] = [
      ...Array.from({ length: 7 }, () => ({ ...base, event: 'view' as const, position: 'A1' })),
      { ...base, event: 'swipe', from: 'A1', to: 'B1' },
      { ...base, event: 'swipe', from: 'B1', to: 'A1' },
      { ...base, event: 'click', position: 'A1', target: 'link' },
      { ...base, event: 'click', position: 'A1', target: 'link' },
      { ...base, event: 'click', position: 'A1', target: 'cta' },
      { ...base, event: 'dwell', position: 'A1', durationMs: 1000 },
      { ...base, event: 'dwell', position: 'A1', durationMs: 250 },
      { ...base, event: 'cta', position: 'B1', cta: 19 },
      { ...base, lang: 'EN', event: 'product', position: 'A1' },
    ]
    expect(cellWritesOf(events)).toEqual([
      {
        lang: 'JP',
        position: 'A1',
        adds: {
          view: 7,
          swipeOut: 1,
          swipeIn: 1,
          dir_r: 1,
          click_link: 2,
          click_cta: 1,
          dwell: 2,
          dwellMs: 1250,
          dwb_0: 1,
          dwb_1: 1,
        },
      },
      {
        lang: 'JP',
        position: '*',
        adds: {
          view: 7,
          swipeOut: 2,
          swipeIn: 2,
          dir_r: 1,
          dir_l: 1,
          click_link: 2,
          click_cta: 1,
          dwell: 2,
          dwellMs: 1250,
          dwb_0: 1,
          dwb_1: 1,
          cta_19: 1,
        },
      },
      { lang: 'JP', position: 'B1', adds: { swipeIn: 1, swipeOut: 1, dir_l: 1, cta_19: 1 } },
      { lang: 'EN', position: 'A1', adds: { product: 1 } },
      { lang: 'EN', position: '*', adds: { product: 1 } },
    ])
  })

  it('counts exactly what countersOf counts, in one write per item instead of one per counter', () => {
    const session: AnalyticsEvent[] = [
      { ...base, event: 'view', position: 'A1' },
      { ...base, event: 'dwell', position: 'A1', durationMs: 1200 },
      { ...base, event: 'swipe', from: 'A1', to: 'B1' },
      { ...base, event: 'view', position: 'B1' },
      { ...base, event: 'dwell', position: 'B1', durationMs: 800 },
      { ...base, event: 'swipe', from: 'B1', to: 'B2' },
      { ...base, event: 'view', position: 'B2' },
      { ...base, event: 'click', position: 'B2', target: 'link' },
      { ...base, event: 'dwell', position: 'B2', durationMs: 2500 },
      { ...base, event: 'swipe', from: 'B2', to: 'C2' },
    ]
    const writes = cellWritesOf(session)
    const flattened = Object.fromEntries(
      writes.flatMap(({ lang, position, adds }) =>
        Object.entries(adds).map(([field, amount]) => [
          `${field.replace('_', '.')}#${lang}#${position}`,
          amount,
        ]),
      ),
    )
    expect(flattened).toEqual(Object.fromEntries(countersOf(session)))
    // 22 counters before directions (3 swipes: 5 with the roll-ups) and dwell buckets (3: 6).
    expect(countersOf(session).size).toBe(33)
    expect(writes.map((w) => w.position)).toEqual(['A1', '*', 'B1', 'B2', 'C2'])
  })
})

describe('STAT_METRICS', () => {
  it('holds every metric a valid event can add to (each is an attribute of the counter item)', () => {
    const event = { site: 's', lang: 'ja', event: 'cta', position: 'A1' }
    expect(AnalyticsBody.safeParse({ ...event, cta: 20 }).success).toBe(false)
    const valid = [
      ...Array.from({ length: 20 }, (_, cta) => AnalyticsBody.parse({ ...event, cta })[0]!),
      ...CLICK_TARGETS.map((target) => AnalyticsBody.parse({ ...event, event: 'click', target })[0]!),
      ...AnalyticsBody.parse([
        { ...event, event: 'view' },
        { ...event, event: 'swipe', from: 'B2', to: 'B1', first: true },
        { ...event, event: 'swipe', from: 'B2', to: 'B3' },
        { ...event, event: 'swipe', from: 'B2', to: 'A2' },
        { ...event, event: 'swipe', from: 'B2', to: 'C2' },
        { ...event, event: 'swipe', from: 'B2', to: 'D4' },
        { ...event, event: 'product' },
      ]),
      ...[0, ...DWELL_BUCKETS_MS].map(
        (durationMs) => AnalyticsBody.parse({ ...event, event: 'dwell', durationMs })[0]!,
      ),
    ]
    const metrics = new Set([...countersOf(valid).keys()].map((key) => key.split('#')[0]))
    // Unique visitors and conversions are counted by the service, not by beacon events.
    for (const other of ['visitor', ...CONVERSION_KINDS.map((kind) => `conv.${kind}`)]) metrics.add(other)
    expect([...metrics].sort()).toEqual([...STAT_METRICS].sort())
  })
})

describe('directionOf', () => {
  it.each([
    ['B2', 'B1', 'u'],
    ['B2', 'B3', 'd'],
    ['B2', 'A2', 'l'],
    ['B2', 'C2', 'r'],
    ['B2', 'D2', 'j'],
    ['B2', 'C3', 'j'],
    ['B2', 'B2', 'j'],
  ])('%s → %s: %s', (from, to, direction) => {
    expect(directionOf(from, to)).toBe(direction)
  })

  it('counts a first arrival only when the swipe says so', () => {
    const swipe = { ...base, event: 'swipe' as const, from: 'A1', to: 'A2' }
    expect(countersOf([swipe]).get('arrive#JP#A2')).toBeUndefined()
    expect(countersOf([{ ...swipe, first: true }]).get('arrive#JP#A2')).toBe(1)
    expect(countersOf([{ ...swipe, first: true }]).get('arrive#JP#*')).toBe(1)
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
