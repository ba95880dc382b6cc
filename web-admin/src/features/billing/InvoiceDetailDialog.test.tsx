import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { creatorUser, userPlanAnswer } from '../../test/billing.ts'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

/** A first invoice: the plan, page views over the limit, extra blocks and the initial fee. */
const firstInvoice = {
  id: 'b1',
  number: 'INV-202610-B1',
  account_id: 'user-1',
  company_name: 'デモクリエイター合同会社',
  month: '2026-10',
  plan_id: 'standard',
  plan_name: 'スタンダード',
  blocks_used: 31,
  plan_fee: 29_800,
  page_view_fee: 300,
  licence_fee: 1_000,
  initial_fee: 100_000,
  subtotal: 131_100,
  tax: 13_110,
  total: 144_210,
  tax_by_rate: [{ tax_rate: 10, taxable: 131_100, tax: 13_110 }],
  billing_method: 'BANK_TRANSFER',
  status: 'completed',
  issued_at: '2026-10-31T15:00:00.000Z',
  issued_day: '2026-11-01',
  transaction_day: '2026-10-31',
  due_date: '2026-11-30',
  replaces: null,
  replaced_by: null,
  force_completed: { at: '2026-11-28T05:30:00.000Z', by: null, reason: '11月28日に振込を確認' },
}

const yenOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

describe('payment 詳細', () => {
  it('lists every amount of the invoice, and the rows add up to the subtotal, the tax and the total', async () => {
    storeSession(creatorUser)
    mockApi({
      'GET /auth/user-info': { body: userInfoBody(creatorUser) },
      'GET /user/user-plan': { body: userPlanAnswer({ bills: [firstInvoice] }) },
      'GET /user/payment-card': {
        body: {
          account_id: 'user-1',
          available: false,
          payer: true,
          can_manage: false,
          method: 'BANK_TRANSFER',
          state: 'none',
          card: null,
          last_failure: null,
        },
      },
    })
    renderWithProviders({ at: '/adminuser/check-plan' })
    const history = await screen.findByRole('region', { name: 'お支払い履歴・請求書' })
    await userEvent.click(within(history).getByRole('button', { name: '詳細' }))
    const dialog = await screen.findByRole('dialog', { name: 'INV-202610-B1' })

    const amounts = new Map(
      [...dialog.querySelectorAll<HTMLElement>('[data-amount]')].map((el) => [
        el.dataset.amount as string,
        yenOf(el.textContent),
      ]),
    )
    expect(Object.fromEntries(amounts)).toEqual({
      planFee: 29_800,
      pageViewFee: 300,
      licenceFee: 1_000,
      initialFee: 100_000,
      subtotal: 131_100,
      'tax-10': 13_110,
      total: 144_210,
    })
    const lines = ['planFee', 'pageViewFee', 'licenceFee', 'initialFee'].map((k) => amounts.get(k) ?? 0)
    const taxes = [...amounts].filter(([k]) => k.startsWith('tax-')).map(([, v]) => v)
    expect(lines.reduce((a, b) => a + b, 0)).toBe(amounts.get('subtotal'))
    expect((amounts.get('subtotal') ?? 0) + taxes.reduce((a, b) => a + b, 0)).toBe(amounts.get('total'))

    // Labelled as the invoice prints them, with its dates (Japan), and the force-complete record.
    for (const text of [
      '初期費用',
      '消費税（10%、対象 ¥131,100）',
      '取引年月日',
      '2026-10-31',
      '2026-11-01',
      '2026-11-30',
    ])
      expect(within(dialog).getByText(text)).toBeTruthy()
    const forced = within(dialog).getByRole('region', { name: '強制完了の記録' })
    expect(within(forced).getByText('2026-11-28 14:30')).toBeTruthy()
    expect(within(forced).getByText('11月28日に振込を確認')).toBeTruthy()
    // Who did it is for platform staff: the API sends no name here, and none is shown.
    expect(within(forced).queryByText('実行者')).toBeNull()
  })
})
