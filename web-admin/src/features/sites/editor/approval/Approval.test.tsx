import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { storeSession } from '../../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../../test/mockApi.ts'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import { blockingItem, checklistOf, checklistReply, warningItem } from '../checklist/testing.ts'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_ID,
  SITE_PATH,
  sentBody,
  siteReply,
  testSite,
} from '../frame/testing.tsx'
import { ApprovalBanner } from './ApprovalBanner.tsx'
import { ApprovalSwitch } from './ApprovalSwitch.tsx'
import { approvalKeys, type PublishRequestView, type SiteApproval } from './approval-api.ts'
import { PublishRequestDialog } from './PublishRequestDialog.tsx'

/**
 * The approval gate (issue 33 part 5): editors who may not approve request the publish; the banner
 * says what is pending or was rejected; approvers review, approve or reject. The editor is mounted
 * for the flows that go through its wiring (the publish button, the history, the compare view, the
 * reload after an approval); the banner, the request dialog and the switch are rendered alone
 * where a test is about them only.
 */

const APPROVAL = `${SITE_PATH}/approval`
const CHECKLIST = `${SITE_PATH}/checklist`
const REQUESTS = `${SITE_PATH}/publish-requests`
const APPROVE = `${REQUESTS}/r-1/approve`
const REJECT = `${REQUESTS}/r-1/reject`
const STATUS = `${SITE_PATH}/status`
const VERSIONS = `${SITE_PATH}/versions`

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

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
const bannerShown = async () => {
  await waitFor(() => expect(banner()).not.toBeNull())
  return banner() as HTMLElement
}

const pending = request()
const rejected = request({
  id: 'r-0',
  state: 'REJECTED',
  requestedAt: '2026-05-30T01:00:00.000Z',
  decidedBy: '山田 太郎',
  decidedAt: '2026-05-31T01:00:00.000Z',
  comment: '画像を差し替えてください',
})

/** The published version the history lists as live. */
const liveVersion = {
  id: 'v-2',
  action: 'publish' as const,
  at: '2026-05-02T00:00:00.000Z',
  by: null,
  summary: { first: false, cells: 1, languages: ['JP'], global: false, changedCells: ['JP:A1'] },
  restoredFrom: null,
  live: true,
  canRollback: true,
}

type User = ReturnType<typeof openEditor>['user']

/** Pastes a JST date-time into a labelled picker and confirms it. */
const pick = async (user: User, label: string, text: string) => {
  await user.click(screen.getByLabelText(label))
  await user.paste(text)
  await user.keyboard('{Enter}')
}

/** One component alone (no editor around it), signed in, with the API mocked. */
const renderAlone = (ui: ReactElement, routes: Routes) => {
  storeSession()
  const api = mockApi(routes)
  return { ...api, ...renderWithProviders({ ui }) }
}

/** The banner alone at the saved version 4; its callbacks are spies. */
const renderBanner = (value: SiteApproval, routes: Routes = {}) => {
  const onCompare = vi.fn()
  const onApproved = vi.fn(async () => {})
  const onOpenItem = vi.fn()
  return {
    onCompare,
    onApproved,
    onOpenItem,
    ...renderAlone(
      <ApprovalBanner
        siteId={SITE_ID}
        version={4}
        onCompare={onCompare}
        onApproved={onApproved}
        onOpenItem={onOpenItem}
      />,
      { [`GET ${APPROVAL}`]: approvalReply(value), ...routes },
    ),
  }
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-06-01T00:00:00.000Z'))
})

describe('the approval banner', () => {
  it('shows who requested and when; no decision buttons for an editor', async () => {
    renderBanner(approval({ pending: request({ note: '春の告知です' }), requests: [request(), rejected] }))
    const shown = await bannerShown()
    expect(shown.textContent).toBe('承認待ち: 佐藤 花子 が 2026-06-01 10:00 に申請メモ: 春の告知です')
    expect(within(shown).queryAllByRole('button')).toEqual([])
  })

  it('says a request must be made again once the draft changed', async () => {
    renderBanner(approval({ pending: request({ stale: true }), requests: [request()] }))
    expect((await bannerShown()).textContent).toBe(
      '承認待ち: 佐藤 花子 が 2026-06-01 10:00 に申請下書きが変更されたため再申請が必要です',
    )
  })

  it('shows the newest rejection with its comment, until a new request is made', async () => {
    const first = renderBanner(approval({ requests: [rejected] }))
    expect((await bannerShown()).textContent).toBe('差し戻し: 山田 太郎「画像を差し替えてください」')
    first.unmount()

    renderBanner(approval({ pending, requests: [pending, rejected] }))
    expect((await bannerShown()).textContent).not.toContain('差し戻し')
  })

  it('shows nothing when there is nothing to decide or an approval came after the rejection', async () => {
    const approved = request({
      id: 'r-2',
      state: 'APPROVED',
      requestedAt: '2026-06-01T00:00:00.000Z',
      decidedAt: '2026-06-01T00:30:00.000Z',
      decidedBy: '山田 太郎',
    })
    const { requests, queryClient } = renderBanner(approval({ requests: [approved, rejected] }))
    await waitFor(() => expect(calls(requests, 'GET', APPROVAL)).toHaveLength(1))
    // The approval was read and given to the banner, which shows nothing for it.
    await waitFor(() => expect(queryClient.getQueryState(approvalKeys.site(SITE_ID))?.status).toBe('success'))
    expect(banner()).toBeNull()
  })
})

