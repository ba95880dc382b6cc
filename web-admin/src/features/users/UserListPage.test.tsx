import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { profileBody, storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const listCalls = (requests: MockRequest[]) => requests.filter((request) => request.path === '/users')

const open = (
  list: (request: MockRequest) => { body: unknown },
  info: Record<string, unknown> = {},
  at = '/master/user-list',
) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'userList'], ...info }) },
    'GET /users': list,
  })
  return { ...api, ...renderWithProviders({ at }) }
}

const alpha = profileBody()
const beta = profileBody({
  id: 'user-2',
  account_type: 'USER',
  email: 'beta@example.com',
  company_name: 'ベータ合同会社',
  contact_name: '鈴木 一郎',
  contract_status: 'SUSPENDED',
  contract_start_date: null,
  contract_end_date: null,
})

describe('user list', () => {
  it('shows the users with their type, status and contract period, and opens a row', async () => {
    const { user, router } = open(() => ({ body: { items: [alpha, beta], next_cursor: null } }))

    const row = await screen.findByRole('row', { name: /alpha@example\.com/ })
    expect(within(row).getByText('アルファ株式会社')).toBeTruthy()
    expect(within(row).getByText('佐藤 花子')).toBeTruthy()
    expect(within(row).getByText('OEMマスター')).toBeTruthy()
    expect(within(row).getByText('契約中')).toBeTruthy()
    expect(within(row).getByText('2025/04/01 〜 2026/03/31')).toBeTruthy()
    expect(within(row).getByText('2025/03/15')).toBeTruthy()
    const other = screen.getByRole('row', { name: /beta@example\.com/ })
    expect(within(other).getByText('一時停止中')).toBeTruthy()
    expect(within(other).getByText('未設定')).toBeTruthy()
    expect(within(other).getByRole('link', { name: 'ベータ合同会社の詳細' }).getAttribute('href')).toBe(
      '/master/user/user-2',
    )

    await user.click(within(row).getByText('佐藤 花子'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/user/user-1'))
  })

  it('sends the search, status and type filters in the query string', async () => {
    const { user, requests } = open((request) => ({
      body: { items: request.url.searchParams.get('q') ? [beta] : [alpha, beta], next_cursor: null },
    }))
    await screen.findByRole('row', { name: /alpha@example\.com/ })
    // A master also loads its OEM partners for the parent filter (100 at most); the list pages by 20.
    expect(
      listCalls(requests)
        .map((r) => r.url.searchParams.get('limit'))
        .sort(),
    ).toEqual(['100', '20'])
    expect(
      listCalls(requests)
        .find((r) => r.url.searchParams.get('limit') === '100')
        ?.url.searchParams.get('account_type'),
    ).toBe('OEM_MASTER')

    await user.type(screen.getByRole('searchbox', { name: 'キーワード検索' }), 'ベータ{Enter}')
    await waitFor(() => expect(screen.queryByRole('row', { name: /alpha@example\.com/ })).toBeNull())
    expect(listCalls(requests).at(-1)?.url.searchParams.get('q')).toBe('ベータ')

    await user.click(screen.getByRole('combobox', { name: '契約状況で絞り込み' }))
    await user.click(await screen.findByRole('option', { name: '一時停止中' }))
    await waitFor(() => expect(listCalls(requests).at(-1)?.url.searchParams.get('status')).toBe('SUSPENDED'))

    await user.click(screen.getByRole('combobox', { name: 'アカウント種別で絞り込み' }))
    await user.click(await screen.findByRole('option', { name: 'ユーザー' }))
    await waitFor(() => expect(listCalls(requests).at(-1)?.url.searchParams.get('account_type')).toBe('USER'))
    // Plans are chosen by name from the catalogue, never typed as an id.
    await user.click(screen.getByRole('combobox', { name: 'プランで絞り込み' }))
    await user.click(await screen.findByRole('option', { name: 'スタンダード（多言語）' }))
    await waitFor(() =>
      expect(listCalls(requests).at(-1)?.url.searchParams.get('plan_id')).toBe('standard_multi'),
    )
    const last = listCalls(requests).at(-1)?.url.searchParams
    expect(last?.get('q')).toBe('ベータ')
    expect(last?.get('status')).toBe('SUSPENDED')
    expect(last?.get('account_type')).toBe('USER')
    expect(screen.getByRole('combobox', { name: '親アカウントで絞り込み' })).toBeTruthy()
  })

  it('pages forward with the next cursor and back again', async () => {
    const { user, requests } = open((request) =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? { body: { items: [beta], next_cursor: null } }
        : { body: { items: [alpha], next_cursor: 'page-2' } },
    )
    await screen.findByRole('row', { name: /alpha@example\.com/ })
    expect(screen.getByRole('button', { name: '前のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '次のページ' }))
    expect(await screen.findByRole('row', { name: /beta@example\.com/ })).toBeTruthy()
    expect(listCalls(requests).at(-1)?.url.searchParams.get('cursor')).toBe('page-2')
    expect(screen.getByText('2ページ目')).toBeTruthy()
    expect(screen.getByRole('button', { name: '次のページ' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: '前のページ' }))
    expect(await screen.findByRole('row', { name: /alpha@example\.com/ })).toBeTruthy()
    expect(screen.getByText('1ページ目')).toBeTruthy()
  })

  it('shows an empty state and leads to the new-user form under the own account', async () => {
    const { user, router } = open(() => ({ body: { items: [], next_cursor: null } }))
    expect(await screen.findByText('ユーザーはまだ登録されていません。')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '新規ユーザー登録' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/create-user/u-1'))
  })

  it('disables the new-user button for a view-only account', async () => {
    open(
      () => ({ body: { items: [alpha], next_cursor: null } }),
      {
        account_type: 'MASTER_USER',
        parent_type: 'MASTER',
        user_type_segment: 'masteruser',
        authority: 'VIEW',
        allowed_actions: ['self:read', 'self:update', 'summary:read', 'account:read', 'site:read'],
      },
      '/masteruser/user-list',
    )
    await screen.findByRole('row', { name: /alpha@example\.com/ })
    expect(screen.getByRole('button', { name: '新規ユーザー登録' }).hasAttribute('disabled')).toBe(true)
  })
})
