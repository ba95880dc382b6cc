import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../lib/storage.ts'
import { userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const signInReply = (info = userInfoBody()) => ({
  body: { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600, user_info: info },
})

const fillAndSubmit = async (
  user: ReturnType<typeof renderWithProviders>['user'],
  password = 'Secret#123',
) => {
  await user.type(await screen.findByLabelText('ログインID'), 'owner@example.com')
  await user.type(screen.getByLabelText('パスワード'), password)
  await user.click(screen.getByRole('button', { name: 'ログイン' }))
}

describe('login', () => {
  it('signs in and lands on the summary of the user type', async () => {
    const { requests } = mockApi({
      'POST /auth/login': signInReply(
        userInfoBody({ user_type_segment: 'admin', account_type: 'OEM_MASTER' }),
      ),
    })
    const { user, router } = renderWithProviders({ at: '/login' })
    await fillAndSubmit(user)

    expect(await screen.findByRole('heading', { name: 'サマリー', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/summary')
    expect(requests[0]?.body).toEqual({ login_id: 'owner@example.com', password: 'Secret#123' })
    expect(requests[0]?.headers.get('x-lang')).toBe('ja')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1')
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      userTypeSegment: 'admin',
      companyName: 'Swipe Inc.',
    })
  })

  it("shows the server's message when the login ID or password is wrong", async () => {
    mockApi({
      'POST /auth/login': {
        status: 401,
        body: {
          error: {
            code: 'error.invalidCredentials',
            message: 'ログインIDまたはパスワードが正しくありません。',
          },
        },
      },
    })
    const { user, router } = renderWithProviders({ at: '/login' })
    await fillAndSubmit(user, 'Wrong#123')

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('ログインIDまたはパスワードが正しくありません。')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
  })

  it('checks required fields before calling the API', async () => {
    const { requests } = mockApi({})
    const { user } = renderWithProviders({ at: '/login' })
    await user.click(await screen.findByRole('button', { name: 'ログイン' }))

    expect(await screen.findAllByText('この項目は必須です。')).toHaveLength(2)
    expect(requests).toHaveLength(0)
    // Each message is tied to its input, and the first field with an error has the focus.
    const loginId = screen.getByLabelText('ログインID')
    expect(loginId.getAttribute('aria-invalid')).toBe('true')
    const described = document.getElementById(loginId.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe('この項目は必須です。')
    expect(document.activeElement).toBe(loginId)
  })

  it('takes a temporary password to the first-time change screen and completes the sign-in there', async () => {
    const { requests } = mockApi({
      'POST /auth/login': {
        body: { challenge: 'NEW_PASSWORD_REQUIRED', session: 'sess-1', login_id: 'owner' },
      },
      'POST /auth/complete-new-password': signInReply(),
    })
    const { user, router } = renderWithProviders({ at: '/login' })
    await fillAndSubmit(user)

    expect(await screen.findByRole('heading', { name: 'パスワードの変更' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/first-time-change-password')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()

    await user.type(screen.getByLabelText('新しいパスワード'), 'weak')
    await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'weak2')
    await user.click(screen.getByRole('button', { name: '変更してログイン' }))
    expect(await screen.findByText('パスワードは8〜20文字で入力してください。')).toBeTruthy()
    expect(await screen.findByText('パスワードが一致しません。')).toBeTruthy()

    await user.clear(screen.getByLabelText('新しいパスワード'))
    await user.type(screen.getByLabelText('新しいパスワード'), 'NewPass#2024')
    await user.clear(screen.getByLabelText('新しいパスワード(確認)'))
    await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'NewPass#2024')
    await user.click(screen.getByRole('button', { name: '変更してログイン' }))

    expect(await screen.findByRole('heading', { name: 'サマリー', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/summary')
    expect(requests[1]?.body).toEqual({ login_id: 'owner', session: 'sess-1', new_password: 'NewPass#2024' })
  })

  it('puts a server field error on the right field', async () => {
    mockApi({
      'POST /auth/login': {
        body: { challenge: 'NEW_PASSWORD_REQUIRED', session: 'sess-1', login_id: 'owner' },
      },
      'POST /auth/complete-new-password': {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります。',
            details: [
              {
                path: 'body.newPassword',
                code: 'validation.passwordRule',
                message: '以前のパスワードは使えません。',
              },
            ],
          },
        },
      },
    })
    const { user } = renderWithProviders({ at: '/login' })
    await fillAndSubmit(user)
    await user.type(await screen.findByLabelText('新しいパスワード'), 'NewPass#2024')
    await user.type(screen.getByLabelText('新しいパスワード(確認)'), 'NewPass#2024')
    await user.click(screen.getByRole('button', { name: '変更してログイン' }))

    const message = await screen.findByText('以前のパスワードは使えません。')
    const input = screen.getByLabelText('新しいパスワード')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby') ?? '').toContain(message.closest('[id]')?.id ?? 'none')
  })

  it('links to the password reset screen', async () => {
    mockApi({})
    const { user, router } = renderWithProviders({ at: '/login' })
    await user.click(await screen.findByRole('link', { name: 'パスワードをお忘れの方' }))
    expect(await screen.findByRole('heading', { name: 'パスワード再設定' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/reset-pass')
  })
})

describe('language', () => {
  const cases: Record<'lng' | 'loginId' | 'password' | 'submit' | 'forgot' | 'show', string>[] = [
    {
      lng: 'English',
      loginId: 'Login ID',
      password: 'Password',
      submit: 'Log in',
      forgot: 'Forgot your password?',
      show: 'Show',
    },
    { lng: '中文', loginId: '登录 ID', password: '密码', submit: '登录', forgot: '忘记密码？', show: '显示' },
    {
      lng: '한국어',
      loginId: '로그인 ID',
      password: '비밀번호',
      submit: '로그인',
      forgot: '비밀번호를 잊으셨나요?',
      show: '표시',
    },
    {
      lng: '日本語',
      loginId: 'ログインID',
      password: 'パスワード',
      submit: 'ログイン',
      forgot: 'パスワードをお忘れの方',
      show: '表示',
    },
  ]

  it('switches every text of the login screen, remembers the choice and sends it as X-Lang', async () => {
    const { requests } = mockApi({ 'POST /auth/login': { status: 401, body: {} } })
    const { user } = renderWithProviders({ at: '/login' })
    await screen.findByLabelText('ログインID')

    for (const expected of cases) {
      // The sign-in screens' language choice is a native select (issue 14).
      await user.selectOptions(
        screen.getByRole('combobox', { name: /言語|Language|语言|언어/ }),
        screen.getByRole('option', { name: expected.lng }),
      )
      expect(await screen.findByLabelText(expected.loginId)).toBeTruthy()
      expect(screen.getByLabelText(expected.password)).toBeTruthy()
      expect(screen.getByRole('button', { name: expected.submit })).toBeTruthy()
      expect(screen.getByRole('link', { name: expected.forgot })).toBeTruthy()
      // The password toggle's words are antd's, from the antd locale loaded with the language.
      expect(screen.getByRole('button', { name: expected.show })).toBeTruthy()
    }
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')

    await user.selectOptions(
      screen.getByRole('combobox', { name: '言語' }),
      screen.getByRole('option', { name: '한국어' }),
    )
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('ko')
    await user.type(screen.getByLabelText('로그인 ID'), 'a')
    await user.type(screen.getByLabelText('비밀번호'), 'b')
    await user.click(screen.getByRole('button', { name: '로그인' }))
    await screen.findByRole('alert')
    expect(requests[0]?.headers.get('x-lang')).toBe('ko')
  })

  it('shows validation messages from the shared catalogs in the chosen language', async () => {
    mockApi({})
    const { user } = renderWithProviders({ at: '/reset-pass' })
    await user.type(await screen.findByLabelText('メールアドレス'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: '送信' }))
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeTruthy()

    await user.selectOptions(
      screen.getByRole('combobox', { name: '言語' }),
      screen.getByRole('option', { name: 'English' }),
    )
    expect(await screen.findByText('Invalid email address.')).toBeTruthy()
  })
})
