import { describe, expect, it } from 'vitest'
import {
  DAY_MS,
  JST_TIME_ZONE,
  jstDateTime,
  jstDay,
  jstDayRange,
  jstDayRangeIso,
  jstDayStart,
  jstMinute,
} from './jst.ts'

describe('JST calendar days', () => {
  it.each([
    ['2025-03-31T14:59:59.999Z', '2025-03-31'],
    ['2025-03-31T15:00:00.000Z', '2025-04-01'],
    ['2024-12-31T15:00:00.000Z', '2025-01-01'],
    ['2024-02-29T00:00:00.000Z', '2024-02-29'],
  ])('%s is %s in Japan', (instant, day) => {
    expect(jstDay(Date.parse(instant))).toBe(day)
  })

  it('starts a day at midnight in Japan (15:00 UTC the day before)', () => {
    expect(new Date(jstDayStart('2025-04-01')).toISOString()).toBe('2025-03-31T15:00:00.000Z')
    expect(jstDayStart('2025-04-02') - jstDayStart('2025-04-01')).toBe(DAY_MS)
    expect(jstDayStart('no day')).toBeNaN()
  })

  it('reads filter days as Japanese days: from inclusive, until the next day’s start', () => {
    expect(jstDayRange('2025-04-01', '2025-04-30')).toEqual({
      from: Date.parse('2025-03-31T15:00:00.000Z'),
      until: Date.parse('2025-04-30T15:00:00.000Z'),
    })
    expect(jstDayRangeIso('2025-04-01', '2025-04-30')).toEqual({
      from: '2025-03-31T15:00:00.000Z',
      until: '2025-04-30T15:00:00.000Z',
    })
    expect(jstDayRange('2025-04-01', undefined)).toEqual({
      from: Date.parse('2025-03-31T15:00:00.000Z'),
      until: undefined,
    })
    expect(jstDayRangeIso(undefined, '2025-12-31')).toEqual({
      from: undefined,
      until: '2025-12-31T15:00:00.000Z',
    })
    expect(jstDayRange(undefined, undefined)).toEqual({ from: undefined, until: undefined })
    expect(jstDayRangeIso(undefined, undefined)).toEqual({ from: undefined, until: undefined })
  })
})

describe('JST clock times', () => {
  it('shows instants on the Japanese clock to the second', () => {
    expect(jstDateTime('2025-03-31T15:00:00.000Z')).toBe('2025-04-01 00:00:00')
    expect(jstDateTime('2025-12-31T14:59:59.999Z')).toBe('2025-12-31 23:59:59')
    expect(jstDateTime('2025-06-01T12:00:00+09:00')).toBe('2025-06-01 12:00:00')
    expect(jstDateTime(null)).toBe('')
    expect(jstDateTime(undefined)).toBe('')
    expect(jstDateTime('soon')).toBe('soon')
  })

  it('shows instants on the Japanese clock to the minute', () => {
    expect(jstMinute('2025-03-31T15:00:59.999Z')).toBe('2025-04-01 00:00')
    expect(jstMinute('2025-12-31T14:59:00.000Z')).toBe('2025-12-31 23:59')
    expect(jstMinute(null)).toBe('')
    expect(jstMinute('')).toBe('')
    expect(jstMinute('soon')).toBe('soon')
  })

  it('agrees with the Asia/Tokyo time zone of Intl', () => {
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: JST_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    for (const iso of ['2025-01-01T00:00:00.000Z', '2025-07-15T14:59:59.000Z', '2030-12-31T23:30:00.000Z'])
      expect(jstDateTime(iso)).toBe(format.format(new Date(iso)))
  })
})
