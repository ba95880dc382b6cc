import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { profileBody, storeSession, userInfoBody, validationRefusal } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const open = (
  create: MockReply,
  { info = {}, at = '/master/create-user/u-1' }: { info?: Record<string, unknown>; at?: string } = {},
) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'userList'], ...info }) },
    'POST /users': create,
    'GET /users/new-1': { body: { ...profileBody({ id: 'new-1', email: 'new@example.com' }), history: [] } },
    'GET /users/oem-1': {
      body: { ...profileBody({ id: 'oem-1', company_name: 'OEMパートナー株式会社' }), history: [] },
    },
  })
  return { ...api, ...renderWithProviders({ at }) }
}

type User = ReturnType<typeof renderWithProviders>['user']

const typeOptions = async (user: User) => {
  await user.click(await screen.findByRole('combobox', { name: 'アカウント種別' }))
  const listbox = await screen.findByRole('listbox')
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent)
}

/** The option names of a select, read from the list it opens (other selects' lists may linger). */
const planOptions = async (user: User) => {
  const select = await screen.findByRole('combobox', { name: 'プラン' })
  await user.click(select)
  const list = await waitFor(() => {
    const found = document.getElementById(select.getAttribute('aria-controls') ?? '')
    if (!found) throw new Error('the plan list is not open')
    return found
  })
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent)
}

const fill = async (user: User, type: string) => {
  await user.click(await screen.findByRole('combobox', { name: 'アカウント種別' }))
  await user.click(await screen.findByRole('option', { name: type }))
  await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'new@example.com')
  await user.type(screen.getByRole('textbox', { name: '会社名' }), '新規株式会社')
  await user.type(screen.getByRole('textbox', { name: '担当者名' }), '田中 次郎')
}

const created = (requests: MockRequest[]) =>
  requests.find((request) => request.method === 'POST' && request.path === '/users')

