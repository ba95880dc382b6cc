import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
import type { Checklist } from './checklist-api.ts'
import { blockingItem, checklistOf, checklistReply, warningItem } from './testing.ts'

/**
 * 保存して公開 with the pre-publish checklist (issue 33 part 4): after the save, the checklist of the
 * saved version; blocking items keep the publish back, warnings are confirmed, nothing asks nothing.
 * Each test walks one creator's way through the editor, mounted once.
 */

const CHECKLIST = `${SITE_PATH}/checklist`
const STATUS = `${SITE_PATH}/status`
const saved = testSite({ version: 4 })
const published = testSite({ version: 5, globalSetting: { status: 'PUBLISH' } })

// Found, not got: after a checklist closes the button stays busy (its name then starts with antd's
// "loading" icon) until the flow that opened it has settled, which a loaded machine can still be in.
const publish = async (user: ReturnType<typeof openEditor>['user']) =>
  user.click(await screen.findByRole('button', { name: '保存して公開' }))

describe('publishing through the pre-publish checklist', () => {
  it('shows the checklist from the toolbar without saving; keeps the publish back while an item blocks and going back leaves the site saved; asks nothing once the checklist is clean', async () => {
    // What the server's checklist finds now (it runs on the saved draft: the toolbar's look, then
    // each publish after its save).
    let found: Checklist = checklistOf([blockingItem()], { links: { checked: 4, unchecked: 1 } })
    // Each save stores a new version, whose checklist is read afresh.
    let version = 3
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: () => siteReply(testSite({ version: ++version })),
      [`GET ${CHECKLIST}`]: () => checklistReply(found),
      [`POST ${STATUS}`]: () => siteReply(testSite({ version, globalSetting: { status: 'PUBLISH' } })),
    })
    await editorReady()

    // From the toolbar: only to look.
    await user.click(screen.getByRole('button', { name: '公開前チェック' }))
    let dialog = await lastDialog()
    expect(
      await within(dialog).findByText('フォームがありますが、プライバシーポリシーが設定されていません。'),
    ).toBeTruthy()
    expect(within(dialog).getByTestId('checklist-links').textContent).toBe(
      '外部リンク 4件を確認（1件は時間内に応答なし）',
    )
    expect(within(dialog).queryByText('ブロック項目を解決すると公開できます')).toBeNull()
    // No way to publish from here.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter(Boolean),
    ).toEqual(['該当箇所へ', '再チェック', '閉じる'])
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([])
    // 閉じる at the bottom (the dialog's × is named 閉じる too).
    await user.click(within(dialog).getByText('閉じる'))

    // A publish while an item blocks: saved, not published.
    found = checklistOf([blockingItem(), warningItem()])
    await publish(user)
    dialog = await lastDialog()
    expect(within(dialog).getByText('公開前チェック', { selector: '.ant-modal-title' })).toBeTruthy()
    expect(within(dialog).getByText('ブロック項目を解決すると公開できます')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: '警告を確認して公開' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: '公開する' })).toBeNull()
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2)

    await user.click(within(dialog).getByRole('button', { name: '公開せずに戻る' }))
    expect(await screen.findByText('サイトを保存しました。')).toBeTruthy()
    expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1)
    expect(calls(requests, 'POST', STATUS)).toHaveLength(0)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Solved meanwhile (a comment resolved in the preview): the next publish asks nothing.
    found = checklistOf([], { links: { checked: 2, unchecked: 0 } })
    const checked = calls(requests, 'GET', CHECKLIST).length
    await publish(user)
    expect(await screen.findByText('サイトを公開しました。')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls(requests, 'GET', CHECKLIST)).toHaveLength(checked + 1)
    expect(sentBody(calls(requests, 'POST', STATUS)[0])).toEqual({ action: 'publish', version: 5 })
  })

  it('opens a warned item in the editor from 該当箇所へ without publishing, then publishes the saved version once the warnings are confirmed', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([warningItem({ position: 'B1' })])),
      [`POST ${STATUS}`]: siteReply(published),
    })
    await editorReady()
    await publish(user)
    let dialog = await lastDialog()
    expect(within(dialog).queryByText('ブロック項目を解決すると公開できます')).toBeNull()
    expect(screen.getByRole('tab', { name: 'サイト設定' }).getAttribute('aria-selected')).toBe('true')
    await user.click(within(dialog).getByRole('button', { name: '該当箇所へ' }))
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'クリエイティブ設定' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    )
    await waitFor(() =>
      expect(screen.getByRole('gridcell', { name: /^B1、/ }).getAttribute('aria-selected')).toBe('true'),
    )
    expect(screen.getByRole('gridcell', { name: /^A1、/ }).getAttribute('aria-selected')).toBe('false')
    expect(calls(requests, 'POST', STATUS)).toHaveLength(0)

    await publish(user)
    dialog = await lastDialog()
    const confirm = within(dialog).getByRole('button', { name: '警告を確認して公開' })
    // Nothing is published before the creator confirms.
    expect(calls(requests, 'POST', STATUS)).toHaveLength(0)
    await user.click(confirm)
    expect(await screen.findByText('サイトを公開しました。')).toBeTruthy()
    expect(calls(requests, 'POST', STATUS)).toHaveLength(1)
    expect(sentBody(calls(requests, 'POST', STATUS)[0])).toEqual({ action: 'publish', version: 4 })
  })

  it('names the blocking items when the server refuses the publish after a clean check', async () => {
    const { user } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([])),
      [`POST ${STATUS}`]: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '公開前チェックにブロック項目があります。',
            details: [
              {
                path: 'checklist',
                code: 'checklist.mediaFailed',
                message: '日本語 A1: 画像を読み込めませんでした。',
              },
            ],
          },
        },
      },
    })
    await editorReady()
    await publish(user)
    const dialog = await lastDialog()
    expect(
      await within(dialog).findByText(
        '公開前チェックで次の問題が見つかったため、公開できませんでした。サイトは保存されています。',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByText('日本語 A1: 画像を読み込めませんでした。')).toBeTruthy()
    // Not a field problem of the form.
    expect(
      screen.queryByText('サイトは保存しましたが、公開できませんでした。次の項目を確認してください。'),
    ).toBeNull()
  })
})
