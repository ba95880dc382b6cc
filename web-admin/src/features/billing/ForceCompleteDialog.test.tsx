import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import type { Bill } from './api.ts'
import { ForceCompleteDialog } from './ForceCompleteDialog.tsx'

const bill = {
  id: 'b1',
  month: '2026-10',
  companyName: 'デモクリエイター合同会社',
  total: 144_210,
} as Bill

describe('force-complete confirmation', () => {
  it('asks why, sends nothing without a reason, and sends the reason with the confirmation', async () => {
    const api = mockApi({
      'POST /user/bill/b1/force-complete': { body: { id: 'b1', message: '支払いを完了にしました。' } },
    })
    const onClose = vi.fn()
    renderWithProviders({ ui: <ForceCompleteDialog bill={bill} onClose={onClose} /> })
    const dialog = await screen.findByRole('dialog', { name: 'この支払いを完了にしますか？' })
    expect(within(dialog).getByText(/デモクリエイター合同会社の2026\/10分（¥144,210）/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: '完了にする' }))
    expect(await within(dialog).findByText('理由を入力してください。')).toBeTruthy()
    expect(api.requests).toEqual([])
    await userEvent.type(within(dialog).getByLabelText('理由'), '  11月28日に振込を確認 ')
    await userEvent.click(within(dialog).getByRole('button', { name: '完了にする' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/user/bill/b1/force-complete', { confirm: true, reason: '11月28日に振込を確認' }],
    ])
  })
})
