import { describe, expect, it } from 'vitest'
import { COUNTDOWN_TEXTS, countdownText, DAY, HOUR, MINUTE } from './countdown.ts'

const now = Date.parse('2026-11-22T12:00:00.000Z')
const at = (ms: number) => new Date(now + ms).toISOString()

describe('countdownText (SPEC §4)', () => {
  it.each([
    ['no end date', undefined, 'データなし'],
    ['null end date', null, 'データなし'],
    ['an end date that is no date', 'soon', 'データなし'],
    ['ended long ago', at(-DAY), ''],
    ['exactly zero left', at(0), ''],
    ['one second left (the last minute still reads 1)', at(1000), '残り1分'],
    ['one minute left', at(MINUTE), '残り1分'],
    ['59 minutes 59 seconds left', at(HOUR - 1000), '残り59分'],
    ['exactly 60 minutes left: hours', at(HOUR), '残り1時間'],
    ['90 minutes left', at(90 * MINUTE), '残り1時間'],
    ['71 hours 59 minutes left', at(72 * HOUR - MINUTE), '残り71時間'],
    ['exactly 72 hours left: days', at(72 * HOUR), '残り3日'],
    ['10 days and a bit left', at(10 * DAY + 5 * HOUR), '残り10日'],
  ])('%s', (_, end, expected) => {
    expect(countdownText(end, now, 'JP')).toBe(expected)
  })

  it.each([
    ['EN', ['No data', '', '5 min left', '2 h left', '4 days left']],
    ['CN', ['暂无数据', '', '剩余5分钟', '剩余2小时', '剩余4天']],
    ['KR', ['데이터 없음', '', '5분 남음', '2시간 남음', '4일 남음']],
    ['JP', ['データなし', '', '残り5分', '残り2時間', '残り4日']],
  ] as const)('speaks %s', (lang, [noData, ended, minutes, hours, days]) => {
    expect(countdownText(undefined, now, lang)).toBe(noData)
    expect(countdownText(at(-1), now, lang)).toBe(ended)
    expect(countdownText(at(5 * MINUTE + 30_000), now, lang)).toBe(minutes)
    expect(countdownText(at(2 * HOUR + 59 * MINUTE), now, lang)).toBe(hours)
    expect(countdownText(at(4 * DAY + 23 * HOUR), now, lang)).toBe(days)
  })

  it('takes the end and now as dates, ISO strings or epoch milliseconds alike', () => {
    const end = now + 3 * HOUR
    expect(countdownText(end, new Date(now), 'EN')).toBe('3 h left')
    expect(countdownText(new Date(end), now, 'EN')).toBe('3 h left')
    expect(countdownText(new Date(end).toISOString(), now, 'EN')).toBe('3 h left')
  })

  it('has every text in every language', () => {
    for (const texts of Object.values(COUNTDOWN_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(['days', 'hours', 'minutes', 'noData'])
      for (const [unit, text] of Object.entries(texts))
        expect(unit === 'noData' || text.includes('{n}')).toBe(true)
    }
  })
})