describe('requesting a publish', () => {
  it('in the editor: 公開を申請 instead of publishing, no scheduling, no rollbacks; it saves, sends the saved version with the note and the JST time, and shows the request', async () => {
    let current = approval()
    const live = { status: 'PUBLISH' as const }
    const { user, requests } = openEditor(testSite({ globalSetting: live }), {
      [`GET ${APPROVAL}`]: () => approvalReply(current),
      [`GET ${VERSIONS}`]: {
        body: keysToSnake({
          items: [
            liveVersion,
            {
              ...liveVersion,
              id: 'v-1',
              at: '2026-05-01T00:00:00.000Z',
              summary: { first: true, cells: 2, languages: ['JP'], global: true, changedCells: [] },
              live: false,
            },
          ],
          cursor: null,
        }),
      },
      [`PUT ${SITE_PATH}`]: siteReply(testSite({ version: 4, globalSetting: live })),
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([warningItem()])),
      [`POST ${REQUESTS}`]: () => {
        current = approval({ pending, requests: [pending] })
        return answer(pending, '公開を申請しました。')
      },
    })
    await editorReady()
    const requestButton = await screen.findByRole('button', { name: '公開を申請' })
    expect(requestButton.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '保存して公開' })).toBeNull()
    expect(screen.getByRole('button', { name: '公開予約' }).hasAttribute('disabled')).toBe(true)
    // An approver's switch is not offered.
    expect(screen.queryByLabelText('公開に承認を必須にする')).toBeNull()

    await user.click(requestButton)
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

    // Nor may this editor roll the live site back.
    await user.click(screen.getByRole('button', { name: '公開履歴' }))
    await screen.findByRole('list', { name: '公開履歴' })
    expect(screen.getByRole('button', { name: 'このバージョンに戻す' }).hasAttribute('disabled')).toBe(true)
  })

  const renderRequest = (routes: Routes) => {
    const onClose = vi.fn()
    return {
      onClose,
      ...renderAlone(
        <PublishRequestDialog siteId={SITE_ID} version={4} onClose={onClose} onOpenItem={vi.fn()} />,
        routes,
      ),
    }
  }

  it('sends no note and no time when none is given', async () => {
    const { user, requests, onClose } = renderRequest({
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([])),
      [`POST ${REQUESTS}`]: answer(pending, '公開を申請しました。'),
    })
    const dialog = await lastDialog()
    expect(await within(dialog).findByText('問題は見つかりませんでした')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: '申請する' }))
    await waitFor(() => expect(calls(requests, 'POST', REQUESTS)).toHaveLength(1))
    expect(sentBody(calls(requests, 'POST', REQUESTS)[0])).toEqual({ version: 4, publishAt: null })
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })

  it('cannot be sent while an item blocks', async () => {
    const { requests } = renderRequest({
      [`GET ${CHECKLIST}`]: checklistReply(checklistOf([blockingItem()])),
    })
    const dialog = await lastDialog()
    expect(await within(dialog).findByText('ブロック項目を解決すると申請できます')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: '申請する' }).hasAttribute('disabled')).toBe(true)
    expect(calls(requests, 'POST', REQUESTS)).toHaveLength(0)
  })
})

