import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, validationRefusal } from '../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { ShareDialog } from './ShareDialog.tsx'

const SITE = 'site-1'
const RULE =
  'パスワードは8〜20文字で入力してください。パスワードには英小文字・英大文字・数字・記号をそれぞれ1文字以上含め、空白は使えません。'
const status = {
  is_private: true,
  has_password: false,
  total: 0,
  open_comments: 0,
  preview_url: `http://admin.localhost/site/${SITE}/preview`,
  updated_at: null,
}

const open = (setPassword: MockReply) => {
  storeSession()
  const api = mockApi({
    [`GET /preview/site/${SITE}/share/status`]: { body: status },
    [`GET /preview/site/${SITE}/share`]: { body: { items: [], total: 0 } },
    [`POST /preview/site/${SITE}/share/set-password`]: setPassword,
  })
  return { ...api, ...renderWithProviders({ ui: <ShareDialog siteId={SITE} open onClose={() => {}} /> }) }
}

const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST')

describe('share dialog: the password rule', () => {
  it('names the rule, and refuses a weak password with the rule’s own words before sending', async () => {
    const { user, requests } = open({ body: { ...status, has_password: true, message: '保存しました' } })
    expect((await screen.findByTestId('share-password-rule')).textContent).toBe(RULE)
    const field = screen.getByLabelText('共有パスワード')
    await user.click(field)
    await user.paste('weak')
    await user.click(screen.getByRole('button', { name: 'パスワードを保存' }))
    expect(screen.getByText('パスワードは8〜20文字で入力してください。')).toBeTruthy()
    await user.clear(field)
    await user.paste('longenough1')
    await user.click(screen.getByRole('button', { name: 'パスワードを保存' }))
    expect(
      screen.getByText(
        'パスワードには英小文字・英大文字・数字・記号をそれぞれ1文字以上含め、空白は使えません。',
      ),
    ).toBeTruthy()
    expect(posts(requests)).toHaveLength(0)

    await user.clear(field)
    await user.paste('Preview#2026')
    await user.click(screen.getByRole('button', { name: 'パスワードを保存' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]!.body).toEqual({ password: 'Preview#2026', is_private: true })
  })

  it('shows the server’s field message when the API refuses the password', async () => {
    const { user } = open(
      validationRefusal([
        {
          path: 'body.password',
          code: 'validation.passwordRule',
          message: 'サーバーが示すパスワードの規則です。',
          params: {},
        },
      ]),
    )
    await user.click(await screen.findByLabelText('共有パスワード'))
    await user.paste('Preview#2026')
    await user.click(screen.getByRole('button', { name: 'パスワードを保存' }))
    expect(await screen.findByText('サーバーが示すパスワードの規則です。')).toBeTruthy()
    expect(screen.queryByText('入力内容に誤りがあります。')).toBeNull()
  })
})
