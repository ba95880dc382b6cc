import type { MemberRow, SubmissionRow } from '@swipe/shared'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { membersCsv, submissionsCsv } from './csv.ts'
import { answersOf } from './rows.ts'

const member = (overrides: Partial<MemberRow> = {}): MemberRow => ({
  id: 'm-1',
  email: 'a@example.com',
  status: 'ACTIVE',
  lang: 'JP',
  company: '',
  answers: [],
  createdAt: '2025-03-31T15:00:00.000Z',
  confirmedAt: null,
  ...overrides,
})

const submission = (overrides: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: 's-1',
  email: 'a@example.com',
  lang: 'EN',
  company: '',
  answers: [],
  mode: null,
  mailStatus: 'SENT',
  createdAt: '2025-03-31T15:00:00.000Z',
  ...overrides,
})

const rowsOf = (body: unknown) => {
  const text = String(body)
  expect(text.startsWith('\uFEFF')).toBe(true)
  return parse(text.slice(1)) as string[][]
}

describe('answersOf', () => {
  it('keeps text answers, drops anything password-like and whatever is not an answer', () => {
    expect(
      answersOf([
        { name: 'f-1', title: 'お名前', value: '山田' },
        { name: 'password', title: 'パスワード', value: 'secret' },
        { name: 'confirm_password', title: '確認', value: 'secret' },
        { name: 'f-2', title: '数', value: 3 },
        'stray',
        null,
      ]),
    ).toEqual([
      { name: 'f-1', title: 'お名前', value: '山田' },
      { name: 'f-2', title: '数', value: '3' },
    ])
    expect(answersOf(undefined)).toEqual([])
  })
})

describe('membersCsv', () => {
  it('puts one column per answer title, newest form first, and neutralises cells and titles', () => {
    const reply = membersCsv(
      [
        member({
          email: 'new@example.com',
          answers: [
            { name: 'email', title: 'メール', value: 'new@example.com' },
            { name: 'f-2', title: '=SUM(A1)', value: 'x' },
            { name: 'f-1', title: 'お名前', value: '新' },
          ],
        }),
        member({
          email: 'old@example.com',
          status: 'PENDING',
          company: '+81 3',
          answers: [
            { name: 'f-1', title: 'お名前', value: '古' },
            { name: 'f-9', title: 'お名前', value: '二つ目' },
            { name: 'f-0', title: '旧項目', value: '-1' },
          ],
        }),
      ],
      'en',
    )
    expect(reply.headers?.['content-type']).toBe('text/csv; charset=utf-8')
    expect(rowsOf(reply.body)).toEqual([
      [
        'Email',
        'Status',
        'Company name',
        'Registered (JST)',
        'Confirmed (JST)',
        'Language',
        "'=SUM(A1)",
        'お名前',
        '旧項目',
      ],
      ['new@example.com', 'Registered', '', '2025-04-01 00:00:00', '', 'JP', 'x', '新', ''],
      ['old@example.com', 'Pending', "'+81 3", '2025-04-01 00:00:00', '', 'JP', '', '古\n二つ目', "'-1"],
    ])
  })
})

describe('submissionsCsv', () => {
  it('names contact and form files apart and adds the mode to forms only', () => {
    const contacts = submissionsCsv('contact', [submission()], 'ja')
    expect(contacts.headers?.['content-disposition']).toMatch(/filename="contacts-/)
    expect(rowsOf(contacts.body)[0]).toEqual([
      '受信日時 (JST)',
      'メールアドレス',
      '会社名',
      '言語',
      '通知メール',
    ])
    const forms = submissionsCsv('form', [submission({ mode: 'trial', mailStatus: 'FAILED' })], 'ja')
    expect(forms.headers?.['content-disposition']).toMatch(/filename="forms-/)
    expect(rowsOf(forms.body)).toEqual([
      ['受信日時 (JST)', 'メールアドレス', '会社名', '言語', 'モード', '通知メール'],
      ['2025-04-01 00:00:00', 'a@example.com', '', 'EN', 'trial', '送信失敗'],
    ])
  })

  it('writes the header row alone when nothing matches', () => {
    expect(rowsOf(submissionsCsv('contact', [], 'en').body)).toEqual([
      ['Received (JST)', 'Email', 'Company name', 'Language', 'Notification mail'],
    ])
  })
})
