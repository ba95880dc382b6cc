import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { creatorUser, userPlanAnswer } from '../../test/billing.ts'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const user = creatorUser

const bill = (id: string, month: string, status: string) => ({
  id,
  number: `INV-${month.replace('-', '')}-${id.toUpperCase()}`,
  account_id: 'user-1',
  company_name: 'デモクリエイター合同会社',
  month,
  plan_id: 'standard',
  plan_name: 'スタンダード',
  blocks_used: 9,
  plan_fee: 29_800,
  page_view_fee: 0,
  licence_fee: 0,
  subtotal: 29_800,
  tax: 2_980,
  total: 32_780,
  billing_method: 'BANK_TRANSFER',
  status,
  issued_at: `${month}-28T15:00:00.000Z`,
  due_date: `${month}-30`,
  replaces: null,
  replaced_by: null,
})

const userPlan = userPlanAnswer({
  pending: {
    plan: { id: 'premium', name: 'プレミアム', price: 49_800 },
    from: '2026-11-30T15:00:00.000Z',
    from_day: '2026-12-01',
  },
  usage: {
    month: '2026-11',
    sites: 1,
    blocks: 9,
    page_views: 60_000,
    projected_page_views: 75_000,
    projected_page_view_fee: 2_500,
  },
  contract: { minimum_months: 12, initial_fee: 100_000, start_date: '2026-04-01', end_date: '2027-03-31' },
  bills: [bill('b2', '2026-10', 'unpaid'), bill('b1', '2026-09', 'paid')],
})

describe('プラン確認', () => {
  it('shows the plan, the scheduled change, the usage against the plan and the payments', async () => {
    storeSession(user)
    const api = mockApi({
      'GET /auth/user-info': { body: userInfoBody(user) },
      'GET /user/user-plan': { body: userPlan },
      'GET /user/payment-card': {
        body: {
          account_id: 'user-1',
          available: true,
          payer: true,
          can_manage: true,
          method: 'BANK_TRANSFER',
          state: 'none',
          card: null,
          last_failure: null,
        },
      },
      'GET /user/bill/b2/export-pdf': {
        body: {
          url: 'https://files.example/INV.pdf',
          file_name: 'INV-202610-B2.pdf',
          sha256: 'a'.repeat(64),
        },
      },
      'GET /INV.pdf': { text: '%PDF-1.3', headers: { 'content-type': 'application/pdf' } },
    })
    renderWithProviders({ at: '/adminuser/check-plan' })
    const current = await screen.findByRole('region', { name: '現在のプラン' })
    expect(within(current).getByText('スタンダード → プレミアム（2026-12-01から）')).toBeTruthy()
    expect(within(current).getByText('¥29,800／月')).toBeTruthy()
    const usage = screen.getByRole('region', { name: '今月のご利用状況（2026-11）' })
    expect(within(usage).getByText('60,000 (上限 50,000)')).toBeTruthy()
    expect(within(usage).getByText('75,000')).toBeTruthy()
    expect(within(usage).getByText('¥2,500')).toBeTruthy()
    expect(screen.getByText('最低契約期間 12か月（途中解約不可）')).toBeTruthy()
    const history = screen.getByRole('region', { name: 'お支払い履歴・請求書' })
    const rows = within(history).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('2026/10スタンダード9¥29,800¥32,780銀行振込未払い'),
      expect.stringContaining('2026/09スタンダード9¥29,800¥32,780銀行振込支払済み'),
    ])
    // A user never sees the force-complete action.
    expect(within(history).queryByRole('button', { name: /^完了にする/ })).toBeNull()
    await userEvent.click(within(history).getByRole('button', { name: '請求書PDF 2026/10' }))
    await vi.waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/user/bill/b2/export-pdf'))
  })
})
