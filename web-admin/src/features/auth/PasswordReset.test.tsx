import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

describe('reset password request (/reset-pass)', () => {
  it("sends the email and shows the server's answer", async () => {
    const answer = '登録されている場合、パスワード再設定用のメールを送信しました。'
    const { requests } = mockApi({ 'POST /auth/forgot-password': { body: { message: answer } } })
    const { user } = renderWithProviders({ at: '/reset-pass' })
    await user.type(await screen.findByLabelText('メールアドレス'), ' owner@example.com ')
    await user.click(screen.getByRole('button', { name: '送信' }))

    expect(await screen.findByRole('heading', { name: 'パスワード再設定' })).toBeTruthy()
    expect((await screen.findAllByText(answer)).length).toBeGreaterThan(0)
    expect(screen.getByText('メールを送信しました')).toBeTruthy()
    expect(requests[0]?.body).toEqual({ email: 'owner@example.com' })
    expect(screen.getByRole('link', { name: 'ログイン画面に戻る' }).getAttribute('href')).toBe('/login')
  })
})

describe('new password (/new-password?token=…)', () => {
  it('verifies the token, sets the password and confirms', async () => {
    const { requests } = mockApi({
      'POST /auth/verify-token': { body: { valid: true, email: 'owner@example.com' } },
      'POST /auth/reset-password': { body: {} },
    })
    const { user, router } = renderWithProviders({ at: '/new-password?token=tok-1' })

    expect(await screen.findByText('対象アカウント: owner@example.com')).toBeTruthy()
    await user.type(screen.getByLabelText('新しいパスワード'), 'NewPass#2024')
    await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'NewPass#2024')
    await user.click(screen.getByRole('button', { name: 'パスワードを設定' }))

    expect(await screen.findByText('パスワードを再設定しました')).toBeTruthy()
    expect(requests.map((request) => request.body)).toEqual([
      { token: 'tok-1' },
      { token: 'tok-1', new_password: 'NewPass#2024' },
    ])
    await user.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(await screen.findByLabelText('ログインID')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('rejects a password that breaks the rule before calling the API', async () => {
    const { requests } = mockApi({
      'POST /auth/verify-token': { body: { valid: true, email: 'a@example.com' } },
    })
    const { user } = renderWithProviders({ at: '/new-password?token=tok-1' })
    await user.type(await screen.findByLabelText('新しいパスワード'), 'nouppercase1#')
    await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'nouppercase1#')
    await user.click(screen.getByRole('button', { name: 'パスワードを設定' }))

    expect(await screen.findByText(/英小文字・英大文字・数字・記号をそれぞれ1文字以上含め/)).toBeTruthy()
    expect(requests).toHaveLength(1)
  })

  it('explains an invalid or expired link', async () => {
    mockApi({
      'POST /auth/verify-token': {
        status: 400,
        body: { error: { code: 'error.badRequest', message: 'リクエストが正しくありません。' } },
      },
    })
    renderWithProviders({ at: '/new-password?token=expired' })
    expect(await screen.findByText('リンクが無効です')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'パスワード再設定をやり直す' }).getAttribute('href')).toBe(
      '/reset-pass',
    )
  })

  it('says the token is missing', async () => {
    const { requests } = mockApi({})
    renderWithProviders({ at: '/new-password' })
    expect(await screen.findByText(/トークンがありません/)).toBeTruthy()
    expect(requests).toHaveLength(0)
  })
})

describe('first-time change without a challenge', () => {
  it('sends the user back to the login screen', async () => {
    mockApi({})
    renderWithProviders({ at: '/first-time-change-password' })
    expect(
      await screen.findByText('ログインの有効期限が切れました。もう一度ログインしてください。'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ログイン画面に戻る' })).toBeTruthy()
  })
})