describe('create user', () => {
  it('puts the server error for a taken email on the email field', async () => {
    const { user } = open(
      validationRefusal([
        {
          path: 'body.email',
          code: 'account.emailTaken',
          message: 'このメールアドレスのアカウントは既に存在します。',
        },
      ]),
    )
    await fill(user, 'ユーザー')
    await user.click(screen.getByRole('button', { name: '登録する' }))

    expect(await screen.findByText('このメールアドレスのアカウントは既に存在します。')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'メールアドレス' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { name: '会社名' }).getAttribute('aria-invalid')).not.toBe('true')
  })

  it('creates under the own account without a parent id, toasts and opens the new user', async () => {
    const { user, requests, router } = open({
      status: 201,
      body: { ...profileBody({ id: 'new-1' }), message: 'アカウントを作成しました。(server)' },
    })
    await fill(user, 'OEMマスター')
    await user.click(screen.getByRole('switch', { name: 'ライセンス発行' }))
    await user.click(screen.getByRole('button', { name: '登録する' }))

    expect(await screen.findByText('アカウントを作成しました。(server)')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/user/new-1'))
    expect(await screen.findByRole('heading', { name: 'ユーザー詳細', level: 1 })).toBeTruthy()
    expect(created(requests)?.body).toEqual({
      account_type: 'OEM_MASTER',
      email: 'new@example.com',
      company_name: '新規株式会社',
      contact_name: '田中 次郎',
      authority: 'EDIT',
      license_issuing: true,
    })
  })

  it('takes the contract period from the date pickers and needs the end after the start', async () => {
    const { user, requests } = open({ status: 201, body: { ...profileBody({ id: 'new-1' }), message: 'ok' } })
    await fill(user, 'ユーザー')
    await user.type(screen.getByRole('textbox', { name: '契約開始日' }), '2025-04-01{Enter}')
    await user.click(screen.getByRole('button', { name: '登録する' }))
    expect(await screen.findByText('開始日を設定した場合は終了日が必要です。')).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: '契約終了日' }), '2025-03-01{Enter}')
    expect(await screen.findByText('終了日は開始日より後の日付にしてください。')).toBeTruthy()
    expect(created(requests)).toBeUndefined()

    await user.clear(screen.getByRole('textbox', { name: '契約終了日' }))
    await user.type(screen.getByRole('textbox', { name: '契約終了日' }), '2026-03-31{Enter}')
    await user.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(created(requests)?.body).toMatchObject({
        contract_start_date: '2025-04-01',
        contract_end_date: '2026-03-31',
      }),
    )
  })

  it('checks the fields before sending', async () => {
    const { user, requests } = open({ status: 201, body: profileBody() })
    await user.click(await screen.findByRole('button', { name: '登録する' }))
    // Every required field says so (findAll would settle at the first message, before the others render).
    await waitFor(() => expect(screen.getAllByText('この項目は必須です。').length).toBeGreaterThanOrEqual(3))
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'not-an-email')
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeTruthy()
    expect(created(requests)).toBeUndefined()
  })

  it('offers the types a master may create', async () => {
    const { user } = open({ status: 201, body: profileBody() })
    expect(await typeOptions(user)).toEqual(['マスターユーザー', 'OEMマスター', 'ユーザー'])
  })

  it('offers an OEM master only OEM admins and users', async () => {
    const { user } = open(
      { status: 201, body: profileBody() },
      {
        info: { id: 'oem-9', account_type: 'OEM_MASTER', user_type_segment: 'admin' },
        at: '/admin/create-user/oem-9',
      },
    )
    expect(await typeOptions(user)).toEqual(['OEM管理者', 'ユーザー'])
  })

  it('lets an OEM admin create only users, under its OEM master', async () => {
    open(
      { status: 201, body: profileBody() },
      {
        info: {
          id: 'adm-1',
          account_type: 'OEM_ADMIN',
          parent_type: 'OEM_MASTER',
          user_type_segment: 'admin',
        },
        at: '/admin/create-user/adm-1',
      },
    )
    const type = await screen.findByRole('combobox', { name: 'アカウント種別' })
    // The only choice is chosen already.
    expect(type.closest('.ant-select')?.textContent).toContain('ユーザー')
  })

  it('creates under another account with its id as the parent', async () => {
    const { user, requests } = open(
      { status: 201, body: { ...profileBody({ id: 'new-1' }), message: 'ok' } },
      { at: '/master/create-user/oem-1' },
    )
    expect(await screen.findByText('OEMパートナー株式会社の配下に登録します。')).toBeTruthy()
    expect(await typeOptions(user)).toEqual(['OEM管理者', 'ユーザー'])
    await user.click(screen.getByRole('option', { name: 'OEM管理者' }))
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'new@example.com')
    await user.type(screen.getByRole('textbox', { name: '会社名' }), '新規株式会社')
    await user.type(screen.getByRole('textbox', { name: '担当者名' }), '田中 次郎')
    await user.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(created(requests)?.body).toMatchObject({ parent_id: 'oem-1', account_type: 'OEM_ADMIN' }),
    )
  })

  it('offers the plans of the catalogue by name, never a free-text id, and sends the chosen id', async () => {
    const { user, requests } = open({ status: 201, body: { ...profileBody({ id: 'new-1' }), message: 'ok' } })
    await fill(user, 'ユーザー')
    expect(screen.queryByRole('textbox', { name: 'プラン' })).toBeNull()
    expect(await planOptions(user)).toEqual([
      'トライアル',
      'ライト',
      'ライト（多言語）',
      'スタンダード',
      'スタンダード（多言語）',
      'プレミアム',
      'プレミアム（多言語）',
      'プロ',
      'プロ（多言語）',
      'EP/OEM',
    ])
    await user.click(screen.getByRole('option', { name: 'スタンダード（多言語）' }))
    await user.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() => expect(created(requests)?.body).toMatchObject({ plan_id: 'standard_multi' }))
  })

  it('offers an OEM master every plan but the partner plan', async () => {
    const { user } = open(
      { status: 201, body: profileBody() },
      {
        info: { id: 'oem-9', account_type: 'OEM_MASTER', user_type_segment: 'admin' },
        at: '/admin/create-user/oem-9',
      },
    )
    const names = await planOptions(user)
    expect(names).toContain('スタンダード')
    expect(names).not.toContain('EP/OEM')
  })

  it('shows an OEM admin the plan and contract terms disabled with the reason, and sends none of them', async () => {
    const { user, requests } = open(
      { status: 201, body: { ...profileBody({ id: 'new-1' }), message: 'ok' } },
      {
        info: {
          id: 'adm-1',
          account_type: 'OEM_ADMIN',
          parent_type: 'OEM_MASTER',
          user_type_segment: 'admin',
        },
        at: '/admin/create-user/adm-1',
      },
    )
    const plan = await screen.findByRole('combobox', {
      name: 'プラン',
      description: 'プランを管理する権限がないため、変更できません。',
    })
    expect(plan.hasAttribute('disabled')).toBe(true)
    for (const name of ['契約開始日', '契約終了日']) {
      const date = screen.getByRole('textbox', {
        name,
        description: '契約を管理する権限がないため、変更できません。',
      })
      expect(date.hasAttribute('disabled'), name).toBe(true)
    }
    expect(
      screen
        .getByRole('combobox', {
          name: '権限',
          description: '契約を管理する権限がないため、変更できません。',
        })
        .hasAttribute('disabled'),
    ).toBe(true)
    expect(
      screen
        .getByRole('switch', {
          name: 'ライセンス発行',
          description: '契約を管理する権限がないため、変更できません。',
        })
        .hasAttribute('disabled'),
    ).toBe(true)
    // The profile fields stay open.
    expect(screen.getByRole('textbox', { name: '会社名' }).hasAttribute('disabled')).toBe(false)

    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'new@example.com')
    await user.type(screen.getByRole('textbox', { name: '会社名' }), '新規株式会社')
    await user.type(screen.getByRole('textbox', { name: '担当者名' }), '田中 次郎')
    await user.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(created(requests)?.body).toEqual({
        account_type: 'USER',
        email: 'new@example.com',
        company_name: '新規株式会社',
        contact_name: '田中 次郎',
      }),
    )
  })

  it('puts a refused field on the field, in place, without the forbidden page', async () => {
    const { user, router, requests } = open({
      status: 403,
      body: {
        error: {
          code: 'account.planNotAllowed',
          message: 'EP/OEMプランを割り当てられるのは運営者のみです。',
          details: [
            {
              path: 'body.planId',
              code: 'account.planNotAllowed',
              params: { plan: 'EP/OEM' },
              message: 'EP/OEMプランを割り当てられるのは運営者のみです。',
            },
          ],
        },
      },
    })
    await fill(user, 'ユーザー')
    await user.click(screen.getByRole('combobox', { name: 'プラン' }))
    await user.click(await screen.findByRole('option', { name: 'EP/OEM' }))
    const userInfoCalls = () => requests.filter((request) => request.path === '/auth/user-info').length
    const before = userInfoCalls()
    await user.click(screen.getByRole('button', { name: '登録する' }))
    expect(await screen.findByText('EP/OEMプランを割り当てられるのは運営者のみです。')).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'プラン' }).getAttribute('aria-invalid')).toBe('true')
    // Not the forbidden page's path: that one first fetches the user info again.
    expect(userInfoCalls()).toBe(before)
    expect(router.state.location.pathname).toBe('/master/create-user/u-1')
  })
})
