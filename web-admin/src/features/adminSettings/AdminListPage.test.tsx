import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const hanako = {
  id: 'sub-1',
  contact_name: '山田 花子',
  email: 'hanako@example.com',
  admin_role: 'EDITOR',
  authority: 'EDIT',
  contract_status: 'ACTIVE',
  created_at: '2025-03-15T12:00:00.000Z',
  version: 2,
}

const open = (
  routes: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {},
  info: Record<string, unknown> = {},
) => {
  storeSession(info)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'adminSettings'], ...info }) },
    'GET /sub-admins': { body: { items: [hanako] } },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at: '/master/admin-list' }) }
}

type User = ReturnType<typeof renderWithProviders>['user']

const lastDialog = async () => {
  await screen.findAllByRole('dialog')
  return screen.getAllByRole('dialog').at(-1) as HTMLElement
}

const choose = async (user: User, dialog: HTMLElement, field: string, option: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: field }))
  await user.click(await screen.findByRole('option', { name: option }))
}

describe('admin settings', () => {
  it('lists the sub-admins with their role and authority', async () => {
    open()
    const row = await screen.findByRole('row', { name: /hanako@example\.com/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['山田 花子', 'hanako@example.com', '編集者', '編集', '2025/03/15'])
    expect(within(row).getByRole('button', { name: '山田 花子を編集' })).toBeTruthy()
    expect(within(row).getByRole('button', { name: '山田 花子を削除' })).toBeTruthy()
  })

  it('adds a sub-admin through the modal form and toasts', async () => {
    const { user, requests } = open({
      'POST /sub-admins': {
        status: 201,
        body: { ...hanako, id: 'sub-2', message: '管理者を追加し、仮パスワードをメールで送信しました。' },
      },
    })
    await user.click(await screen.findByRole('button', { name: '管理者を追加' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('管理者の追加')
    await user.type(within(dialog).getByRole('textbox', { name: 'メールアドレス' }), 'jiro@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: '担当者名' }), '田中 次郎')
    await choose(user, dialog, '役割', '閲覧者')
    await choose(user, dialog, '権限', '閲覧')
    await user.click(within(dialog).getByRole('button', { name: '追加する' }))

    expect(await screen.findByText('管理者を追加し、仮パスワードをメールで送信しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'jiro@example.com',
      contact_name: '田中 次郎',
      admin_role: 'VIEWER',
      authority: 'VIEW',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      requests.filter((request) => request.path === '/sub-admins' && request.method === 'GET'),
    ).toHaveLength(2)
  })

  it('checks the add form and shows a taken email on its field', async () => {
    const { user, requests } = open({
      'POST /sub-admins': {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります。',
            details: [
              {
                path: 'body.email',
                code: 'account.emailTaken',
                message: 'このメールアドレスのアカウントは既に存在します。',
              },
            ],
          },
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: '管理者を追加' }))
    const dialog = await lastDialog()
    await user.click(within(dialog).getByRole('button', { name: '追加する' }))
    expect((await within(dialog).findAllByText('この項目は必須です。')).length).toBe(3)
    expect(requests.some((request) => request.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByRole('textbox', { name: 'メールアドレス' }), 'hanako@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: '担当者名' }), '山田 花子')
    await choose(user, dialog, '役割', '主担当')
    await user.click(within(dialog).getByRole('button', { name: '追加する' }))
    expect(await within(dialog).findByText('このメールアドレスのアカウントは既に存在します。')).toBeTruthy()
    expect(within(dialog).getByRole('textbox', { name: 'メールアドレス' }).getAttribute('aria-invalid')).toBe(
      'true',
    )
  })

  it('edits a sub-admin with its version and toasts', async () => {
    const { user, requests } = open({
      'PUT /sub-admins/sub-1': {
        body: { ...hanako, admin_role: 'MAIN_CONTACT', message: '管理者を更新しました。' },
      },
    })
    await user.click(await screen.findByRole('button', { name: '山田 花子を編集' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('hanako@example.com')
    expect((within(dialog).getByRole('textbox', { name: '担当者名' }) as HTMLInputElement).value).toBe(
      '山田 花子',
    )
    await choose(user, dialog, '役割', '主担当')
    await user.click(within(dialog).getByRole('button', { name: '保存する' }))

    expect(await screen.findByText('管理者を更新しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      contact_name: '山田 花子',
      admin_role: 'MAIN_CONTACT',
      authority: 'EDIT',
      version: 2,
    })
  })

  it('deletes a sub-admin after a confirmation and toasts', async () => {
    const { user, requests } = open({
      'DELETE /sub-admins/sub-1': { body: { message: '管理者を削除しました。' } },
    })
    await user.click(await screen.findByRole('button', { name: '山田 花子を削除' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「山田 花子」を削除しますか?')
    expect(dialog.textContent).toContain('この管理者はログインできなくなります')
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    expect(await screen.findByText('管理者を削除しました。')).toBeTruthy()
    const sent = requests.find((request) => request.method === 'DELETE')
    expect(sent?.url.searchParams.get('version')).toBe('2')
  })

  it('disables the buttons for a view-only account', async () => {
    open(
      {},
      {
        authority: 'VIEW',
        allowed_actions: ['self:read', 'self:update', 'summary:read', 'account:read', 'site:read'],
      },
    )
    await screen.findByRole('row', { name: /hanako@example\.com/ })
    for (const name of ['管理者を追加', '山田 花子を編集', '山田 花子を削除']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled'), name).toBe(true)
    }
  })
})
