import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

/** The summary as staff, with the dashboard's reads answered and the Web Vitals figure as given. */
const open = (vitals: MockReply) => {
  storeSession()
  mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary'] }) },
    'GET /summary': { body: { users: null, sites: { total: 0, by_status: [] } } },
    'GET /news/show': { body: { items: [] } },
    'GET /dashboard/registration-data': { body: { months: [] } },
    'GET /dashboard/user-site': { body: { accounts: 3, sites: { created: 5, published: 4 } } },
    'GET /dashboard/adoption-by-plan': { body: { plans: [] } },
    'GET /dashboard/revenue': {
      body: {
        month: '2026-11',
        mrr: 0,
        arr: 0,
        paying_accounts: 0,
        movement: { new: 0, expansion: 0, contraction: 0, churn: 0 },
      },
    },
    'GET /dashboard/web-vitals': vitals,
  })
  return renderWithProviders({ at: '/master/summary' })
}

const statistic = (card: HTMLElement, title: string) =>
  within(card).getByText(title).closest('.ant-statistic')?.textContent

const figure = (judged: number, passing: number, unjudged: number) => ({
  body: {
    days: 28,
    from: '2026-11-03',
    to: '2026-11-30',
    min_samples: 10,
    judged,
    passing,
    unjudged,
    share: judged ? passing / judged : null,
  },
})

describe('the dashboard’s Web Vitals figure', () => {
  it('shows the share of sites passing the Core Web Vitals with its count and what it rests on', async () => {
    open(figure(8, 6, 3))
    const card = await screen.findByRole('region', { name: '表示速度 (Web Vitals)' }, { timeout: 5_000 })
    expect(await within(card).findByText('75.0%')).toBeTruthy()
    expect(statistic(card, '合格したサイトの割合')).toBe('合格したサイトの割合75.0%')
    expect(statistic(card, '合格／判定したサイト')).toBe('合格／判定したサイト6 / 8 サイト')
    expect(
      within(card).getByText(
        '過去28日間（2026-11-03〜2026-11-30）、LCP、INP、CLSの75パーセンタイルがすべて「良好」のサイトの割合です。対象はLCPとCLSの計測値が各10件以上のサイトで、INPは10件以上あるときに判定に含めます。計測値が足りないサイト：3件。',
      ),
    ).toBeTruthy()
  })

  it('says when no site can be judged yet', async () => {
    open(figure(0, 0, 2))
    const card = await screen.findByRole('region', { name: '表示速度 (Web Vitals)' }, { timeout: 5_000 })
    expect(await within(card).findByText('判定できるサイトがまだありません')).toBeTruthy()
    expect(statistic(card, '合格したサイトの割合')).toBe('合格したサイトの割合—')
  })

  it('offers a retry when the figure fails to load, the rest of the dashboard staying', async () => {
    open({ status: 500, body: { error: { code: 'error.internal', message: '内部エラー' } } })
    expect(await screen.findByRole('button', { name: '再試行' }, { timeout: 5_000 })).toBeTruthy()
    const sites = await screen.findByRole('region', { name: 'サイトの作成・公開' })
    expect(await within(sites).findByText('5')).toBeTruthy()
  })
})
