import type { MenuArea } from '@swipe/shared'
import { STORAGE_KEYS } from '../lib/storage.ts'

/** GET /auth/user-info as the API sends it (snake_case). */
export const userInfoBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'u-1',
  email: 'owner@example.com',
  account_type: 'MASTER',
  parent_type: null,
  user_type_segment: 'master',
  company_name: 'Swipe Inc.',
  contact_name: '山田 太郎',
  authority: 'EDIT',
  contract_status: 'ACTIVE',
  logo_url: null,
  main_color: null,
  text_color: null,
  menu_areas: ['summary', 'userList', 'siteProduction'] satisfies MenuArea[],
  ...overrides,
})

/** A session as if the user had signed in before. */
export const storeSession = (info: Record<string, unknown> = {}) => {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1')
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
  window.localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({ userTypeSegment: info.user_type_segment ?? 'master' }),
  )
}

/** One user's profile as GET /users and GET /users/{id} send it (snake_case). */
export const profileBody = (overrides: Record<string, unknown> = {}) => ({
  id: 'user-1',
  account_type: 'OEM_MASTER',
  parent_type: 'MASTER',
  parent_id: 'u-1',
  email: 'alpha@example.com',
  company_name: 'アルファ株式会社',
  contact_name: '佐藤 花子',
  plan_id: null,
  contract_start_date: '2025-04-01',
  contract_end_date: '2026-03-31',
  contract_status: 'ACTIVE',
  authority: 'EDIT',
  license_issuing: false,
  admin_role: null,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 3,
  ...overrides,
})

/** The API's 400 `error.validation` answer, with the field problems it names. */
export const validationRefusal = (
  details: Array<{ path: string; code: string; message: string; params?: Record<string, unknown> }>,
) => ({
  status: 400,
  body: { error: { code: 'error.validation', message: '入力内容に誤りがあります。', details } },
})
