import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession } from '../../../test/fixtures.ts'
import { type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { ReviewComments } from './ReviewComments.tsx'

const SITE = 'site-1'
const REVIEWER = 'reviewer@example.com'
const reply = (id: string, text: string, author: string | null) => ({
  id,
  text,
  author,
  created_at: '2026-11-29T01:00:00.000Z',
})
const comment = (replies: unknown[]) => ({
  id: 'c-1',
  cell: 'B2',
  lang: 'JP',
  text: '価格は税込ですか？',
  status: 'open',
  author: REVIEWER,
  created_at: '2026-11-29T00:00:00.000Z',
  resolved_at: null,
  blocking: false,
  replies,
})

const open = (owner: boolean) => {
  storeSession()
  let replies = [reply('r-1', 'はい、税込です。', null)]
  const api = mockApi({
    [`GET /preview/site/${SITE}/comments`]: () => ({ body: { items: [comment(replies)] } }),
    [`POST /preview/site/${SITE}/comments/c-1/replies`]: (request) => {
      replies = [...replies, reply('r-2', (request.body as { text: string }).text, owner ? null : REVIEWER)]
      return { status: 201, body: comment(replies) }
    },
  })
  return { ...api, ...renderWithProviders({ ui: <ReviewComments siteId={SITE} owner={owner} /> }) }
}

describe('review comments: replies', () => {
  it('lets the owner answer a comment and shows the thread under it', async () => {
    const { user, requests } = open(true)
    const item = await screen.findByTestId('comment-B2')
    expect(within(item).getByTestId('reply-r-1').textContent).toContain('あなた')
    expect(within(item).getByTestId('reply-r-1').textContent).toContain('はい、税込です。')
    await user.click(within(item).getByRole('button', { name: '返信' }))
    await user.click(within(item).getByRole('textbox', { name: 'B2 のコメントへの返信' }))
    await user.paste('来週から表示を変えます')
    await user.click(within(item).getByRole('button', { name: '返信を送信' }))
    await waitFor(() => expect(within(item).queryByTestId('reply-r-2')).toBeTruthy())
    expect(within(item).getByTestId('reply-r-2').textContent).toContain('来週から表示を変えます')
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { text: '来週から表示を変えます' },
    ])
  })

  it('names the owner’s answers as the site’s creator on the reviewer’s side', async () => {
    open(false)
    const item = await screen.findByTestId('comment-B2')
    expect(within(item).getByTestId('reply-r-1').textContent).toContain('サイトの作成者')
    expect(within(item).queryByRole('checkbox')).toBeNull()
    expect(within(item).getByRole('button', { name: '返信' })).toBeTruthy()
  })
})

/** Three comments: a reviewer's blocking one (B2), the owner's blocking note (C3), a resolved blocking one (D4). */
const openBlocking = (owner: boolean) => {
  storeSession()
  let items: Record<string, unknown>[] = [
    { ...comment([]), blocking: true },
    { ...comment([]), id: 'c-2', cell: 'C3', author: null, text: 'メモ', blocking: true },
    {
      ...comment([]),
      id: 'c-3',
      cell: 'D4',
      text: '直りました',
      status: 'resolved',
      resolved_at: '2026-11-29T02:00:00.000Z',
      blocking: true,
    },
  ]
  const update = (id: string) => (request: MockRequest) => {
    items = items.map((c) => (c.id === id ? { ...c, ...(request.body as object) } : c))
    return { body: items.find((c) => c.id === id) }
  }
  const api = mockApi({
    [`GET /preview/site/${SITE}/comments`]: () => ({ body: { items } }),
    [`PUT /preview/site/${SITE}/comments/c-1`]: update('c-1'),
    [`PUT /preview/site/${SITE}/comments/c-2`]: update('c-2'),
  })
  return { ...api, ...renderWithProviders({ ui: <ReviewComments siteId={SITE} owner={owner} /> }) }
}

const updates = (requests: MockRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body])

describe('review comments: blocking (issue 33)', () => {
  it('counts the open blocking comments and tags them red, the resolved one grey and struck', async () => {
    const { user } = openBlocking(true)
    const item = await screen.findByTestId('comment-B2')
    expect(screen.getByRole('alert').textContent).toBe('公開を止めているコメント: 2件')
    const tag = within(item).getByTestId('blocking-c-1')
    expect(tag.textContent).toBe('ブロック')
    expect(tag.className).toContain('red')
    expect(tag.style.textDecoration).toBe('')
    expect(within(item).getByRole('button', { name: 'ブロックを解除' })).toBeTruthy()

    await user.click(screen.getByText('対応済み'))
    const resolved = await screen.findByTestId('comment-D4')
    const grey = within(resolved).getByTestId('blocking-c-3')
    expect(grey.textContent).toBe('ブロック')
    expect(grey.className).not.toContain('red')
    expect(grey.style.textDecoration).toBe('line-through')
    // A resolved comment stops nothing: no block to lift or set there.
    expect(within(resolved).queryByRole('button', { name: /ブロック/ })).toBeNull()
  })

  it('lifts a reviewer’s block only after the confirmation, with { blocking: false }', async () => {
    const { user, requests } = openBlocking(true)
    const item = await screen.findByTestId('comment-B2')
    await user.click(within(item).getByRole('button', { name: 'ブロックを解除' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain(
      'レビュアーが公開を止めるよう求めたコメントです。ブロックを解除しますか？',
    )
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(updates(requests)).toEqual([])

    await user.click(within(item).getByRole('button', { name: 'ブロックを解除' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'ブロックを解除' }),
    )
    await waitFor(() => expect(within(item).queryByTestId('blocking-c-1')).toBeNull())
    expect(updates(requests)).toEqual([['PUT', `/preview/site/${SITE}/comments/c-1`, { blocking: false }]])
    expect(screen.getByRole('alert').textContent).toBe('公開を止めているコメント: 1件')
    expect(within(item).getByRole('button', { name: 'ブロックにする' })).toBeTruthy()

    // Marking it blocking again needs no confirmation.
    await user.click(within(item).getByRole('button', { name: 'ブロックにする' }))
    await waitFor(() => expect(within(item).queryByTestId('blocking-c-1')).toBeTruthy())
    expect(updates(requests).at(-1)).toEqual([
      'PUT',
      `/preview/site/${SITE}/comments/c-1`,
      { blocking: true },
    ])
    expect(screen.getByRole('alert').textContent).toBe('公開を止めているコメント: 2件')
  })

  it('lifts the block of the owner’s own note without asking, and drops the summary at none', async () => {
    const { user, requests } = openBlocking(true)
    const note = await screen.findByTestId('comment-C3')
    await user.click(within(note).getByRole('button', { name: 'ブロックを解除' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('公開を止めているコメント: 1件'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(updates(requests)).toEqual([['PUT', `/preview/site/${SITE}/comments/c-2`, { blocking: false }]])
    const item = screen.getByTestId('comment-B2')
    await user.click(within(item).getByRole('button', { name: 'ブロックを解除' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'ブロックを解除' }),
    )
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('shows the reviewer the tag on their blocking comment, without the summary or the toggle', async () => {
    openBlocking(false)
    const item = await screen.findByTestId('comment-B2')
    expect(within(item).getByTestId('blocking-c-1').textContent).toBe('ブロック')
    expect(within(item).queryByRole('button', { name: /ブロック/ })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
