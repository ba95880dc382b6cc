import { describe, expect, it } from 'vitest'
import { applicantLimit, ctaState, hasEnded, type StoredCta, withinDates } from './cta.ts'

const NOW = Date.parse('2025-06-01T12:00:00+09:00')
const H = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

const limited = (limit: string, extra: Partial<StoredCta> = {}): StoredCta => ({
  kind: 'APPLICANT_LIMIT',
  limit,
  effectiveSheets: [1, 3],
  ...extra,
})

describe('remaining slots and activity of an applicant-limit CTA (server side of SPEC §4)', () => {
  it.each([
    // limit, clicks, remaining, active sheets
    ['3', 0, 3, [1, 3]],
    ['3', 2, 1, [1, 3]],
    ['3', 3, 0, []],
    ['3', 7, 0, []],
    ['0', 0, 0, []],
    ['120', 119, 1, [1, 3]],
  ] as const)('limit %s with %i clicks: %i left, shows on %j', (limit, clicks, remaining, sheets) => {
    const state = ctaState(limited(limit), clicks, NOW, 'JP')
    expect(state).toEqual({
      remaining,
      activeSheets: [...sheets],
      active: sheets.length > 0,
      countdown: 'データなし',
    })
  })

  it('has no slots to count without a numeric limit, and never for a time-limit CTA', () => {
    expect(ctaState(limited(''), 5, NOW, 'EN').remaining).toBeNull()
    expect(ctaState({ kind: 'TIME_LIMIT', limit: '3', effectiveSheets: [1] }, 9, NOW, 'EN')).toEqual({
      remaining: null,
      activeSheets: [1],
      active: true,
      countdown: 'No data',
    })
    expect(applicantLimit(limited('4'))).toBe(4)
    expect(applicantLimit({ kind: 'TIME_LIMIT', limit: '4' })).toBeUndefined()
  })

  it.each([
    ['running', { startDate: iso(NOW - H), endDate: iso(NOW + 2 * H) }, [1, 3], '2 h left'],
    ['not started', { startDate: iso(NOW + H), endDate: iso(NOW + 2 * H) }, [], '2 h left'],
    ['ended', { startDate: iso(NOW - 2 * H), endDate: iso(NOW - H) }, [], ''],
    ['ends this instant', { startDate: iso(NOW - H), endDate: iso(NOW) }, [1, 3], ''],
    ['only an end, ahead', { endDate: iso(NOW + 30 * 60_000) }, [1, 3], '30 min left'],
    ['four days ahead', { endDate: iso(NOW + 97 * H) }, [1, 3], '4 days left'],
  ] as const)('dates %s: shows on %j, countdown %j', (_name, dates, sheets, countdown) => {
    const state = ctaState(limited('3', dates), 1, NOW, 'EN')
    expect(state.activeSheets).toEqual([...sheets])
    expect(state.countdown).toBe(countdown)
  })

  it('answers for one sheet when asked, and shows on every page without sheets', () => {
    expect(ctaState(limited('3'), 0, NOW, 'JP', 3).active).toBe(true)
    expect(ctaState(limited('3'), 0, NOW, 'JP', 2).active).toBe(false)
    // No page chosen: each of the site's four pages.
    expect(ctaState(limited('3', { effectiveSheets: [] }), 0, NOW, 'JP', undefined, 4)).toMatchObject({
      activeSheets: [1, 2, 3, 4],
      active: true,
    })
    expect(ctaState(limited('3', { effectiveSheets: [] }), 0, NOW, 'JP', 2, 4).active).toBe(true)
    // …unless its slots are gone.
    expect(ctaState(limited('3', { effectiveSheets: [] }), 3, NOW, 'JP', 2, 4)).toMatchObject({
      activeSheets: [],
      active: false,
    })
  })

  it('tells the dates apart from the sheets for clicks, and which CTAs have ended', () => {
    expect(withinDates({ effectiveSheets: [] }, NOW)).toBe(true)
    expect(withinDates({ startDate: iso(NOW + 1), endDate: iso(NOW + H) }, NOW)).toBe(false)
    expect(withinDates({ startDate: iso(NOW), endDate: iso(NOW) }, NOW)).toBe(true)
    expect(hasEnded({ endDate: iso(NOW - 1) }, NOW)).toBe(true)
    expect(hasEnded({ endDate: iso(NOW) }, NOW)).toBe(false)
    expect(hasEnded({}, NOW)).toBe(false)
  })
})
