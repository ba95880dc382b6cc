import { describe, expect, it } from 'vitest'
import { CreateNewsBody, CreateSystemNotiBody, contentStatus, localized, MarkAsReadBody } from './content.ts'

const at = Date.parse('2026-11-24T12:00:00.000Z')
const iso = (offsetMs: number) => new Date(at + offsetMs).toISOString()

describe('statuses computed when read (SPEC §4)', () => {
  it('is draft, unpublic before the start, public in between, expired once the end has passed', () => {
    expect(contentStatus({ draft: true, visibleFrom: iso(-1000) }, at)).toBe('draft')
    expect(contentStatus({ draft: false, visibleFrom: iso(1) }, at)).toBe('unpublic')
    expect(contentStatus({ draft: false, visibleFrom: iso(0) }, at)).toBe('public')
    expect(contentStatus({ draft: false, visibleFrom: iso(-1000), endDate: iso(1) }, at)).toBe('public')
    expect(contentStatus({ draft: false, visibleFrom: iso(-1000), endDate: iso(0) }, at)).toBe('expired')
    expect(contentStatus({ draft: false, visibleFrom: null }, at)).toBe('draft')
  })
})

const codes = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('notice rules (SPEC §5)', () => {
  const news = { title: 'お知らせ', content: '本文', mode: 'INSTANT' }
  it('takes 120 characters of content and refuses 121', () => {
    expect(CreateNewsBody.safeParse({ ...news, content: 'あ'.repeat(120) }).success).toBe(true)
    expect(codes(CreateNewsBody.safeParse({ ...news, content: 'あ'.repeat(121) }))).toEqual([
      ['content', 'validation.tooLong'],
    ])
  })

  it('needs a start to schedule, an end with a start, and the end after the start', () => {
    expect(codes(CreateNewsBody.safeParse({ ...news, mode: 'RESERVE' }))).toEqual([
      ['startDate', 'validation.required'],
    ])
    expect(codes(CreateNewsBody.safeParse({ ...news, mode: 'RESERVE', startDate: iso(0) }))).toEqual([
      ['endDate', 'validation.endRequired'],
    ])
    expect(
      codes(CreateNewsBody.safeParse({ ...news, mode: 'RESERVE', startDate: iso(0), endDate: iso(0) })),
    ).toEqual([['endDate', 'validation.endBeforeStart']])
    expect(CreateNewsBody.safeParse({ ...news, endDate: iso(1) }).success).toBe(true)
  })

  it('requires the Japanese text of a system notification and at least one receiver', () => {
    const base = { audiences: ['OEM_USER'], mode: 'INSTANT', title: { ja: 'a' }, content: { ja: 'b' } }
    expect(CreateSystemNotiBody.safeParse(base).success).toBe(true)
    expect(codes(CreateSystemNotiBody.safeParse({ ...base, title: { en: 'a' } }))).toEqual([
      ['title.ja', 'validation.required'],
    ])
    expect(codes(CreateSystemNotiBody.safeParse({ ...base, audiences: [] }))).toEqual([
      ['audiences', 'validation.required'],
    ])
    expect(codes(MarkAsReadBody.safeParse({}))).toEqual([['notiIds', 'validation.required']])
  })

  it("reads the reader's language, else Japanese", () => {
    expect(localized({ ja: '日本語', en: 'English' }, 'en')).toBe('English')
    expect(localized({ ja: '日本語', en: ' ' }, 'en')).toBe('日本語')
    expect(localized({ ja: '日本語' }, 'ko')).toBe('日本語')
  })
})
