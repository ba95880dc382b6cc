import { describe, expect, it } from 'vitest'
import { type CtaRules, isCtaActive, remainingSlots } from './cta.ts'

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
    ['no effective sheets: nowhere', { effectiveSheets: [] }, 1, false],
    ['sheets absent: nowhere', {}, 1, false],
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
