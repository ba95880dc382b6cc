import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { profileBody, storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const history = [
  {
    executed_at: '2025-05-02T03:04:00.000Z',
    executor_id: 'u-1',
    executor_name: '山田 太郎',
    action: 'UPDATE',
    detail: 'companyName, contactName',
  },
  {
    executed_at: '2025-03-15T12:00:00.000Z',
    executor_id: 'u-1',
    executor_name: '山田 太郎',
    action: 'CREATE',
    detail: null,
  },
]

const detailBody = (overrides: Record<string, unknown> = {}) => ({ ...profileBody(overrides), history })

const open = (
  routes: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {},
  { info = {}, at = '/master/user/user-1' }: { info?: Record<string, unknown>; at?: string } = {},
) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'userList'], ...info }) },
    'GET /users/user-1': { body: detailBody() },
    'GET /users': { body: { items: [], next_cursor: null } },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at }) }
}

const detailCalls = (requests: MockRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/users/user-1')

/** The last dialog on screen (a closing one may still be in the DOM: jsdom ends no animation). */
const lastDialog = async () => {
  await screen.findAllByRole('dialog')
  return screen.getAllByRole('dialog').at(-1) as HTMLElement
}

describe('user detail', () => {
  it('shows the profile and the contract history', async () => {
    open()
    expect(await screen.findByRole('heading', { name: 'アルファ株式会社', level: 2 })).toBeTruthy()
    expect(screen.getByText('alpha@example.com')).toBeTruthy()
    expect(screen.getByText('2025/04/01 〜 2026/03/31')).toBeTruthy()

    const section = within(screen.getByRole('region', { name: '契約履歴' }))
    expect(section.getByRole('columnheader', { name: '実行日時' })).toBeTruthy()
    expect(section.getByRole('columnheader', { name: '実行者' })).toBeTruthy()
    expect(section.getByRole('columnheader', { name: '処理内容' })).toBeTruthy()
    const rows = section.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0] as HTMLElement).getByText('山田 太郎')).toBeTruthy()
    expect(within(rows[0] as HTMLElement).getByText('更新: 会社名、担当者名')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('作成')).toBeTruthy()
  })

  it('suspends after a confirmation that names the consequence', async () => {
    const { user, requests } = open({
      'POST /users/user-1/contract': {
        body: {
          ...profileBody({ contract_status: 'SUSPENDED', version: 4 }),
          message: 'アカウントを一時停止しました。',
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: '一時停止' }))

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「アルファ株式会社」を一時停止しますか?')
    expect(dialog.textContent).toContain(
      '一時停止すると、このユーザーは再開されるまでログインできず、システムを利用できなくなります。',
    )
    await user.click(within(dialog).getByRole('button', { name: '一時停止する' }))

    expect(await screen.findByText('アカウントを一時停止しました。')).toBeTruthy()
    const sent = requests.find((request) => request.path === '/users/user-1/contract')
    expect(sent?.body).toEqual({ action: 'suspend', version: 3 })
    // The profile and history are loaded again after the change.
    await waitFor(() => expect(detailCalls(requests).length).toBeGreaterThanOrEqual(2))
  })

  it('sends nothing when the suspension is cancelled, and warns that termination is final', async () => {
    const { user, requests } = open()
    await user.click(await screen.findByRole('button', { name: '一時停止' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: 'キャンセル' }))

    await user.click(screen.getByRole('button', { name: '解約' }))
    await waitFor(async () =>
      expect((await lastDialog()).textContent).toContain('「アルファ株式会社」の契約を解約しますか?'),
    )
    const dialog = await lastDialog()
    expect(dialog.textContent).toMatch(
      /解約は取り消せません。.*直ちにシステムを利用できなくなり、データは閲覧のみ/,
    )
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }))
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
  })

  it('offers resume for a suspended account', async () => {
    const { user, requests } = open({
      'GET /users/user-1': { body: detailBody({ contract_status: 'SUSPENDED' }) },
      'POST /users/user-1/contract': { body: { ...profileBody(), message: 'アカウントを再開しました。' } },
    })
    await user.click(await screen.findByRole('button', { name: '再開' }))
    expect(screen.queryByRole('button', { name: '一時停止' })).toBeNull()
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('再びログインしてシステムを利用できる')
    await user.click(within(dialog).getByRole('button', { name: '再開する' }))
    expect(await screen.findByText('アカウントを再開しました。')).toBeTruthy()
    expect(requests.find((request) => request.path === '/users/user-1/contract')?.body).toEqual({
      action: 'resume',
      version: 3,
    })
  })

  it('saves the edit with the version it loaded', async () => {
    const { user, requests } = open({
      'PUT /users/user-1': {
        body: { ...profileBody({ version: 4 }), message: 'アカウントを更新しました。' },
      },
    })
    await user.click(await screen.findByRole('button', { name: '編集する' }))
    const company = screen.getByRole('textbox', { name: '会社名' })
    expect((company as HTMLInputElement).value).toBe('アルファ株式会社')
    await user.clear(company)
    await user.type(company, 'アルファ商事株式会社')
    await user.click(screen.getByRole('button', { name: '保存する' }))

    expect(await screen.findByText('アカウントを更新しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      company_name: 'アルファ商事株式会社',
      contact_name: '佐藤 花子',
      contract_start_date: '2025-04-01',
      contract_end_date: '2026-03-31',
      authority: 'EDIT',
      license_issuing: false,
      version: 3,
    })
    await waitFor(() => expect(screen.queryByRole('button', { name: '保存する' })).toBeNull())
  })

  it('asks to reload when another change was saved first', async () => {
    const { user, requests } = open({
      'PUT /users/user-1': {
        status: 409,
        body: {
          error: {
            code: 'error.conflict',
            message: '他の変更が先に保存されました。再読み込みして確認してください。',
          },
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: '編集する' }))
    await user.type(screen.getByRole('textbox', { name: '担当者名' }), '様')
    await user.click(screen.getByRole('button', { name: '保存する' }))

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('他の変更が先に保存されました')
    expect(dialog.textContent).toContain('再読み込みして最新の内容を確認')
    const loads = detailCalls(requests).length
    await user.click(within(dialog).getByRole('button', { name: '再読み込み' }))

    await waitFor(() => expect(detailCalls(requests).length).toBe(loads + 1))
    expect(await screen.findByRole('button', { name: '編集する' })).toBeTruthy()
  })

  it('asks before leaving the edit mode with unsaved changes', async () => {
    const { user, router } = open()
    await user.click(await screen.findByRole('button', { name: '編集する' }))
    await user.type(screen.getByRole('textbox', { name: '担当者名' }), '様')
    await user.click(screen.getByRole('link', { name: 'ユーザー一覧へ戻る' }))

    const dialog = await lastDialog()
    expect(within(dialog).getByText(/入力中の内容は失われます/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }))
    expect(router.state.location.pathname).toBe('/master/user/user-1')

    // Cancel leaves the edit mode without a question.
    await user.click(screen.getByRole('button', { name: 'キャンセル' }))
    expect(await screen.findByRole('button', { name: '編集する' })).toBeTruthy()
    expect(screen.getByText('佐藤 花子')).toBeTruthy()
  })

  it('shows a terminated account read-only', async () => {
    open({ 'GET /users/user-1': { body: detailBody({ contract_status: 'TERMINATED' }) } })
    expect(await screen.findByText(/このアカウントは解約済みです。/)).toBeTruthy()
    for (const name of ['編集する', '一時停止', '再開', '解約']) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
    expect(screen.getAllByText('解約済み').length).toBeGreaterThan(0)
  })

  it('disables the write buttons of a viewer with a view-only tooltip', async () => {
    const { user } = open(
      {},
      {
        info: {
          id: 'sub-1',
          account_type: 'SUB_ADMIN',
          parent_type: 'OEM_MASTER',
          user_type_segment: 'admin',
          admin_role: 'VIEWER',
          allowed_actions: ['self:read', 'self:update', 'summary:read', 'account:read', 'site:read'],
        },
        at: '/admin/user/user-1',
      },
    )
    const edit = await screen.findByRole('button', { name: '編集する' })
    for (const name of ['編集する', '一時停止', '解約', '削除']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled'), name).toBe(true)
    }
    expect(screen.getByText('閲覧のみの権限のため、ユーザー情報や契約の変更はできません。')).toBeTruthy()
    expect(edit.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(edit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '閲覧のみの権限のため、この操作はできません。',
    )
    await user.hover(edit.parentElement as HTMLElement)
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      '閲覧のみの権限のため、この操作はできません。',
    )
  })

  it('deletes after a confirmation and returns to the list', async () => {
    const { user, requests, router } = open({
      'DELETE /users/user-1': { body: { message: 'アカウントを削除しました。' } },
    })
    await user.click(await screen.findByRole('button', { name: '削除' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「アルファ株式会社」を削除しますか?')
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    expect(await screen.findByText('アカウントを削除しました。')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/user-list'))
    const sent = requests.find((request) => request.method === 'DELETE')
    expect(sent?.url.searchParams.get('version')).toBe('3')
  })

  it('explains a user that is outside the scope', async () => {
    open({
      'GET /users/user-1': {
        status: 404,
        body: { error: { code: 'error.notFound', message: 'ページまたはデータが見つかりません。' } },
      },
    })
    expect(await screen.findByRole('heading', { name: 'ユーザーが見つかりません', level: 1 })).toBeTruthy()
  })

  const oemAdmin = {
    id: 'adm-1',
    account_type: 'OEM_ADMIN',
    parent_type: 'OEM_MASTER',
    user_type_segment: 'admin',
  }

  it('edits as an OEM admin: plan and contract terms disabled with the reason, only the profile sent', async () => {
    const { user, requests } = open(
      {
        'GET /users/user-1': {
          body: detailBody({
            account_type: 'USER',
            parent_type: 'OEM_MASTER',
            plan_id: 'light',
            authority: 'VIEW',
          }),
        },
        'PUT /users/user-1': {
          body: { ...profileBody({ version: 4 }), message: 'アカウントを更新しました。' },
        },
      },
      { info: oemAdmin, at: '/admin/user/user-1' },
    )
    // The profile names the plan, not its id.
    expect(await screen.findByText('ライト')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '編集する' }))
    const plan = screen.getByRole('combobox', {
      name: 'プラン',
      description: 'プランを管理する権限がないため、変更できません。',
    })
    expect(plan.hasAttribute('disabled')).toBe(true)
    expect(plan.closest('.ant-select')?.textContent).toContain('ライト')
    for (const name of ['契約開始日', '契約終了日']) {
      expect(
        screen
          .getByRole('textbox', { name, description: '契約を管理する権限がないため、変更できません。' })
          .hasAttribute('disabled'),
        name,
      ).toBe(true)
    }
    expect(screen.getByRole('combobox', { name: '権限' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('switch', { name: 'ライセンス発行' }).hasAttribute('disabled')).toBe(true)

    await user.type(screen.getByRole('textbox', { name: '担当者名' }), '様')
    await user.click(screen.getByRole('button', { name: '保存する' }))
    expect(await screen.findByText('アカウントを更新しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      company_name: 'アルファ株式会社',
      contact_name: '佐藤 花子様',
      version: 3,
    })
  })

  it('lets an OEM master change the plan from the list; a partner plan staff gave shows, not offered', async () => {
    const oemMaster = { id: 'oem-9', account_type: 'OEM_MASTER', user_type_segment: 'admin' }
    const { user, requests } = open(
      {
        'GET /users/user-1': {
          body: detailBody({ account_type: 'USER', parent_type: 'OEM_MASTER', plan_id: 'ep_oem' }),
        },
        'PUT /users/user-1': {
          body: { ...profileBody({ version: 4 }), message: 'アカウントを更新しました。' },
        },
      },
      { info: oemMaster, at: '/admin/user/user-1' },
    )
    await user.click(await screen.findByRole('button', { name: '編集する' }))
    const plan = screen.getByRole('combobox', { name: 'プラン' })
    expect(plan.hasAttribute('disabled')).toBe(false)
    expect(plan.closest('.ant-select')?.textContent).toContain('EP/OEM')
    await user.click(plan)
    const list = await waitFor(() => {
      const found = document.getElementById(plan.getAttribute('aria-controls') ?? '')
      if (!found) throw new Error('the plan list is not open')
      return found
    })
    // The partner plan stays shown as the current one, but cannot be chosen anew.
    expect(within(list).getByRole('option', { name: 'EP/OEM' }).getAttribute('aria-disabled')).toBe('true')
    await user.click(within(list).getByRole('option', { name: 'プロ（多言語）' }))
    await user.click(screen.getByRole('button', { name: '保存する' }))
    expect(await screen.findByText('アカウントを更新しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      plan_id: 'pro_multi',
      authority: 'EDIT',
      license_issuing: false,
    })
  })

  it("locks the plan and contract terms of the signed-in account's own profile", async () => {
    const { user } = open(
      { 'GET /users/oem-9': { body: detailBody({ id: 'oem-9', account_type: 'OEM_MASTER' }) } },
      {
        info: { id: 'oem-9', account_type: 'OEM_MASTER', user_type_segment: 'admin' },
        at: '/admin/user/oem-9',
      },
    )
    await user.click(await screen.findByRole('button', { name: '編集する' }))
    const reason =
      'ご自身のアカウント（または代理で操作しているアカウント）のため、変更できません。上位のアカウントが設定します。'
    expect(
      screen.getByRole('combobox', { name: 'プラン', description: reason }).hasAttribute('disabled'),
    ).toBe(true)
    expect(
      screen.getByRole('switch', { name: 'ライセンス発行', description: reason }).hasAttribute('disabled'),
    ).toBe(true)
  })
})
