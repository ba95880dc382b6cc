import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MockReply, MockRequest } from '../../../../test/mockApi.ts'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_PATH,
  sentBody,
  siteReply,
  testSite,
} from '../frame/testing.tsx'
import type { SiteVersionView } from './history-api.ts'

/**
 * The editor's 公開履歴 (issue 33; docs/decisions/0064-versions-and-rollback.md): the versions with
 * who, when and what changed, and the rollback that returns the live site to one of them.
 */

const VERSIONS = `${SITE_PATH}/versions`
const CONFLICT = '他の変更が先に保存されました。再読み込みして確認してください。'
const UNPUBLISHED = '未公開の変更があります'
const CURRENT = '公開中のサイトは、保存した内容と同じです。'

const published = (version: number, unpublishedChanges: boolean) =>
  testSite({
    version,
    globalSetting: {
      status: 'PUBLISH',
      publishedAt: '2025-05-01T00:00:00.000Z',
      publishedVersion: version,
      unpublishedChanges,
    },
  })

/** One version as GET /site/{id}/versions answers it (camelCase; sent snake_case). */
const versionView = (id: string, overrides: Partial<SiteVersionView> = {}): SiteVersionView => ({
  id,
  action: 'publish',
  at: '2025-05-01T00:00:00.000Z',
  by: '佐藤 花子',
  summary: { first: false, cells: 0, languages: [], global: false, changedCells: [] },
  restoredFrom: null,
  live: false,
  canRollback: true,
  ...overrides,
})

const page = (items: SiteVersionView[], cursor: string | null = null): MockReply => ({
  body: keysToSnake({ items, cursor }),
})

/** A first publish, an edit publish and the rollback to the first that is live now. */
const firstPublish = versionView('v-1', {
  at: '2025-05-01T00:00:00.000Z',
  canRollback: false,
  summary: { first: true, cells: 4, languages: ['JP'], global: true, changedCells: [] },
})
const editPublish = versionView('v-2', {
  at: '2025-05-02T00:30:00.000Z',
  by: null,
  summary: {
    first: false,
    cells: 3,
    languages: ['JP', 'EN'],
    global: true,
    changedCells: ['JP:A1', 'JP:B1', 'EN:A1'],
  },
})
const rollbackToFirst = versionView('v-3', {
  action: 'rollback',
  at: '2025-05-03T01:00:00.000Z',
  by: '山田 太郎',
  restoredFrom: 'v-1',
  live: true,
  summary: { first: false, cells: 2, languages: ['JP'], global: false, changedCells: ['JP:A1', 'JP:B1'] },
})
const HISTORY = [rollbackToFirst, editPublish, firstPublish]

const itemText = (id: string) => document.querySelector(`[data-version="${id}"]`)?.textContent
const item = (id: string) => document.querySelector<HTMLElement>(`[data-version="${id}"]`)!

const openHistory = async (user: ReturnType<typeof openEditor>['user']) => {
  await editorReady()
  await user.click(screen.getByRole('button', { name: '公開履歴' }))
  return screen.findByRole('list', { name: '公開履歴' })
}

