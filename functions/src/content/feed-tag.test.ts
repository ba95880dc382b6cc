import { describe, expect, it } from 'vitest'
import { feedTag, matchesTag, passedEpoch, StateMemo } from './feed-tag.ts'

describe('the bell tag', () => {
  it('answers a repeated poll from memory: one load per key and time-to-live', async () => {
    let clock = 0
    const loads: string[] = []
    const memo = new StateMemo(
      async (key) => {
        loads.push(key)
        return { version: loads.length }
      },
      15_000,
      () => clock,
    )
    expect(await memo.get('OEM_USER')).toEqual({ version: 1 })
    clock = 14_999
    expect(await memo.get('OEM_USER')).toEqual({ version: 1 })
    expect(loads).toEqual(['OEM_USER'])
    clock = 15_000
    expect(await memo.get('OEM_USER')).toEqual({ version: 2 })
    // What this Lambda wrote is remembered without a read.
    memo.set('OEM_USER', { version: 7 })
    expect(await memo.get('OEM_USER')).toEqual({ version: 7 })
    expect(loads).toEqual(['OEM_USER', 'OEM_USER'])
  })

  it('changes when a version changes or a stored instant passes, and per reader, language and page', () => {
    const audience = { version: 3, instants: ['2026-12-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'] }
    const base = { accountId: 'a', locale: 'ja', page: '10:', audience, reader: { version: 1 } }
    const before = Date.parse('2026-11-30T23:59:59.999Z')
    const tag = feedTag({ ...base, now: before })
    expect(tag).toMatch(/^"[\w-]{27}"$/)
    expect(feedTag({ ...base, now: before - 1000 })).toBe(tag)
    expect(feedTag({ ...base, now: before + 1 })).not.toBe(tag)
    expect(feedTag({ ...base, now: before, audience: { ...audience, version: 4 } })).not.toBe(tag)
    expect(feedTag({ ...base, now: before, reader: { version: 2 } })).not.toBe(tag)
    expect(feedTag({ ...base, now: before, accountId: 'b' })).not.toBe(tag)
    expect(feedTag({ ...base, now: before, locale: 'en' })).not.toBe(tag)
    expect(feedTag({ ...base, now: before, page: '10:abc' })).not.toBe(tag)
    expect(passedEpoch(audience.instants, before)).toBe('')
    expect(passedEpoch(audience.instants, Date.parse('2027-01-01T00:00:00Z'))).toBe(
      '2026-12-31T00:00:00.000Z',
    )
  })

  it('reads If-None-Match lists, weak tags and *', () => {
    expect(matchesTag('"x"', '"x"')).toBe(true)
    expect(matchesTag('"y", W/"x"', '"x"')).toBe(true)
    expect(matchesTag('*', '"x"')).toBe(true)
    expect(matchesTag('"y"', '"x"')).toBe(false)
    expect(matchesTag(undefined, '"x"')).toBe(false)
  })
})
