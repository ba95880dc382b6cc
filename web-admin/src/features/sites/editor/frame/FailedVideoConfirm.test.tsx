import { screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import { storeSession } from '../../../../test/fixtures.ts'
import { mockApi } from '../../../../test/mockApi.ts'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import { testDraft } from '../creatives/tabHarness.tsx'
import type { SiteDraft } from '../draft.ts'
import { useConfirmFailedVideos } from './FailedVideoConfirm.tsx'
import { testCreative } from './testing.tsx'

const SITE = 'site-1'
const VIDEO = `sites/${SITE}/uploads/0b8e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b.mov`
const OTHER = `sites/${SITE}/uploads/1c9f5d2b-3a4e-4f60-9b0c-1d2e3f4a5b6c.mp4`

const Publish = ({ draft, onAnswer }: { draft: SiteDraft; onAnswer: (go: boolean) => void }) => {
  const { modal } = App.useApp()
  const confirm = useConfirmFailedVideos(SITE)
  return (
    <button type="button" onClick={async () => onAnswer(await confirm(modal, draft))}>
      公開
    </button>
  )
}

const open = (states: Record<string, string>) => {
  storeSession()
  const api = mockApi({
    [`GET /site/${SITE}/media`]: (request) => ({
      body: {
        media: (request.url.searchParams.get('keys') ?? '').split(',').map((key) => ({
          key,
          state: states[key] ?? 'ready',
          ...(states[key] === 'failed' ? { message: '動画を変換できませんでした。' } : {}),
        })),
      },
    }),
  })
  const onAnswer = vi.fn()
  const draft = testDraft({
    creatives: [
      testCreative('JP', 'A1'),
      testCreative('JP', 'B2', { mediaKey: VIDEO, mediaType: 'video' }),
      testCreative('EN', 'B2', { mediaKey: VIDEO, mediaType: 'video' }),
      testCreative('JP', 'A2', { mediaKey: OTHER, mediaType: 'video' }),
    ],
  })
  return { ...api, onAnswer, ...renderWithProviders({ ui: <Publish draft={draft} onAnswer={onAnswer} /> }) }
}

describe('publish confirmation for videos that could not be converted', () => {
  it('names each cell of a failed video and publishes only when the creator says so', async () => {
    const { user, onAnswer, requests } = open({ [VIDEO]: 'failed' })
    await user.click(screen.getByRole('button', { name: '公開' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('スマートフォン向けに変換できなかった動画が1件あります')
    expect(
      [...within(dialog).getByTestId('failed-videos').querySelectorAll('li')].map((li) => li.textContent),
    ).toEqual(['日本語・B2: 動画を変換できませんでした。', '英語・B2: 動画を変換できませんでした。'])
    // Only the videos were asked about.
    expect(requests[0]!.url.searchParams.get('keys')).toBe(`${VIDEO},${OTHER}`)
    await user.click(within(dialog).getByRole('button', { name: '公開をやめて差し替える' }))
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false))
    await user.click(screen.getByRole('button', { name: '公開' }))
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'このまま公開する' })).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'このまま公開する' }))
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true))
  })

  it('asks nothing when every video is ready', async () => {
    const { user, onAnswer } = open({})
    await user.click(screen.getByRole('button', { name: '公開' }))
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
