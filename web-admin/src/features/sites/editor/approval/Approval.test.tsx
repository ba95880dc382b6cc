import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MockReply } from '../../../../test/mockApi.ts'
import { blockingItem, checklistOf, checklistReply, warningItem } from '../checklist/testing.ts'
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
import type { PublishRequestView, SiteApproval } from './approval-api.ts'

/**
 * The approval gate in the editor (issue 33 part 5): editors who may not approve request the
 * publish; the banner says what is pending or was rejected; approvers review, approve or reject.
 */

const APPROVAL = `${SITE_PATH}/approval`
const CHECKLIST = `${SITE_PATH}/checklist`
const REQUESTS = `${SITE_PATH}/publish-requests`
const APPROVE = `${REQUESTS}/r-1/approve`
const REJECT = `${REQUESTS}/r-1/reject`
const STATUS = `${SITE_PATH}/status`

const request = (overrides: Partial<PublishRequestView> = {}): PublishRequestView => ({
  id: 'r-1',
  state: 'PENDING',
  version: 4,
  requestedBy: '佐藤 花子',
  requestedAt: '2026-06-01T01:00:00.000Z',
  note: null,
  publishAt: null,
  decidedBy: null,
  decidedAt: null,
  comment: null,
  versionId: null,
  stale: false,
  ...overrides,
})

const approval = (overrides: Partial<SiteApproval> = {}): SiteApproval => ({
  required: true,
  canApprove: false,
  pending: null,
  requests: [],
  ...overrides,
})

const approvalReply = (value: SiteApproval): MockReply => ({ body: keysToSnake(value) })
const answer = (value: PublishRequestView, message: string): MockReply => ({
  body: keysToSnake({ ...value, message }),
})

const banner = () => screen.queryByTestId('approval-banner')

const pending = request()
const rejected = request({
  id: 'r-0',
  state: 'REJECTED',
  requestedAt: '2026-05-30T01:00:00.000Z',
  decidedBy: '山田 太郎',
  decidedAt: '2026-05-31T01:00:00.000Z',
  comment: '画像を差し替えてください',
})

/** Pastes a JST date-time into a labelled picker and confirms it. */
const pick = async (user: ReturnType<typeof openEditor>['user'], label: string, text: string) => {
  await user.click(screen.getByLabelText(label))
  await user.paste(text)
  await user.keyboard('{Enter}')
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-06-01T00:00:00.000Z'))
})

describe('the approval banner', () => {
  it('shows who requested and when; no decision buttons for an editor', async () => {
    openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(
        approval({ pending: request({ note: '春の告知です' }), requests: [request(), rejected] }),
      ),
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(banner()!.textContent).toBe('承認待ち: 佐藤 花子 が 2026-06-01 10:00 に申請メモ: 春の告知です')
    expect(within(banner()!).queryAllByRole('button')).toEqual([])
  })

  it('says a request must be made again once the draft changed', async () => {
    openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(
        approval({ pending: request({ stale: true }), requests: [request()] }),
      ),
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(banner()!.textContent).toBe(
      '承認待ち: 佐藤 花子 が 2026-06-01 10:00 に申請下書きが変更されたため再申請が必要です',
    )
  })

  it('shows the newest rejection with its comment, until a new request is made', async () => {
    const first = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ requests: [rejected] })),
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(banner()!.textContent).toBe('差し戻し: 山田 太郎「画像を差し替えてください」')
    first.unmount()

    openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ pending, requests: [pending, rejected] })),
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(banner()!.textContent).not.toContain('差し戻し')
  })

  it('shows nothing when there is nothing to decide or an approval came after the rejection', async () => {
    const approved = request({
      id: 'r-2',
      state: 'APPROVED',
      requestedAt: '2026-06-01T00:00:00.000Z',
      decidedAt: '2026-06-01T00:30:00.000Z',
      decidedBy: '山田 太郎',
    })
    const { requests } = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ requests: [approved, rejected] })),
    })
    await editorReady()
    await waitFor(() => expect(calls(requests, 'GET', APPROVAL)).toHaveLength(1))
    expect(banner()).toBeNull()
  })
})

