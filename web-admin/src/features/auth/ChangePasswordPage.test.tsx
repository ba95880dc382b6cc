import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody, validationRefusal } from '../../test/fixtures.ts'
import { type MockReply, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const open = (changePassword: MockReply) => {
  storeSession()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody() },
    'POST /auth/change-password': changePassword,
  })
  return { ...api, ...renderWithProviders({ at: '/master/change-password' }) }
}

const fill = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  await user.type(await screen.findByLabelText('現在のパスワード'), 'OldPass#1')
  await user.type(screen.getByLabelText('新しいパスワード'), 'NewPass#2024')
  await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'NewPass#2024')
}

describe('change password', () => {
  it("changes the password and shows the server's message as a toast", async () => {
    const { user, requests } = open({ body: { message: 'パスワードを変更しました。(server)' } })
    await fill(user)
    await user.click(screen.getByRole('button', { name: '変更する' }))

    expect(await screen.findByText('パスワードを変更しました。(server)')).toBeTruthy()
    const sent = requests.find((request) => request.path === '/auth/change-password')
    expect(sent?.body).toEqual({ old_password: 'OldPass#1', new_password: 'NewPass#2024' })
    expect(sent?.headers.get('authorization')).toBe('Bearer access-1')
    expect((screen.getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('')
  })

  it('puts the server error for the current password on that field', async () => {
    const { user } = open(
      validationRefusal([
        {
          path: 'body.old_password',
          code: 'error.wrongPassword',
          message: '現在のパスワードが違います。',
        },
      ]),
    )
    await fill(user)
    await user.click(screen.getByRole('button', { name: '変更する' }))

    expect(await screen.findByText('現在のパスワードが違います。')).toBeTruthy()
    expect(screen.getByLabelText('現在のパスワード').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('新しいパスワード').getAttribute('aria-invalid')).not.toBe('true')
  })

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = open({ body: {} })
    await user.type(await screen.findByLabelText('現在のパスワード'), 'x')

    await user.click(screen.getByRole('link', { name: 'サマリー' }))
    // antd gives every modal title the id "test-id" under test, so the dialog is checked by its text.
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/入力中の内容は失われます/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }))
    expect(router.state.location.pathname).toBe('/master/change-password')
    expect((screen.getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('x')

    await user.click(screen.getByRole('link', { name: 'サマリー' }))
    // The first dialog may still be closing (no animations end in jsdom); the new one comes last.
    await waitFor(() => expect(screen.getAllByRole('dialog').at(-1)).not.toBe(dialog))
    const again = screen.getAllByRole('dialog').at(-1) as HTMLElement
    await user.click(within(again).getByRole('button', { name: '移動する' }))
    expect(await screen.findByRole('heading', { name: 'サマリー', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/summary')
  })

  it('leaves without asking when nothing was typed', async () => {
    const { user, router } = open({ body: {} })
    await screen.findByLabelText('現在のパスワード')
    await user.click(screen.getByRole('link', { name: 'サマリー' }))
    expect(await screen.findByRole('heading', { name: 'サマリー', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/summary')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