describe('the publish history', () => {
  it('lists the versions newest first with when, who, what they did and changed, and the live one', async () => {
    const { user } = openEditor(published(5, false), { [`GET ${VERSIONS}`]: page(HISTORY) })
    await editorReady()
    // Opened from the keyboard.
    screen.getByRole('button', { name: '公開履歴' }).focus()
    await user.keyboard('{Enter}')
    const list = await screen.findByRole('list', { name: '公開履歴' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-version')),
    ).toEqual(['v-3', 'v-2', 'v-1'])

    expect(itemText('v-3')).toBe(
      'ロールバック公開中2025-05-03 10:00 / 山田 太郎2025-05-01 09:00 の版に戻しました1言語・2セルを変更比較する下書きに復元',
    )
    expect(itemText('v-2')).toBe(
      '公開2025-05-02 09:30 / システム2言語・3セルを変更、全体設定を変更比較するこのバージョンに戻す下書きに復元',
    )
    // Its release is gone: no way back to it, nothing to compare or restore.
    expect(itemText('v-1')).toBe(
      '公開2025-05-01 09:00 / 佐藤 花子初回公開このバージョンの公開データは保存期間を過ぎています',
    )
    expect(within(list).getAllByText('公開中')).toHaveLength(1)
    // The live version is not offered again.
    expect(within(item('v-3')).queryByRole('button', { name: 'このバージョンに戻す' })).toBeNull()
  })

  it('names a rollback whose target is not loaded by its action alone, and says when nothing changed', async () => {
    const { user } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page([
        versionView('v-9', { action: 'rollback', restoredFrom: 'v-old', live: true }),
        versionView('v-8', { at: '2025-04-30T15:00:00.000Z', canRollback: false }),
      ]),
    })
    await openHistory(user)
    expect(itemText('v-9')).toBe('ロールバック公開中2025-05-01 09:00 / 佐藤 花子変更なし比較する下書きに復元')
    expect(itemText('v-8')).toBe(
      '公開2025-05-01 00:00 / 佐藤 花子変更なしこのバージョンの公開データは保存期間を過ぎています',
    )
  })

  it('says a site never published has no history', async () => {
    const { user } = openEditor(testSite(), { [`GET ${VERSIONS}`]: page([]) })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '公開履歴' }))
    expect(await screen.findByText('まだ公開されていません')).toBeTruthy()
    expect(screen.queryByRole('list', { name: '公開履歴' })).toBeNull()
  })

  it('shows a failed load with a retry that loads it again', async () => {
    let fail = true
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'error.internal', message: 'サーバーでエラーが発生しました。' } },
            }
          : page(HISTORY),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '公開履歴' }))
    expect(await screen.findByText('サーバーでエラーが発生しました。')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: '再試行' }))
    expect(await screen.findByRole('list', { name: '公開履歴' })).toBeTruthy()
    expect(calls(requests, 'GET', VERSIONS)).toHaveLength(2)
  })

  it('loads the next page with the cursor while the answer has one', async () => {
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: (request: MockRequest) =>
        request.url.searchParams.get('cursor') === 'c-2'
          ? page([firstPublish])
          : page([rollbackToFirst, editPublish], 'c-2'),
    })
    await openHistory(user)
    // The rollback's target is on the next page: only its label until that page is loaded.
    expect(itemText('v-3')).toBe(
      'ロールバック公開中2025-05-03 10:00 / 山田 太郎1言語・2セルを変更比較する下書きに復元',
    )
    await user.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(itemText('v-1')).toContain('公開2025-05-01 09:00 / 佐藤 花子初回公開'))
    expect(itemText('v-3')).toContain('2025-05-01 09:00 の版に戻しました')
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    const sent = calls(requests, 'GET', VERSIONS)
    expect(sent.map((request) => request.url.searchParams.get('cursor'))).toEqual([null, 'c-2'])
  })
})

