import { describe, expect, it } from 'vitest'
import { type CtaRules, ctaContentFor, ctaImageKeys, isCtaActive, onSheet, remainingSlots } from './cta.ts'

const T = (s: string) => `2026-11-22T${s}:00.000Z`
const now = Date.parse(T('12:00'))
const sheets = [1, 3]

describe('isCtaActive (SPEC §4)', () => {
  it.each<[string, CtaRules, number, boolean]>([
    [
      'inside start and end, on an effective sheet',
      { startDate: T('11:00'), endDate: T('13:00'), effectiveSheets: sheets },
      1,
      true,
    ],
    [
      'inside the dates, on another sheet',
      { startDate: T('11:00'), endDate: T('13:00'), effectiveSheets: sheets },
      2,
      false,
    ],
    ['before the start', { startDate: T('12:01'), endDate: T('13:00'), effectiveSheets: sheets }, 1, false],
    ['after the end', { startDate: T('10:00'), endDate: T('11:59'), effectiveSheets: sheets }, 1, false],
    [
      'exactly at the start',
      { startDate: T('12:00'), endDate: T('13:00'), effectiveSheets: sheets },
      3,
      true,
    ],
    ['exactly at the end', { startDate: T('11:00'), endDate: T('12:00'), effectiveSheets: sheets }, 3, true],
    [
      'equal start and end at this instant',
      { startDate: T('12:00'), endDate: T('12:00'), effectiveSheets: sheets },
      1,
      true,
    ],
    [
      'equal start and end at another instant',
      { startDate: T('11:00'), endDate: T('11:00'), effectiveSheets: sheets },
      1,
      false,
    ],
    ['only a start, passed: from then on', { startDate: T('09:00'), effectiveSheets: sheets }, 1, true],
    ['only a start, to come', { startDate: T('13:00'), effectiveSheets: sheets }, 1, false],
    ['only an end, to come: until then', { endDate: T('13:00'), effectiveSheets: sheets }, 3, true],
    ['only an end, passed', { endDate: T('11:00'), effectiveSheets: sheets }, 3, false],
    ['no dates: always', { effectiveSheets: sheets }, 3, true],
    ['null dates: always', { startDate: null, endDate: null, effectiveSheets: sheets }, 1, true],
    // No page chosen is every page (the editor: 「選択しない場合は、すべてのページに表示されます」).
    ['no effective sheets: every page', { effectiveSheets: [] }, 1, true],
    ['no effective sheets: every page, a later one too', { effectiveSheets: [] }, 37, true],
    ['sheets absent: every page', {}, 4, true],
    ['sheets null: every page', { effectiveSheets: null }, 2, true],
    [
      'no sheets, but before the start',
      { startDate: T('12:01'), endDate: T('13:00'), effectiveSheets: [] },
      1,
      false,
    ],
    ['no sheets, applicant limit full', { kind: 'APPLICANT_LIMIT', remaining: 0 }, 1, false],
    [
      'applicant limit with slots left',
      { kind: 'APPLICANT_LIMIT', remaining: 3, effectiveSheets: sheets },
      1,
      true,
    ],
    [
      'applicant limit with no slot left',
      { kind: 'APPLICANT_LIMIT', remaining: 0, effectiveSheets: sheets },
      1,
      false,
    ],
    ['applicant limit, slots unknown', { kind: 'APPLICANT_LIMIT', effectiveSheets: sheets }, 1, true],
    ['time limit ignores slots', { kind: 'TIME_LIMIT', remaining: 0, effectiveSheets: sheets }, 1, true],
  ])('%s', (_, cta, sheet, expected) => {
    expect(isCtaActive(cta, now, sheet)).toBe(expected)
    expect(isCtaActive(cta, new Date(now), sheet)).toBe(expected)
  })
})

describe('remainingSlots', () => {
  it.each<[string | number | undefined, number | undefined, number | undefined]>([
    ['100', 37, 63],
    ['100', undefined, 100],
    [5, 9, 0],
    ['', 0, undefined],
    [undefined, 3, undefined],
    ['many', 0, undefined],
  ])('limit %s less %s clicks is %s', (limit, clicks, expected) => {
    expect(remainingSlots(limit, clicks)).toBe(expected)
  })
})

describe('onSheet', () => {
  it.each<[readonly number[] | null | undefined, number, boolean]>([
    [[2, 4], 2, true],
    [[2, 4], 3, false],
    [[], 3, true],
    [undefined, 1, true],
    [null, 9, true],
  ])('sheets %j take page %i: %s', (sheets, page, expected) => {
    expect(onSheet(sheets, page)).toBe(expected)
  })
})

describe('ctaContentFor', () => {
  const cta = {
    localized: [
      { lang: 'JP', content: '今だけ30%オフ', imageUrl: 'jp.png' },
      { lang: 'EN', content: '30% off today' },
      { lang: 'KR', content: '  ', imageUrl: 'kr.png' },
    ],
  }

  it('answers the language’s own text and image', () => {
    expect(ctaContentFor(cta, 'JP', 'JP')).toEqual({ content: '今だけ30%オフ', imageUrl: 'jp.png' })
  })

  it('falls back to the default language’s, text and image each on its own', () => {
    // English has its text but no image; Korean an image but only blanks; Chinese nothing.
    expect(ctaContentFor(cta, 'EN', 'JP')).toEqual({ content: '30% off today', imageUrl: 'jp.png' })
    expect(ctaContentFor(cta, 'KR', 'JP')).toEqual({ content: '今だけ30%オフ', imageUrl: 'kr.png' })
    expect(ctaContentFor(cta, 'CN', 'JP')).toEqual({ content: '今だけ30%オフ', imageUrl: 'jp.png' })
  })

  it('is empty when neither the language nor the default language has any', () => {
    expect(ctaContentFor(cta, 'CN', 'EN')).toEqual({ content: '30% off today', imageUrl: undefined })
    expect(ctaContentFor({ localized: [] }, 'EN', 'JP')).toEqual({ content: '', imageUrl: undefined })
    expect(ctaContentFor({}, 'JP', 'JP')).toEqual({ content: '', imageUrl: undefined })
  })

  it('lists every image of every language', () => {
    expect(ctaImageKeys(cta)).toEqual(['jp.png', 'kr.png'])
    expect(ctaImageKeys({})).toEqual([])
  })
})
