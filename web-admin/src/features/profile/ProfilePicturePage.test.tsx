import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { mockStorage } from '../../test/mockUpload.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const UPLOAD_URL = 'https://storage.test/media/accounts/u-1/logo/p-1.png?X-Amz-Signature=sig'
const KEY = 'accounts/u-1/logo/p-1.png'
const LOGO_URL = 'https://storage.test/media/accounts/u-1/logo/p-1.png?X-Amz-Signature=get'

const open = (
  routes: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {},
  info: Record<string, unknown> = {},
) => {
  storeSession()
  const storage = mockStorage()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'profilePicture'], ...info }) },
    'POST /profile/logo/upload-url': {
      body: { upload_url: UPLOAD_URL, key: KEY, headers: { 'content-type': 'image/png' } },
    },
    ...routes,
  })
  return { ...api, ...storage, ...renderWithProviders({ at: '/master/profile-picture' }) }
}

const png = (name = 'logo.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' })

const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path)

describe('profile picture', () => {
  it('previews the chosen picture, uploads it to storage, attaches it and refreshes the header', async () => {
    let saved = false
    let putsBeforeConfirm = -1
    const { user, requests, puts } = open({
      'GET /auth/user-info': () => ({
        body: userInfoBody({ menu_areas: ['summary', 'profilePicture'], logo_url: saved ? LOGO_URL : null }),
      }),
      'PUT /profile/logo': () => {
        putsBeforeConfirm = puts.length
        saved = true
        return { body: { logo_url: LOGO_URL, message: 'プロフィール画像を保存しました。' } }
      },
    })
    expect(await screen.findByText('画像は設定されていません。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '保存する' }).hasAttribute('disabled')).toBe(true)
    expect(screen.queryByRole('button', { name: '画像を削除' })).toBeNull()

    const file = png()
    await user.upload(screen.getByLabelText('プロフィール画像を選択'), file)
    const preview = await screen.findByRole('img', { name: '選択した画像のプレビュー' })
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await user.click(screen.getByRole('button', { name: '保存する' }))

    expect(await screen.findByText('プロフィール画像を保存しました。')).toBeTruthy()
    expect(calls(requests, 'POST', '/profile/logo/upload-url')[0]?.body).toEqual({
      file_name: 'logo.png',
      content_type: 'image/png',
      size: file.size,
    })
    // The bytes went to storage before the server was asked to attach them, without the bearer token.
    expect(putsBeforeConfirm).toBe(1)
    expect(puts[0]).toMatchObject({
      method: 'PUT',
      url: UPLOAD_URL,
      headers: { 'content-type': 'image/png' },
    })
    expect(puts[0]?.headers.authorization).toBeUndefined()
    expect(puts[0]?.body).toBe(file)
    expect(calls(requests, 'PUT', '/profile/logo')[0]?.body).toEqual({ key: KEY, file_name: 'logo.png' })

    const current = await screen.findByRole('img', { name: '現在のプロフィール画像' })
    expect(current.getAttribute('src')).toBe(LOGO_URL)
    expect(screen.getByRole('img', { name: 'Swipe Inc.のロゴ' }).getAttribute('src')).toBe(LOGO_URL)
    await waitFor(() => expect(calls(requests, 'GET', '/auth/user-info').length).toBeGreaterThan(1))
    expect(screen.queryByRole('img', { name: '選択した画像のプレビュー' })).toBeNull()
  })

  it('shows the server refusing bytes that are not really an image', async () => {
    const { user } = open({
      'PUT /profile/logo': {
        status: 400,
        body: {
          error: {
            code: 'upload.contentMismatch',
            message: 'ファイル「logo.png」の内容がファイル形式と一致しません。',
          },
        },
      },
    })
    await user.upload(await screen.findByLabelText('プロフィール画像を選択'), png())
    await screen.findByRole('img', { name: '選択した画像のプレビュー' })
    await user.click(screen.getByRole('button', { name: '保存する' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ファイル「logo.png」の内容がファイル形式と一致しません。')
    expect(screen.queryByText('プロフィール画像を保存しました。')).toBeNull()
    // The choice stays, so the user can pick another file or try again.
    expect(screen.getByRole('img', { name: '選択した画像のプレビュー' })).toBeTruthy()
  })

  it('refuses other types and files over 2 MB before sending anything', async () => {
    const { requests, puts } = open()
    const user = userEvent.setup({ delay: null, applyAccept: false })
    const input = () => screen.getByLabelText('プロフィール画像を選択')
    await screen.findByText('画像は設定されていません。')

    await user.upload(input(), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }))
    expect(await screen.findByText('ファイル「anim.gif」は対応していない形式です。')).toBeTruthy()
    await user.upload(input(), new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }))
    expect(await screen.findByText('ファイル「big.png」が上限の2MBを超えています。')).toBeTruthy()

    expect(screen.getByRole('button', { name: '保存する' }).hasAttribute('disabled')).toBe(true)
    expect(calls(requests, 'POST', '/profile/logo/upload-url')).toHaveLength(0)
    expect(puts).toHaveLength(0)
  })

  it('removes the picture after a confirmation', async () => {
    let removed = false
    const { user, requests } = open({
      'GET /auth/user-info': () => ({
        body: userInfoBody({
          menu_areas: ['summary', 'profilePicture'],
          logo_url: removed ? null : LOGO_URL,
        }),
      }),
      'DELETE /profile/logo': () => {
        removed = true
        return { body: { logo_url: null, message: 'プロフィール画像を削除しました。' } }
      },
    })
    await screen.findByRole('img', { name: '現在のプロフィール画像' })
    await user.click(screen.getByRole('button', { name: '画像を削除' }))
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    expect(dialog.textContent).toContain('プロフィール画像を削除しますか?')
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    expect(await screen.findByText('プロフィール画像を削除しました。')).toBeTruthy()
    expect(calls(requests, 'DELETE', '/profile/logo')).toHaveLength(1)
    expect(await screen.findByText('画像は設定されていません。')).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'Swipe Inc.のロゴ' })).toBeNull()
  })
})
