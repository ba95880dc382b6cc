import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../lib/storage.ts'
import { type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { PreviewPage } from './PreviewPage.tsx'

const SITE = 'site-1'
const REVIEWER = 'reviewer@example.com'
/** An invited viewer's preview token for SITE (only its payload's `site_id` is read here). */
const PREVIEW_TOKEN = `h.${btoa(JSON.stringify({ site_id: SITE }))}.s`

/** The saved draft as the preview API sends it: one language and no creatives, so no frame. */
const site = {
  global_setting: { id: SITE, name: 'テストサイト', languages: ['JP'], default_language: 'JP' },
  menus: [],
  creatives: [],
  settings: [],
  lang: 'JP',
  media: [],
  viewer: { kind: 'invitee', email: REVIEWER },
}

const stored = (id: string, cell: string, text: string, blocking: boolean) => ({
  id,
  cell,
  lang: 'JP',
  text,
  status: 'open',
  author: REVIEWER,
  created_at: '2026-11-29T00:00:00.000Z',
  resolved_at: null,
  blocking,
  replies: [],
})

/** The reviewer's page: their comments so far, and each posted one added to them. */
const open = () => {
  window.localStorage.setItem(STORAGE_KEYS.previewToken, PREVIEW_TOKEN)
  let items = [stored('c-0', 'A2', '色が薄いです', false)]
  const api = mockApi({
    [`GET /preview/site/${SITE}`]: { body: site },
    [`GET /preview/site/${SITE}/comments`]: () => ({ body: { items } }),
    [`POST /preview/site/${SITE}/comments`]: (request) => {
      const body = request.body as { cell: string; text: string; blocking: boolean }
      const created = stored(`c-${items.length}`, body.cell, body.text, body.blocking)
      items = [...items, created]
      return { status: 201, body: created }
    },
  })
  const view = renderWithProviders({
    at: `/site/${SITE}/preview`,
    routes: [{ path: '/site/:siteId/preview', element: <PreviewPage /> }],
  })
  return { ...api, ...view }
}

const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.body)

const write = async (user: ReturnType<typeof open>['user'], text: string) => {
  await user.click(await screen.findByRole('button', { name: 'このページ（A1）にコメント' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(within(dialog).getByRole('textbox', { name: 'A1 へのコメント' }))
  await user.paste(text)
  return dialog
}

describe('preview page: a reviewer’s blocking comment (issue 33)', () => {
  it('sends blocking: true when the box is ticked, and tags the comment in the reviewer’s list', async () => {
    const { user, requests } = open()
    expect(within(await screen.findByTestId('comment-A2')).queryByTestId('blocking-c-0')).toBeNull()
    const dialog = await write(user, '価格が間違っています')
    const box = within(dialog).getByRole('checkbox', { name: '公開を止める（ブロック）' })
    expect((box as HTMLInputElement).checked).toBe(false)
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '解決されるまで公開できなくなります',
    )
    await user.click(box)
    await user.click(within(dialog).getByRole('button', { name: '送信' }))

    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)).toEqual([
      { cell: 'A1', lang: 'JP', text: '価格が間違っています', blocking: true },
    ])
    const item = await screen.findByTestId('comment-A1')
    expect(within(item).getByTestId('blocking-c-1').textContent).toBe('ブロック')
    expect(within(screen.getByTestId('comment-A2')).queryByTestId('blocking-c-1')).toBeNull()
  })

  it('sends blocking: false when the box is left alone, and shows no tag', async () => {
    const { user, requests } = open()
    const dialog = await write(user, '誤字があります')
    await user.click(within(dialog).getByRole('button', { name: '送信' }))

    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)).toEqual([{ cell: 'A1', lang: 'JP', text: '誤字があります', blocking: false }])
    const item = await screen.findByTestId('comment-A1')
    expect(within(item).queryByText('ブロック')).toBeNull()
  })
})