describe('requesting a publish', () => {
  it('turns the publish button into 公開を申請 and refuses scheduling and rollbacks', async () => {
    const { user } = openEditor(testSite({ globalSetting: { status: 'PUBLISH' } }), {
      [`GET ${APPROVAL}`]: approvalReply(approval()),
      [`GET ${SITE_PATH}/versions`]: {
        body: keysToSnake({
          items: [
            {
              id: 'v-2',
              action: 'publish',
              at: '2026-05-02T00:00:00.000Z',
              by: null,
              summary: { first: false, cells: 1, languages: ['JP'], global: false, changedCells: ['JP:A1'] },
              restoredFrom: null,
              live: true,
              canRollback: true,
            },
            {
              id: 'v-1',
              action: 'publish',
              at: '2026-05-01T00:00:00.000Z',
              by: null,
              summary: { first: true, cells: 2, languages: ['JP'], global: true, changedCells: [] },
              restoredFrom: null,
              live: false,
              canRollback: true,
            },
          ],
          cursor: null,
        }),
      },
    })
    await editorReady()
    const requestButton = await screen.findByRole('button', { name: '公開を申請' })
    expect(requestButton.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '保存して公開' })).toBeNull()
    expect(screen.getByRole('button', { name: '公開予約' }).hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('button', { name: '公開履歴' }))
    await screen.findByRole('list', { name: '公開履歴' })
    expect(screen.getByRole('button', { name: 'このバージョンに戻す' }).hasAttribute('disabled')).toBe(true)
    // An approver's switch is not offered.
    expect(screen.queryByLabelText('公開に承認を必須にする')).toBeNull()
  })

  it('saves, then sends the saved version with the note and the JST time, and shows the request', async () => {
    let current = approval()
    const { user, requests } = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: () => approvalReply(current),
      [`PUT ${SITE_PATH}`]: siteReply(testSite({ version: 4 })),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([warningItem()])),
      [`POST ${REQUESTS}`]: () => {
        current = approval({ pending, requests: [pending] })
        return answer(pending, '公開を申請しました。')
      },
    })
    await editorReady()
    await user.click(await screen.findByRole('button', { name: '公開を申請' }))
    const dialog = await lastDialog()
    expect(within(dialog).getByText('公開を申請', { selector: '.ant-modal-title' })).toBeTruthy()
    expect(await within(dialog).findByText('画像に代替テキストがありません。')).toBeTruthy()
    expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1)

    await user.type(within(dialog).getByLabelText('承認者へのメモ（任意）'), '春の告知です')
    await pick(user, '公開日時（任意）', '2026-12-01 10:00')
    await user.click(within(dialog).getByRole('button', { name: '申請する' }))

    expect(await screen.findByText('公開を申請しました。')).toBeTruthy()
    const sent = calls(requests, 'POST', REQUESTS)
    expect(sent).toHaveLength(1)
    expect(sentBody(sent[0])).toEqual({
      version: 4,
      note: '春の告知です',
      publishAt: '2026-12-01T01:00:00.000Z',
    })
    await waitFor(() => expect(banner()?.textContent).toBe('承認待ち: 佐藤 花子 が 2026-06-01 10:00 に申請'))
    // A request publishes nothing.
    expect(calls(requests, 'POST', STATUS)).toHaveLength(0)
  })

  it('sends no note and no time when none is given', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval()),
      [`PUT ${SITE_PATH}`]: siteReply(testSite({ version: 4 })),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([])),
      [`POST ${REQUESTS}`]: answer(pending, '公開を申請しました。'),
    })
    await editorReady()
    await user.click(await screen.findByRole('button', { name: '公開を申請' }))
    const dialog = await lastDialog()
    expect(await within(dialog).findByText('問題は見つかりませんでした')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: '申請する' }))
    await waitFor(() => expect(calls(requests, 'POST', REQUESTS)).toHaveLength(1))
    expect(sentBody(calls(requests, 'POST', REQUESTS)[0])).toEqual({ version: 4, publishAt: null })
  })

  it('cannot be sent while an item blocks', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval()),
      [`PUT ${SITE_PATH}`]: siteReply(testSite({ version: 4 })),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([blockingItem()])),
    })
    await editorReady()
    await user.click(await screen.findByRole('button', { name: '公開を申請' }))
    const dialog = await lastDialog()
    expect(await within(dialog).findByText('ブロック項目を解決すると申請できます')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: '申請する' }).hasAttribute('disabled')).toBe(true)
    expect(calls(requests, 'POST', REQUESTS)).toHaveLength(0)
  })
})

