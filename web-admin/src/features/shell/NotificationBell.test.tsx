import { screen, waitFor, within } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import { ConsoleLayout } from './ConsoleLayout.tsx'

/**
 * The bell's personal notices (issue 33 part 4): approval requests and decisions for this account,
 * in the console's header (the console layout around a stand-in page: the bell is what is tested).
 */

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const systemFeed = {
  unread_count: 1,
  items: [
    {
      id: 'sys-1',
      title: 'メンテナンスのお知らせ',
      content: '12月1日',
      content_url: '',
      publication_date: '2026-11-20T00:00:00.000Z',
      read: false,
    },
  ],
  next_cursor: null,
}

const notice = (overrides: Record<string, unknown> = {}) => ({
  id: 'nt-1',
  kind: 'approvalRequested',
  site_id: 'site-1',
  site_name: '春のキャンペーン',
  request_id: 'req-1',
  by: 'Edith Editor',
  comment: '確認をお願いします。',
  created_at: '2026-11-21T00:00:00.000Z',
  read: false,
  ...overrides,
})

const shellRoutes: RouteObject[] = [
  {
    path: '/:userTypeId',
    element: <ConsoleLayout />,
    children: [
      { path: 'summary', handle: { areas: ['summary'], page: 'summary' }, element: <p>サマリーの画面</p> },
      // Where the notice links to (this stand-in asks for no menu area: the link is what is tested).
      { path: 'site/:id', element: <p>サイトエディタの画面</p> },
    ],
  },
]

const asUser = (routes: Routes) => {
  storeSession({ user_type_segment: 'adminuser' })
  const api = mockApi({
    'GET /auth/user-info': {
      body: userInfoBody({ user_type_segment: 'adminuser', account_type: 'USER', menu_areas: ['summary'] }),
    },
    'GET /system_noti/show': { body: systemFeed },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at: '/adminuser/summary', routes: shellRoutes }) }
}

describe('personal notices in the bell', () => {
  it('counts them in the badge, lists them first in the interface language, marks one read and links to the editor', async () => {
    let read = false
    const { user, requests, router } = asUser({
      'GET /me/notices': () => ({
        body: {
          unread: read ? 1 : 2,
          items: [
            notice({ read }),
            notice({ id: 'nt-0', kind: 'approvalRejected', by: null, comment: null, read: true }),
            notice({ id: 'nt-2', kind: 'approvalApproved', by: '山田', comment: null, read: false }),
          ],
        },
      }),
      'POST /me/notices/read': () => {
        read = true
        return { body: { unread: 1, message: '既読にしました。' } }
      },
    })

    // 1 system + 2 personal unread.
    await user.click(await screen.findByRole('button', { name: 'お知らせ（未読 3 件）' }))
    const panel = await screen.findByRole('region', { name: 'お知らせ' })
    const personal = within(panel).getByRole('region', { name: 'あなたへのお知らせ' })
    const entries = within(personal)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(entries).toEqual([
      expect.stringContaining('Edith Editor が「春のキャンペーン」の公開を申請しました。'),
      expect.stringContaining('担当者 が「春のキャンペーン」の公開申請を差し戻しました。'),
      expect.stringContaining('山田 が「春のキャンペーン」の公開申請を承認しました。'),
    ])
    expect(within(personal).getAllByLabelText('未読')).toHaveLength(2)
    // Above the system notifications.
    const system = within(panel).getByRole('button', { name: /メンテナンスのお知らせ/ })
    expect(personal.compareDocumentPosition(system) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await user.click(within(personal).getByRole('button', { name: /公開を申請しました/ }))
    expect(await within(personal).findByText('コメント：確認をお願いします。')).toBeTruthy()
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
        ['/me/notices/read', { ids: ['nt-1'] }],
      ]),
    )
    expect(await screen.findByRole('button', { name: 'お知らせ（未読 2 件）' })).toBeTruthy()
    // An opened notice already read is not marked again.
    await user.click(within(personal).getByRole('button', { name: /差し戻しました/ }))
    expect(requests.filter((r) => r.path === '/me/notices/read')).toHaveLength(1)

    await user.click(within(personal).getByRole('button', { name: /公開を申請しました/ }))
    const link = await within(personal).findByRole('link', { name: 'サイトエディタを開く' })
    expect(link.getAttribute('href')).toBe('/adminuser/site/site-1')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/site/site-1'))
    expect(await screen.findByText('サイトエディタの画面')).toBeTruthy()
  })

  it('marks personal notices and system notifications read with one click', async () => {
    let read = false
    const { user, requests } = asUser({
      'GET /me/notices': () => ({ body: { unread: read ? 0 : 1, items: [notice({ read })] } }),
      'POST /me/notices/read': () => {
        read = true
        return { body: { unread: 0, message: '既読にしました。' } }
      },
      'POST /system_noti/mark_as_read': { body: { unread_count: 0, message: '既読にしました。' } },
    })
    await user.click(await screen.findByRole('button', { name: 'お知らせ（未読 2 件）' }))
    const panel = await screen.findByRole('region', { name: 'お知らせ' })
    await user.click(within(panel).getByRole('button', { name: 'すべて既読にする' }))
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.method === 'POST')
          .map((r) => [r.path, r.body])
          .sort(),
      ).toEqual([
        ['/me/notices/read', { all: true }],
        ['/system_noti/mark_as_read', { all: true }],
      ]),
    )
  })

  it.each([
    ['none', { body: { unread: 0, items: [] } }],
    ['an error', { status: 500, body: { error: { code: 'error.internal', message: 'x' } } }],
  ])('leaves the system notifications as they are when the personal ones are %s', async (_, reply) => {
    const { user } = asUser({ 'GET /me/notices': reply })
    await user.click(await screen.findByRole('button', { name: 'お知らせ（未読 1 件）' }))
    const panel = await screen.findByRole('region', { name: 'お知らせ' })
    expect(within(panel).getByRole('button', { name: /メンテナンスのお知らせ/ })).toBeTruthy()
    expect(within(panel).queryByRole('region', { name: 'あなたへのお知らせ' })).toBeNull()
  })
})
