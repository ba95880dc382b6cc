import { describe, expect, it } from 'vitest'
import { ANALYTICS_LIMITS, AnalyticsBody, siteLanguageOf, VisitorLangQuery } from './visitor.ts'

describe('siteLanguageOf', () => {
  it.each([
    ['JP', 'JP'],
    ['ja', 'JP'],
    ['KR', 'KR'],
    ['kr', 'KR'],
    ['cn', 'CN'],
    ['En', 'EN'],
    ['ko', undefined],
    ['zh', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (value, lang) => {
    expect(siteLanguageOf(value)).toBe(lang)
  })

  it('reads an unknown ?lang= as not given', () => {
    expect(VisitorLangQuery.parse({ lang: 'fr' })).toEqual({ lang: undefined })
    expect(VisitorLangQuery.parse({ lang: 'en' })).toEqual({ lang: 'EN' })
  })
})

describe('AnalyticsBody', () => {
  const island = { site: 's1', lang: 'ja', event: 'view', position: 'A1', at: 1 }

  it("takes the island's beacon as it is sent: one event, `site`, the language segment", () => {
    expect(AnalyticsBody.parse(island)).toEqual([
      { siteId: 's1', lang: 'JP', event: 'view', position: 'A1', at: 1 },
    ])
  })

  it('takes an array or { events }, 1 to 50', () => {
    expect(AnalyticsBody.parse([island, island])).toHaveLength(2)
    expect(AnalyticsBody.parse({ events: Array.from({ length: 50 }, () => island) })).toHaveLength(50)
    expect(AnalyticsBody.safeParse({ events: Array.from({ length: 51 }, () => island) }).success).toBe(false)
    expect(AnalyticsBody.safeParse([]).success).toBe(false)
  })

  it('clamps a dwell to 30 minutes and refuses a negative one', () => {
    const dwell = { ...island, event: 'dwell', durationMs: 99_999_999 }
    expect(AnalyticsBody.parse(dwell)[0]).toMatchObject({ durationMs: ANALYTICS_LIMITS.maxDwellMs })
    expect(AnalyticsBody.parse({ ...dwell, durationMs: 1234.6 })[0]).toMatchObject({ durationMs: 1235 })
    expect(AnalyticsBody.safeParse({ ...dwell, durationMs: -5 }).success).toBe(false)
  })

  it.each([
    ['a cell that is no cell', { position: 'a1' }],
    ['row 0', { position: 'A0' }],
    ['row 101', { position: 'A101' }],
    ['no site', { site: undefined }],
    ['an unknown language', { lang: 'fr' }],
    ['an unknown event', { event: 'hover' }],
    ['a click without its target', { event: 'click' }],
    ['a click on an unknown target', { event: 'click', target: 'menu' }],
    ['a CTA index out of range', { event: 'cta', cta: 20 }],
  ])('refuses %s', (_name, change) => {
    expect(AnalyticsBody.safeParse({ ...island, ...change }).success).toBe(false)
  })
})
