import { requiredText } from '@swipe/shared'
import type { FormInstance, FormRule } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/index.ts'
import { ApiError } from './api.ts'
import { applyServerErrors, endDateRule, serverFieldErrors } from './formRules.ts'
import { emailRule, passwordRule, zodRule } from './schemaRules.ts'

/** Runs one antd rule the way antd does and returns its message, or null when the value passes. */
const check = async (
  rule: FormRule,
  value: unknown,
  fields: Record<string, unknown> = {},
): Promise<string | null> => {
  const form = { getFieldValue: (name: string) => fields[name] } as unknown as FormInstance
  const resolved = typeof rule === 'function' ? rule(form) : rule
  try {
    await resolved.validator?.({} as never, value, () => {})
    return null
  } catch (error) {
    return (error as Error).message
  }
}

afterEach(async () => {
  await i18n.changeLanguage('ja')
})

describe('shared rules as antd rules', () => {
  it('checks the password with the shared schema, in the interface language', async () => {
    expect(await check(passwordRule(), 'Valid#Pass1')).toBeNull()
    expect(await check(passwordRule(), '')).toBe('この項目は必須です。')
    expect(await check(passwordRule(), 'Sh#1a')).toBe('パスワードは8〜20文字で入力してください。')
    expect(await check(passwordRule(), 'nouppercase#1')).toMatch(/英大文字/)
    expect(await check(passwordRule(), 'Has Space#1')).toMatch(/空白/)
    await i18n.changeLanguage('en')
    expect(await check(passwordRule(), 'Sh#1a')).toBe('The password must be 8 to 20 characters.')
  })

  it('checks email addresses', async () => {
    expect(await check(emailRule(), 'owner@example.com')).toBeNull()
    expect(await check(emailRule(), 'owner@')).toBe('メールアドレスの形式が正しくありません。')
    expect(await check(emailRule(), undefined)).toBe('この項目は必須です。')
  })

  it('needs an end date after the start date once a start is set (SPEC §5)', async () => {
    const rule = endDateRule('start')
    expect(await check(rule, undefined)).toBeNull()
    expect(await check(rule, '2025-01-01')).toBeNull()
    expect(await check(rule, undefined, { start: '2025-04-01' })).toBe(
      '開始日を設定した場合は終了日が必要です。',
    )
    expect(await check(rule, '2025-04-01', { start: '2025-04-01' })).toBe(
      '終了日は開始日より後の日付にしてください。',
    )
    expect(await check(rule, '2026-03-31', { start: '2025-04-01' })).toBeNull()
  })

  it('fills the limits into the message', async () => {
    expect(await check(zodRule(requiredText(5)), 'abcdefg')).toBe('5文字以内で入力してください。')
  })
})

describe('server field errors', () => {
  const error = new ApiError('入力内容に誤りがあります。', 400, 'error.validation', [
    { path: 'body.oldPassword', code: 'auth.wrongPassword', message: '現在のパスワードが正しくありません。' },
    { path: 'body.new_password', code: 'validation.passwordRule', message: '' },
    { path: 'body.somethingElse', code: 'validation.invalid', message: 'x' },
  ])

  it('maps details paths (camelCase or snake_case) onto the form fields it knows', () => {
    expect(serverFieldErrors(error, ['oldPassword', 'newPassword'])).toEqual([
      { name: 'oldPassword', errors: ['現在のパスワードが正しくありません。'] },
      { name: 'newPassword', errors: [expect.stringMatching(/英小文字/)] },
    ])
    expect(serverFieldErrors(new Error('x'), ['oldPassword'])).toEqual([])
  })

  it('sets them on the form and says whether any field took one', () => {
    const setFields = vi.fn()
    const form = { setFields } as unknown as FormInstance
    expect(applyServerErrors(form, error, ['oldPassword'])).toBe(true)
    expect(setFields).toHaveBeenCalledWith([
      { name: 'oldPassword', errors: ['現在のパスワードが正しくありません。'] },
    ])
    expect(applyServerErrors(form, error, ['email'])).toBe(false)
  })
})
