import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const master = userInfoBody({ menu_areas: ['summary', 'planManagement'] })

const FEATURES = {
  private_domain: false,
  setting_popup_cta: false,
  setting_form_contact: true,
  analytics_effect: false,
  setting_tag_seo: false,
  multi_language: false,
}

/** One plan as `GET /plan` lists it (snake_case). */
const plan = (id: string, name: string, historyDays: number) => ({
  id,
  name,
  price: 9_800,
  quantity_swipe: 10,
  quantity_site: 1,
  limit_access: 10_000,
  limit_access_price: 100,
  swipe: true,
  features: FEATURES,
  history_days: historyDays,
  retired: false,
  version: 1,
})

describe('プラン管理: how long published versions can be returned to (issue 33)', () => {
  it('shows each plan’s days, 「無制限」 for 0, and sends the days a new plan is given', async () => {
    storeSession()
    const api = mockApi({
      'GET /auth/user-info': { body: master },
      'GET /users': { body: { items: [], next_cursor: null } },
      'GET /plan': { body: { items: [plan('light', 'ライト', 30), plan('pro', 'プロ', 0)] } },
      'POST /plan': (request) => ({
        status: 201,
        body: {
          ...plan('t-new', 'テスト', 0),
          ...(request.body as object),
          message: 'プランを登録しました。',
        },
      }),
    })
    const { user } = renderWithProviders({ at: '/master/plan-management' })
    const table = await screen.findByRole('region', { name: 'プラン一覧' })
    expect(await within(table).findByText('プロ')).toBeTruthy()
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    const column = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .indexOf('版の保存日数')
    expect(cells.map((row) => row[column])).toEqual(['30日', '無制限'])

    await user.click(screen.getByRole('button', { name: 'プランを追加' }))
    // antd names every dialog title by the same id under test, so the dialog is found by its title text.
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('プランを追加')).toBeTruthy()
    const days = within(dialog).getByLabelText('版の保存日数')
    // A new plan starts at 30 days; the help says what the number means.
    expect((days as HTMLInputElement).value).toBe('30')
    expect(
      within(dialog).getByText(
        '公開したバージョンを戻せる期間（日）。0 は無制限。最新10件は常に保存されます。',
      ),
    ).toBeTruthy()
    await user.type(within(dialog).getByLabelText('プランID'), 't-new')
    await user.type(within(dialog).getByLabelText('プラン名'), 'テスト')
    await user.clear(days)
    await user.type(days, '0')
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true))
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === '/plan')
    expect(sent?.body).toEqual({
      id: 't-new',
      name: 'テスト',
      price: 0,
      quantity_swipe: 9,
      quantity_site: 1,
      limit_access: 10_000,
      limit_access_price: 100,
      history_days: 0,
      swipe: true,
      features: {
        private_domain: false,
        setting_popup_cta: false,
        setting_form_contact: false,
        analytics_effect: false,
        setting_tag_seo: false,
        multi_language: false,
      },
    })
  })
})
