import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const open = (summary: MockReply, info: Record<string, unknown>, at: string) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary'], ...info }) },
    'GET /summary': summary,
  })
  return { ...api, ...renderWithProviders({ at }) }
}

/** The text of one antd Statistic (its title followed by its value) inside a counts card. */
const statistic = (card: HTMLElement, title: string) =>
  within(card).getByText(title).closest('.ant-statistic')?.textContent

const sites = {
  total: 4,
  by_status: [
    { status: 'PUBLISH', count: 2 },
    { status: 'UNPUBLISHED', count: 0 },
    { status: 'DRAFT', count: 1 },
    { status: 'EXPIRED', count: 0 },
    { status: 'PRIVATE', count: 0 },
    { status: 'DOMAIN_VERIFYING', count: 1 },
  ],
}

const oem = {
  id: 'oem-1',
  account_type: 'OEM_MASTER',
  parent_type: 'MASTER',
  user_type_segment: 'admin',
  company_name: 'OEMパートナー株式会社',
}

describe('summary', () => {
  it('shows an OEM its users by contract status and its sites by status', async () => {
    open(
      {
        body: {
          users: {
            total: 1234,
            by_status: [
              { status: 'ACTIVE', count: 1200 },
              { status: 'SUSPENDED', count: 20 },
              { status: 'TERMINATED', count: 10 },
              { status: 'INACTIVE', count: 4 },
            ],
          },
          sites,
        },
      },
      oem,
      '/admin/summary',
    )
    const users = await screen.findByRole('region', { name: 'ユーザー数' })
    expect(await within(users).findByText('契約中')).toBeTruthy()
    expect(statistic(users, 'ユーザー数')).toBe('ユーザー数1,234')
    expect(statistic(users, '契約中')).toBe('契約中1,200')
    expect(statistic(users, '一時停止中')).toBe('一時停止中20')
    expect(statistic(users, '解約済み')).toBe('解約済み10')
    expect(statistic(users, '未契約')).toBe('未契約4')

    const siteCard = screen.getByRole('region', { name: 'サイト数' })
    expect(statistic(siteCard, 'サイト数')).toBe('サイト数4')
    expect(statistic(siteCard, '公開')).toBe('公開2')
    expect(statistic(siteCard, '非公開')).toBe('非公開0')
    expect(statistic(siteCard, '下書き')).toBe('下書き1')
    expect(statistic(siteCard, '期限切れ')).toBe('期限切れ0')
    expect(statistic(siteCard, '限定公開')).toBe('限定公開0')
    expect(statistic(siteCard, 'ドメイン確認中')).toBe('ドメイン確認中1')

    // The account's own contract status in the words of the user list.
    expect(screen.getByText('契約状況').closest('tr')?.textContent).toBe('契約状況契約中')
  })

  it('shows a direct user only its sites', async () => {
    open(
      { body: { users: null, sites: { ...sites, total: 1 } } },
      {
        id: 'user-9',
        account_type: 'USER',
        parent_type: 'OEM_MASTER',
        user_type_segment: 'adminuser',
        contract_status: 'SUSPENDED',
      },
      '/adminuser/summary',
    )
    const siteCard = await screen.findByRole('region', { name: 'サイト数' })
    expect(await within(siteCard).findByText('公開')).toBeTruthy()
    expect(statistic(siteCard, 'サイト数')).toBe('サイト数1')
    expect(screen.queryByRole('region', { name: 'ユーザー数' })).toBeNull()
    expect(screen.getByText('契約状況').closest('tr')?.textContent).toBe('契約状況一時停止中')
  })

  it('explains a failure to load the counts and offers a retry', async () => {
    const { user, requests } = open(
      { status: 500, body: { error: { code: 'error.internal', message: 'エラーが発生しました。(server)' } } },
      oem,
      '/admin/summary',
    )
    const failure = await screen.findByText('エラーが発生しました。(server)')
    // The account card still shows.
    expect(screen.getByText('OEMパートナー株式会社', { selector: 'td *, td' })).toBeTruthy()
    const before = requests.filter((request) => request.path === '/summary').length
    // The counts' own retry (the dashboard and the latest information have theirs).
    const counts = failure.closest('.ant-alert') as HTMLElement
    await user.click(within(counts).getByRole('button', { name: '再試行' }))
    await screen.findByText('エラーが発生しました。(server)')
    expect(requests.filter((request) => request.path === '/summary').length).toBeGreaterThan(before)
  })
})
