import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { platform, runWithPlatform } from '#platform'
import { type CsvColumn, csvReply, csvText } from './csv.ts'

interface Row {
  name: string
  change: number
  at: string | number | null
}

const columns: CsvColumn<Row>[] = [
  [{ text: '名前' }, (r) => r.name],
  [{ text: '増減' }, (r) => r.change],
  ['csv.createdAt', (r) => r.at, 'dateTime'],
]

describe('csvText (issue 30: numbers stay numbers, one JST format, CRLF)', () => {
  it('writes exact RFC 4180 bytes: CRLF, a negative number as a number, formula-like text neutralised, JST', () => {
    const text = csvText(
      columns,
      [
        { name: '=HYPERLINK("http://evil","x")', change: -2.26, at: '2026-03-31T15:00:00.000Z' },
        { name: '複数行\r\nの回答, 二つ目', change: 0, at: Date.parse('2026-11-29T00:00:05Z') },
        { name: '@SUM(A1)', change: 12.5, at: null },
      ],
      'ja',
    )
    expect(text).toBe(
      [
        '名前,増減,作成日時 (JST)',
        `"'=HYPERLINK(""http://evil"",""x"")",-2.26,2026-04-01 00:00:00`,
        '"複数行\r\nの回答, 二つ目",0,2026-11-29 09:00:05',
        `'@SUM(A1),12.5,`,
        '',
      ].join('\r\n'),
    )
    // What a reader such as pandas or Python's csv sees: the number as a number's text.
    expect(parse(text, { columns: true })[0]).toEqual({
      名前: `'=HYPERLINK("http://evil","x")`,
      増減: '-2.26',
      '作成日時 (JST)': '2026-04-01 00:00:00',
    })
  })

  it('names the zone in every language and neutralises a formula-like header', () => {
    const header = (locale: 'en' | 'zh' | 'ko') => csvText(columns, [], locale).split('\r\n')[0]
    expect(header('en')).toBe('名前,増減,Created (JST)')
    expect(header('zh')).toBe('名前,増減,创建时间 (JST)')
    expect(header('ko')).toBe('名前,増減,생성 일시 (JST)')
    expect(csvText<Row>([[{ text: '=cmd' }, (r) => r.name]], [], 'ja')).toBe(`'=cmd\r\n`)
  })
})

describe('csvReply', () => {
  it('answers UTF-8 with BOM under a name dated by the Japanese day', () => {
    const clock = { now: () => Date.parse('2026-11-29T16:00:00Z') }
    const reply = runWithPlatform({ ...platform(), clock }, () => csvReply('sites', columns, [], 'ja'))
    expect(reply.body).toBe('\uFEFF名前,増減,作成日時 (JST)\r\n')
    expect(reply.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="sites-2026-11-30.csv"',
    })
  })
})