describe('deciding a request', () => {
  const forApprover = (routes: Routes = {}) =>
    openEditor(testSite(), {
      [`GET ${APPROVAL}`]: approvalReply(approval({ canApprove: true, pending, requests: [pending] })),
      ...routes,
    })

  it('in the editor: the approver may decide and publish as usual, compares the live version with the draft from 内容を確認, approves with a comment and the published site is loaded', async () => {
    const render = (version: typeof liveVersion) => ({
      version,
      content: { site: { languages: ['JP'] }, menus: [], creatives: [], settings: [] },
      media: [],
    })
    const { user, requests } = forApprover({
      [`GET ${VERSIONS}`]: { body: keysToSnake({ items: [liveVersion], cursor: null }) },
      [`GET ${SITE_PATH}/versions/v-2/compare`]: {
        body: keysToSnake({
          from: render(liveVersion),
          to: render({ ...liveVersion, id: 'draft', live: false, at: '2026-06-01T00:00:00.000Z' }),
          changes: { cells: ['JP:A1'], languages: ['JP'], globalFields: [], menus: [], settings: [] },
        }),
      },
      [`POST ${APPROVE}`]: answer(request({ state: 'APPROVED' }), '申請を承認し、公開しました。'),
    })
    await editorReady()
    const shown = await bannerShown()
    expect(
      within(shown)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['内容を確認', '公開前チェック', '承認して公開', '差し戻す'])
    expect(screen.getByRole('button', { name: '保存して公開' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '公開予約' }).hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('switch', { name: '公開に承認を必須にする' }).getAttribute('aria-checked')).toBe(
      'true',
    )

    await user.click(within(shown).getByRole('button', { name: '内容を確認' }))
    const compared = await screen.findByTestId('version-compare')
    expect(compared.textContent).toContain('日本語 1セル')
    const compare = calls(requests, 'GET', `${SITE_PATH}/versions/v-2/compare`)
    expect(compare[0]!.url.searchParams.get('with')).toBe('draft')
    expect(screen.getByRole('tab', { name: 'クリエイティブ設定' }).getAttribute('aria-selected')).toBe('true')

    await user.click(within(shown).getByRole('button', { name: '承認して公開' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('申請された版をすぐに公開します。')
    await user.type(within(dialog).getByLabelText('コメント（任意）'), '問題ありません')
    await user.click(within(dialog).getByRole('button', { name: '承認して公開' }))
    expect(await screen.findByText('申請を承認し、公開しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', APPROVE)[0])).toEqual({ comment: '問題ありません' })
    // The site is read again (its status and version changed).
    await waitFor(() => expect(calls(requests, 'GET', SITE_PATH).length).toBeGreaterThan(1))
  })

  it('in the editor: with nothing live, 内容を確認 says there is no diff; rejecting needs a comment', async () => {
    const { user, requests } = forApprover({
      [`GET ${VERSIONS}`]: { body: keysToSnake({ items: [], cursor: null }) },
      [`POST ${REJECT}`]: answer(request({ state: 'REJECTED' }), '申請を差し戻しました。'),
    })
    await editorReady()
    await user.click(within(await bannerShown()).getByRole('button', { name: '内容を確認' }))
    expect(
      await within(banner()!).findByText(
        '公開中のバージョンがないため、比較できる差分はありません（すべて新しい内容です）。',
      ),
    ).toBeTruthy()
    expect(screen.queryByTestId('version-compare')).toBeNull()

    await user.click(within(banner()!).getByRole('button', { name: '差し戻す' }))
    const dialog = await lastDialog()
    await user.click(within(dialog).getByRole('button', { name: '差し戻す' }))
    expect(await within(dialog).findByText('差し戻す理由を入力してください')).toBeTruthy()
    expect(calls(requests, 'POST', REJECT)).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('差し戻す理由'), '画像を差し替えてください')
    await user.click(within(dialog).getByRole('button', { name: '差し戻す' }))
    expect(await screen.findByText('申請を差し戻しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', REJECT)[0])).toEqual({ comment: '画像を差し替えてください' })
  })

  it('names the blocking items when the approval is refused, explains a stale request, and says another 409 as the server does', async () => {
    const refusals: MockReply[] = [
      {
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
      {
        status: 409,
        body: { error: { code: 'approval.stale', message: '申請後に下書きが変更されました。' } },
      },
      // Another approver decided first: said as the server says it, not as a stale draft.
      {
        status: 409,
        body: { error: { code: 'approval.notPending', message: 'この申請はすでに処理されています。' } },
      },
    ]
    const { user, requests, onApproved } = renderBanner(
      approval({ canApprove: true, pending, requests: [pending] }),
      { [`POST ${APPROVE}`]: () => refusals.shift() as MockReply },
    )
    await user.click(within(await bannerShown()).getByRole('button', { name: '承認して公開' }))
    const dialog = await lastDialog()
    const approve = within(dialog).getByRole('button', { name: '承認して公開' })
    const refusal = () => within(dialog).getByRole('alert').textContent

    await user.click(approve)
    await waitFor(() =>
      expect(refusal()).toBe(
        '公開前チェックにブロック項目があるため承認できません日本語: プライバシーポリシーがありません。',
      ),
    )
    await user.click(approve)
    await waitFor(() =>
      expect(refusal()).toBe(
        '申請後に下書きが変更されたため承認できません。申請者に再申請を依頼してください。',
      ),
    )
    await user.click(approve)
    await waitFor(() => expect(refusal()).toContain('この申請はすでに処理されています。'))
    expect(refusal()).not.toContain('再申請')
    expect(calls(requests, 'POST', APPROVE)).toHaveLength(3)
    expect(onApproved).not.toHaveBeenCalled()
  })

  it('turns the gate on only after asking', async () => {
    const { user, requests } = renderAlone(<ApprovalSwitch siteId={SITE_ID} />, {
      [`GET ${APPROVAL}`]: approvalReply(approval({ required: false, canApprove: true })),
      [`PUT ${APPROVAL}`]: {
        body: keysToSnake({
          ...approval({ required: true, canApprove: true }),
          message: '設定を保存しました。',
        }),
      },
    })
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
