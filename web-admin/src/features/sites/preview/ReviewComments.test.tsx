import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession } from '../../../test/fixtures.ts'
import { mockApi } from '../../../test/mockApi.ts'
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