describe('returning the live site to a version', () => {
  it('asks first, posts the saved version, toasts, reloads the site and the list, and saves with the new version', async () => {
    let siteLoads = 0
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${SITE_PATH}`]: () => siteReply(++siteLoads === 1 ? published(5, false) : published(6, true)),
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`POST ${VERSIONS}/v-2/rollback`]: {
        body: keysToSnake({
          message: 'サイトを以前のバージョンに戻しました。',
          version: 6,
          live: { ...editPublish, id: 'v-4', action: 'rollback', restoredFrom: 'v-2', live: true },
        }),
      },
      [`PUT ${SITE_PATH}`]: siteReply(published(7, true), 'サイトを保存しました。'),
    })
    await openHistory(user)
    expect(screen.getByText(CURRENT)).toBeTruthy()
    await user.click(within(item('v-2')).getByRole('button', { name: 'このバージョンに戻す' }))

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('このバージョンに戻しますか？')
    expect(dialog.textContent).toContain(
      '公開中のサイトは、すぐに 2025-05-02 09:30 に公開したこのバージョンの表示に戻ります。編集中の下書きはそのまま残ります。',
    )
    expect(calls(requests, 'POST', `${VERSIONS}/v-2/rollback`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: '戻す' }))

    expect(await screen.findByText('サイトを以前のバージョンに戻しました。')).toBeTruthy()
    const posted = calls(requests, 'POST', `${VERSIONS}/v-2/rollback`)
    expect(posted).toHaveLength(1)
    expect(sentBody(posted[0])).toEqual({ version: 5 })
    await waitFor(() => expect(calls(requests, 'GET', SITE_PATH)).toHaveLength(2))
    await waitFor(() => expect(calls(requests, 'GET', VERSIONS)).toHaveLength(2))
    // The live site now differs from what is saved; the next save carries the site's new version.
    expect(await screen.findByText(UNPUBLISHED)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    expect(sentBody<{ version: number }>(calls(requests, 'PUT', SITE_PATH)[0]).version).toBe(6)
  })

  it('keeps the editor as it is when another change was saved first, and says so', async () => {
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`POST ${VERSIONS}/v-2/rollback`]: {
        status: 409,
        body: { error: { code: 'error.conflict', message: CONFLICT } },
      },
    })
    await openHistory(user)
    await user.click(within(item('v-2')).getByRole('button', { name: 'このバージョンに戻す' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: '戻す' }))

    expect(await screen.findByText(CONFLICT)).toBeTruthy()
    expect(calls(requests, 'POST', `${VERSIONS}/v-2/rollback`)).toHaveLength(1)
    expect(calls(requests, 'GET', SITE_PATH)).toHaveLength(1)
    expect(screen.getByText(CURRENT)).toBeTruthy()
  })

  it('does not send anything when the question is cancelled', async () => {
    const { user, requests } = openEditor(published(5, false), { [`GET ${VERSIONS}`]: page(HISTORY) })
    await openHistory(user)
    await user.click(within(item('v-2')).getByRole('button', { name: 'このバージョンに戻す' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: 'キャンセル' }))
    expect(calls(requests, 'POST', `${VERSIONS}/v-2/rollback`)).toHaveLength(0)
  })

  it('shows a viewer the history without the way back', async () => {
    const { user } = openEditor(
      published(5, false),
      { [`GET ${VERSIONS}`]: page(HISTORY) },
      { authority: 'VIEW' },
    )
    await openHistory(user)
    // Comparing is reading: a viewer may; returning or restoring is not offered.
    expect(itemText('v-2')).toBe('公開2025-05-02 09:30 / システム2言語・3セルを変更、全体設定を変更比較する')
    expect(screen.queryByRole('button', { name: 'このバージョンに戻す' })).toBeNull()
    expect(screen.queryByRole('button', { name: '下書きに復元' })).toBeNull()
  })
})

describe('comparing two versions', () => {
  const contentOf = (name: string, imageAlt: string) => {
    const site = testSite({ globalSetting: { name } })
    return {
      site: site.globalSetting,
      menus: site.menus,
      creatives: site.creatives.map((c) => ({ ...c, imageAlt })),
      settings: site.settings,
    }
  }
  const mediaOf = (content: ReturnType<typeof contentOf>) =>
    content.creatives.map((c) => ({ key: c.mediaKey!, url: `https://media.example.test/${c.position}.png` }))
  const spring = contentOf('春のキャンペーン', '春の新作')
  const summer = contentOf('夏のキャンペーン', '夏の新作')
  const COMPARISON = {
    from: { version: editPublish, content: spring, media: mediaOf(spring) },
    to: { version: rollbackToFirst, content: summer, media: mediaOf(summer) },
    changes: {
      cells: ['JP:A1', 'JP:B1'],
      languages: ['JP'],
      globalFields: ['name', 'popupCtas', 'siteUuid'],
      menus: [],
      settings: ['JP'],
    },
  }

  it('compares the two picked versions, older first: the banner says what differs, the grid badges the cells', async () => {
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`GET ${VERSIONS}/v-2/compare`]: { body: keysToSnake(COMPARISON) },
    })
    await openHistory(user)
    const run = screen.getByRole('button', { name: '選んだ2つを比較' })
    expect(screen.getByText('比較するバージョンを2つ選んでください（0/2）')).toBeTruthy()
    expect(run.hasAttribute('disabled')).toBe(true)
    // Picked newest first; the request names the older as the base.
    await user.click(within(item('v-3')).getByRole('checkbox', { name: '比較する' }))
    await user.click(within(item('v-2')).getByRole('checkbox', { name: '比較する' }))
    expect(screen.getByText('比較するバージョンを2つ選んでください（2/2）')).toBeTruthy()
    await user.click(run)

    const banner = await screen.findByTestId('version-compare')
    const sent = calls(requests, 'GET', `${VERSIONS}/v-2/compare`)
    expect(sent.map((r) => r.url.searchParams.get('with'))).toEqual(['v-3'])
    expect(banner.textContent).toContain(
      '2025-05-02 09:30 の公開 と 2025-05-03 10:00 のロールバック を比較中',
    )
    expect(banner.textContent).toContain('変更したクリエイティブ: 日本語 2セル')
    expect(banner.textContent).toContain('変更した全体設定: サイト名、ポップアップCTA設定、その他の全体設定')
    expect(banner.textContent).toContain('言語別の設定を変更: 日本語')
    expect(banner.textContent).not.toContain('グローバルメニューを変更')
    // The drawer closed and the creatives tab shows the badges on the cells that differ.
    await waitFor(() => expect(screen.queryByRole('list', { name: '公開履歴' })).toBeNull())
    expect(await screen.findByTestId('changed-A1')).toBeTruthy()
    expect(screen.getByTestId('changed-B1')).toBeTruthy()
    expect(screen.queryByTestId('changed-A2')).toBeNull()
    expect(screen.getByRole('gridcell', { name: /^A1、/ }).getAttribute('aria-label')).toContain(
      '比較した2つのバージョンで内容が異なります',
    )

    // Side by side: both versions rendered, each named, on the first changed cell; another cell chosen.
    await user.click(within(banner).getByRole('button', { name: '並べて表示' }))
    const dialog = await lastDialog()
    const frames = within(dialog).getAllByTestId('preview-frame')
    expect(frames.map((f) => f.getAttribute('title'))).toEqual([
      '2025-05-02 09:30 の公開',
      '2025-05-03 10:00 のロールバック',
    ])
    expect(frames[0]!.getAttribute('srcdoc')).toContain('春の新作')
    expect(frames[1]!.getAttribute('srcdoc')).toContain('夏の新作')
    expect(within(dialog).getByRole('button', { name: 'A1' }).className).toContain('primary')
    await user.click(within(dialog).getByRole('button', { name: 'B1' }))
    expect(within(dialog).getByRole('button', { name: 'B1' }).className).toContain('primary')

    // Ending the compare takes the banner and the badges away.
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await user.click(within(banner).getByRole('button', { name: '比較を終了' }))
    await waitFor(() => expect(screen.queryByTestId('version-compare')).toBeNull())
    expect(screen.queryByTestId('changed-A1')).toBeNull()
  })

  it('says why a compare failed and stays in the history', async () => {
    const { user } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`GET ${VERSIONS}/v-2/compare`]: {
        status: 400,
        body: {
          error: {
            code: 'version.releaseGone',
            message: 'このバージョンの公開データは保存期間を過ぎたため、戻せません。',
          },
        },
      },
    })
    await openHistory(user)
    await user.click(within(item('v-3')).getByRole('checkbox', { name: '比較する' }))
    await user.click(within(item('v-2')).getByRole('checkbox', { name: '比較する' }))
    await user.click(screen.getByRole('button', { name: '選んだ2つを比較' }))
    expect(
      await screen.findByText('このバージョンの公開データは保存期間を過ぎたため、戻せません。'),
    ).toBeTruthy()
    expect(screen.getByRole('list', { name: '公開履歴' })).toBeTruthy()
    expect(screen.queryByTestId('version-compare')).toBeNull()
  })
})

