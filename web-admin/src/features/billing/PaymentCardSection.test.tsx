import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { creatorUser, userPlanAnswer } from '../../test/billing.ts'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import { CONFIRM_WINDOW_MS } from './PaymentCardSection.tsx'

const user = creatorUser
const userPlan = userPlanAnswer()

const visa = {
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2034,
  saved_at: '2026-11-02T01:00:00.000Z',
}
const cardBody = (extra: Record<string, unknown>) => ({
  account_id: 'user-1',
  available: true,
  payer: true,
  can_manage: true,
  method: 'CARD',
  state: 'saved',
  card: visa,
  last_failure: null,
  ...extra,
})

const open = async (
  card: Record<string, unknown> | (() => Record<string, unknown>),
  more: Parameters<typeof mockApi>[0] = {},
  at = '/adminuser/check-plan',
) => {
  storeSession(user)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody(user) },
    'GET /user/user-plan': { body: userPlan },
    'GET /user/payment-card': typeof card === 'function' ? () => ({ body: card() }) : { body: card },
    ...more,
  })
  renderWithProviders({ at })
  const section = await screen.findByRole('region', { name: 'お支払い方法' })
  return { api, section }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('プラン確認: payment card', () => {
  it('with no card: says invoices are bank transfers and sends the user to the hosted page to add one', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const { api, section } = await open(cardBody({ method: 'BANK_TRANSFER', state: 'none', card: null }), {
      'POST /user/payment-card/setup': {
        status: 201,
        body: { url: 'http://127.0.0.1:4242/checkout/cs_test_1' },
      },
    })
    expect(
      await within(section).findByText(
        'カードは登録されていません。ご請求は銀行振込でお支払いいただきます。',
      ),
    ).toBeTruthy()
    await userEvent.click(within(section).getByRole('button', { name: 'カードを登録' }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4242/checkout/cs_test_1'))
    const sent = api.requests.find((r) => r.path === '/user/payment-card/setup')
    expect(sent?.body).toEqual({ return_path: '/adminuser/check-plan' })
  })

  it('shows the saved card as a summary and removes it after a confirmation', async () => {
    const { api, section } = await open(cardBody({}), {
      'DELETE /user/payment-card': {
        body: {
          ...cardBody({ method: 'BANK_TRANSFER', state: 'none', card: null }),
          message: 'カードを削除しました。今後のご請求は銀行振込でのお支払いになります。',
        },
      },
    })
    expect(await within(section).findByText('Visa •••• 4242')).toBeTruthy()
    expect(within(section).getByText('有効期限 12/2034')).toBeTruthy()
    expect(within(section).getByText('登録済み')).toBeTruthy()
    await userEvent.click(within(section).getByRole('button', { name: 'カードを削除' }))
    const dialog = await screen.findByRole('dialog', { name: 'カードを削除しますか？' })
    expect(within(dialog).getByText(/Visa •••• 4242 を削除します。/)).toBeTruthy()
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: '削除する' }))
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/user/payment-card',
      ]),
    )
    expect(
      await screen.findByText('カードを削除しました。今後のご請求は銀行振込でのお支払いになります。'),
    ).toBeTruthy()
  })

  it('says when the last payment failed', async () => {
    const { section } = await open(
      cardBody({
        state: 'failed',
        last_failure: { invoice_id: 'b1', number: 'INV-202610-B1', month: '2026-10' },
      }),
    )
    expect(await within(section).findByText('前回の決済に失敗')).toBeTruthy()
    expect(
      within(section).getByText(
        '2026-10分のお支払い（請求書番号 INV-202610-B1）でカード決済ができませんでした。カードを変更してください。',
      ),
    ).toBeTruthy()
    expect(within(section).getByRole('button', { name: 'カードを変更' })).toBeTruthy()
  })

  it('says when a card expires soon', async () => {
    const { section } = await open(cardBody({ state: 'expiringSoon' }))
    expect(await within(section).findByText('まもなく有効期限切れ')).toBeTruthy()
    expect(
      within(section).getByText('カードの有効期限が近づいています。新しいカードに変更してください。'),
    ).toBeTruthy()
  })

  it('says card payments are unavailable and offers no card action where they are not configured', async () => {
    const { section } = await open(
      cardBody({ available: false, can_manage: false, method: 'BANK_TRANSFER', state: 'none', card: null }),
    )
    expect(
      await within(section).findByText(
        '現在クレジットカード決済はご利用いただけません。ご請求は銀行振込でお支払いください。',
      ),
    ).toBeTruthy()
    expect(within(section).queryByRole('button')).toBeNull()
  })

  it('a viewer sees the card but cannot change it', async () => {
    const { section } = await open(cardBody({ can_manage: false }))
    expect(await within(section).findByText('Visa •••• 4242')).toBeTruthy()
    expect(within(section).queryByRole('button')).toBeNull()
  })

  it('back from saving a card, removing it leaves no 「確認しています」 behind (issue 30)', async () => {
    let stored: Record<string, unknown> = cardBody({ card: { ...visa, saved_at: new Date().toISOString() } })
    const none = cardBody({ method: 'BANK_TRANSFER', state: 'none', card: null })
    const { section } = await open(
      () => stored,
      {
        'DELETE /user/payment-card': () => {
          stored = none
          return {
            body: {
              ...none,
              message: 'カードを削除しました。今後のご請求は銀行振込でのお支払いになります。',
            },
          }
        },
      },
      '/adminuser/check-plan?card=saved',
    )
    expect(await within(section).findByText('カードを登録しました。')).toBeTruthy()
    await userEvent.click(within(section).getByRole('button', { name: 'カードを削除' }))
    const dialog = await screen.findByRole('dialog', { name: 'カードを削除しますか？' })
    await userEvent.click(within(dialog).getByRole('button', { name: '削除する' }))
    expect(
      await within(section).findByText(
        'カードは登録されていません。ご請求は銀行振込でお支払いいただきます。',
      ),
    ).toBeTruthy()
    expect(within(section).queryByText('カードの登録を確認しています…')).toBeNull()
    expect(within(section).queryByText('カードを登録しました。')).toBeNull()
  })

  it('stops saying 「確認しています」 when the saved card never arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { api, section } = await open(
      cardBody({ method: 'BANK_TRANSFER', state: 'none', card: null }),
      {},
      '/adminuser/check-plan?card=saved',
    )
    expect(await within(section).findByText('カードの登録を確認しています…')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(CONFIRM_WINDOW_MS + 5_000)
    expect(
      await within(section).findByText(
        'カードの登録をまだ確認できません。しばらくしてからページを再読み込みしてください。',
      ),
    ).toBeTruthy()
    expect(within(section).queryByText('カードの登録を確認しています…')).toBeNull()
    // No more polling once it has given up.
    const reads = api.requests.filter((r) => r.path === '/user/payment-card').length
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.requests.filter((r) => r.path === '/user/payment-card').length).toBe(reads)
  })
})