describe('deciding a request', () => {
  const forApprover = (routes: Record<string, MockReply> = {}) =>
    openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ canApprove: true, pending, requests: [pending] })),
      ...routes,
    })

  const decide = async (user: ReturnType<typeof openEditor>['user'], name: string) => {
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    await user.click(within(banner()!).getByRole('button', { name }))
    return lastDialog()
  }

  it('offers the approver the way to decide, and publishing itself as usual', async () => {
    forApprover()
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(
      within(banner()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['内容を確認', '公開前チェック', '承認して公開', '差し戻す'])
    expect(screen.getByRole('button', { name: '保存して公開' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '公開予約' }).hasAttribute('disabled')).toBe(false)
  })

  it('approves with a comment and loads the published site', async () => {
    const { user, requests } = forApprover({
      [`POST ${APPROVE}`]: answer(request({ state: 'APPROVED' }), '申請を承認し、公開しました。'),
    })
    const dialog = await decide(user, '承認して公開')
    expect(dialog.textContent).toContain('申請された版をすぐに公開します。')
    await user.type(within(dialog).getByLabelText('コメント（任意）'), '問題ありません')
    await user.click(within(dialog).getByRole('button', { name: '承認して公開' }))
    expect(await screen.findByText('申請を承認し、公開しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', APPROVE)[0])).toEqual({ comment: '問題ありません' })
    // The site is read again (its status and version changed).
    await waitFor(() => expect(calls(requests, 'GET', SITE_PATH).length).toBeGreaterThan(1))
  })

  it('names the blocking items when the approval is refused, and explains a stale request', async () => {
    const first = forApprover({
      [`POST ${APPROVE}`]: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '公開前チェックにブロック項目があります。',
            details: [
              {
                path: 'checklist',
                code: 'checklist.legalMissing',
                message: '日本語: プライバシーポリシーがありません。',
              },
            ],
          },
        },
      },
    })
    let dialog = await decide(first.user, '承認して公開')
    await first.user.click(within(dialog).getByRole('button', { name: '承認して公開' }))
    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toBe(
      '公開前チェックにブロック項目があるため承認できません日本語: プライバシーポリシーがありません。',
    )
    first.unmount()

    const second = forApprover({
      [`POST ${APPROVE}`]: {
        status: 409,
        body: { error: { code: 'approval.stale', message: '申請後に下書きが変更されました。' } },
      },
    })
    dialog = await decide(second.user, '承認して公開')
    await second.user.click(within(dialog).getByRole('button', { name: '承認して公開' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '申請後に下書きが変更されたため承認できません。申請者に再申請を依頼してください。',
    )
    second.unmount()

    // Another approver decided first: that 409 is said as the server says it, not as a stale draft.
    const third = forApprover({
      [`POST ${APPROVE}`]: {
        status: 409,
        body: { error: { code: 'approval.notPending', message: 'この申請はすでに処理されています。' } },
      },
    })
    dialog = await decide(third.user, '承認して公開')
    await third.user.click(within(dialog).getByRole('button', { name: '承認して公開' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'この申請はすでに処理されています。',
    )
  })

  it('rejects only with a comment', async () => {
    const { user, requests } = forApprover({
      [`POST ${REJECT}`]: answer(request({ state: 'REJECTED' }), '申請を差し戻しました。'),
    })
    const dialog = await decide(user, '差し戻す')
    await user.click(within(dialog).getByRole('button', { name: '差し戻す' }))
    expect(await within(dialog).findByText('差し戻す理由を入力してください')).toBeTruthy()
    expect(calls(requests, 'POST', REJECT)).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('差し戻す理由'), '画像を差し替えてください')
    await user.click(within(dialog).getByRole('button', { name: '差し戻す' }))
    expect(await screen.findByText('申請を差し戻しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', REJECT)[0])).toEqual({ comment: '画像を差し替えてください' })
  })

  it('compares the live version with the draft from 内容を確認, or says nothing is live', async () => {
    const live = {
      id: 'v-2',
      action: 'publish' as const,
      at: '2026-05-02T00:00:00.000Z',
      by: null,
      summary: { first: false, cells: 1, languages: ['JP'], global: false, changedCells: ['JP:A1'] },
      restoredFrom: null,
      live: true,
      canRollback: true,
    }
    const render = (version: typeof live) => ({
      version,
      content: { site: { languages: ['JP'] }, menus: [], creatives: [], settings: [] },
      media: [],
    })
    const first = forApprover({
      [`GET ${SITE_PATH}/versions`]: { body: keysToSnake({ items: [live], cursor: null }) },
      [`GET ${SITE_PATH}/versions/v-2/compare`]: {
        body: keysToSnake({
          from: render(live),
          to: render({ ...live, id: 'draft', live: false, at: '2026-06-01T00:00:00.000Z' }),
          changes: { cells: ['JP:A1'], languages: ['JP'], globalFields: [], menus: [], settings: [] },
        }),
      },
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    await first.user.click(within(banner()!).getByRole('button', { name: '内容を確認' }))
    const compared = await screen.findByTestId('version-compare')
    expect(compared.textContent).toContain('日本語 1セル')
    const compare = calls(first.requests, 'GET', `${SITE_PATH}/versions/v-2/compare`)
    expect(compare[0]!.url.searchParams.get('with')).toBe('draft')
    expect(screen.getByRole('tab', { name: 'クリエイティブ設定' }).getAttribute('aria-selected')).toBe('true')
    first.unmount()

    const second = forApprover({
      [`GET ${SITE_PATH}/versions`]: { body: keysToSnake({ items: [], cursor: null }) },
    })
    await editorReady()
    await waitFor(() => expect(banner()).not.toBeNull())
    await second.user.click(within(banner()!).getByRole('button', { name: '内容を確認' }))
    expect(
      await within(banner()!).findByText(
        '公開中のバージョンがないため、比較できる差分はありません（すべて新しい内容です）。',
      ),
    ).toBeTruthy()
    expect(screen.queryByTestId('version-compare')).toBeNull()
  })

  it('turns the gate on only after asking', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ required: false, canApprove: true })),
      [`PUT ${APPROVAL}`]: {
        body: keysToSnake({
          ...approval({ required: true, canApprove: true }),
          message: '設定を保存しました。',
        }),
      },
    })
    await editorReady()
    const gate = await screen.findByRole('switch', { name: '公開に承認を必須にする' })
    expect(gate.getAttribute('aria-checked')).toBe('false')
    await user.click(gate)
    const confirm = await lastDialog()
    expect(confirm.textContent).toContain('公開に承認を必須にしますか？')
    expect(calls(requests, 'PUT', APPROVAL)).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: '必須にする' }))
    expect(await screen.findByText('設定を保存しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'PUT', APPROVAL)[0])).toEqual({ required: true })
    await waitFor(() => expect(gate.getAttribute('aria-checked')).toBe('true'))
  })
})