describe('restoring the draft from a version', () => {
  it('warns about unsaved edits, posts the editor’s version and takes the restored draft', async () => {
    const restored = published(6, true)
    restored.globalSetting.name = '夏のキャンペーン'
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`POST ${VERSIONS}/v-2/restore`]: siteReply(
        restored,
        '下書きを選んだバージョンの内容に戻しました。公開するまでサイトは変わりません。',
      ),
      [`PUT ${SITE_PATH}`]: siteReply(published(7, true), 'サイトを保存しました。'),
    })
    await editorReady()
    await user.type(screen.getByLabelText('サイト名'), '（編集中）')
    await user.click(screen.getByRole('button', { name: '公開履歴' }))
    await screen.findByRole('list', { name: '公開履歴' })
    await user.click(within(item('v-2')).getByRole('button', { name: '下書きに復元' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('このバージョンを下書きに復元しますか？')
    expect(dialog.textContent).toContain(
      '下書きが 2025-05-02 09:30 に公開したこのバージョンの内容に置き換わります。公開中のサイトは、次に公開するまで変わりません。保存していない変更は失われます。',
    )
    expect(calls(requests, 'POST', `${VERSIONS}/v-2/restore`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: '復元する' }))

    expect(
      await screen.findByText(
        '下書きを選んだバージョンの内容に戻しました。公開するまでサイトは変わりません。',
      ),
    ).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', `${VERSIONS}/v-2/restore`)[0])).toEqual({ version: 5 })
    // The editor holds the restored draft, clean, on the new version.
    expect(await editorReady('夏のキャンペーン')).toBeTruthy()
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).value).toBe('夏のキャンペーン')
    expect(screen.getByText(UNPUBLISHED)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    expect(sentBody<{ version: number }>(calls(requests, 'PUT', SITE_PATH)[0]).version).toBe(6)
  })

  it('keeps the editor as it is when another change was saved first', async () => {
    const { user, requests } = openEditor(published(5, false), {
      [`GET ${VERSIONS}`]: page(HISTORY),
      [`POST ${VERSIONS}/v-2/restore`]: {
        status: 409,
        body: { error: { code: 'error.conflict', message: CONFLICT } },
      },
    })
    await openHistory(user)
    await user.click(within(item('v-2')).getByRole('button', { name: '下書きに復元' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).not.toContain('保存していない変更は失われます。')
    await user.click(within(dialog).getByRole('button', { name: '復元する' }))
    expect(await screen.findByText(CONFLICT)).toBeTruthy()
    expect(calls(requests, 'POST', `${VERSIONS}/v-2/restore`)).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 2, name: '春のキャンペーン' })).toBeTruthy()
  })
})
