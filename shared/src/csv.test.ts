import { describe, expect, it } from 'vitest'
import { decodeCsv, neutralizeCell } from './csv.ts'

describe('neutralizeCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+81 3', `'+81 3`],
    ['-1', `'-1`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['\rx', `'\rx`],
    ['\nx', `'\nx`],
    ['\u0000=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['\u0000\u0001\u001f@SUM(A1)', `'@SUM(A1)`],
    ['a\u0000b\u007fc', 'abc'],
    ['  =1+1', `'  =1+1`],
    ['複数行\nの回答', '複数行\nの回答'],
    ['株式会社テスト', '株式会社テスト'],
    ['a=b', 'a=b'],
    [null, ''],
    [42, '42'],
    // Numbers the product computed stay numbers, negative ones too (issue 30).
    [-2.26, '-2.26'],
    [-0.5, '-0.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [true, 'true'],
    // The same characters as text are still neutralised: text is judged as text.
    ['-2.26', `'-2.26`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
  ])('%j -> %j', (input, output) => {
    expect(neutralizeCell(input)).toBe(output)
  })
})

describe('decodeCsv', () => {
  const text = 'メールアドレス,会社名\na@example.com,株式会社テスト\n'
  it('reads UTF-8 with and without BOM', () => {
    const bytes = new TextEncoder().encode(text)
    expect(decodeCsv(bytes)).toEqual({ text, encoding: 'utf-8' })
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({ text, encoding: 'utf-8' })
  })
  it('reads Shift_JIS', () => {
    // "会社" in Shift_JIS is 89 EF 8E D0.
    const sjis = new Uint8Array([0x89, 0xef, 0x8e, 0xd0, 0x2c, 0x41])
    expect(decodeCsv(sjis)).toEqual({ text: '会社,A', encoding: 'shift_jis' })
  })
})
