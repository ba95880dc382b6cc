import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MockReply } from '../../../../test/mockApi.ts'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_PATH,
  sentBody,
  testSite,
} from '../frame/testing.tsx'
import type { ScheduledChange, SiteSchedule } from './schedule-api.ts'

/**
 * 公開予約 (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md): the saved draft goes live
 * at one instant and the site stops being served at another, entered and shown in Japanese time.
 */

const SCHEDULE = `${SITE_PATH}/schedule`
const SAVED = '公開予約を保存しました。'
// 2026-12-01 10:00 and 2026-12-31 23:59 in Japan.
const START = '2026-12-01T01:00:00.000Z'
const END = '2026-12-31T14:59:00.000Z'

const change = (at: string, overrides: Partial<ScheduledChange> = {}): ScheduledChange => ({
  at,
  state: 'PENDING',
  by: '山田 太郎',
  error: null,
  ...overrides,
})

const scheduleReply = (schedule: SiteSchedule, message?: string): MockReply => ({
  body: keysToSnake({ ...schedule, ...(message ? { message } : {}) }),
})

const NOTHING: SiteSchedule = { publish: null, unpublish: null }
const BOTH: SiteSchedule = { publish: change(START), unpublish: change(END) }

const summary = () => screen.queryByTestId('publish-schedule')?.textContent

/** Pastes a JST date-time into a labelled picker and confirms it (typing re-renders it per key). */
const pick = async (user: ReturnType<typeof openEditor>['user'], label: string, text: string) => {
  const input = screen.getByLabelText(label)
  await user.click(input)
  await user.paste(text)
  await user.keyboard('{Enter}')
}

const openDialog = async (user: ReturnType<typeof openEditor>['user']) => {
  await editorReady()
  await user.click(screen.getByRole('button', { name: '公開予約' }))
  return lastDialog()
}

beforeEach(() => {
  // "Today" for the picker's earliest day, before the instants these tests schedule.
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-06-01T00:00:00.000Z'))
})

describe('the publish schedule', () => {
  it('shows what is scheduled in Japanese time', async () => {
    openEditor(testSite(), { [`GET ${SCHEDULE}`]: scheduleReply(BOTH) })
    await editorReady()
    await waitFor(() =>
      expect(summary()).toBe('公開予約: 2026-12-01 10:00 に公開 ／ 2026-12-31 23:59 に公開終了'),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says why a scheduled change could not run, beside what is still pending', async () => {
    openEditor(testSite(), {
      [`GET ${SCHEDULE}`]: scheduleReply({
        publish: change(START, { state: 'FAILED', error: '公開できない状態です。' }),
        unpublish: change(END),
      }),
    })
    await editorReady()
    expect(await screen.findByText('予約した公開を実行できませんでした: 公開できない状態です。')).toBeTruthy()
    expect(summary()).toBe('公開予約: 2026-12-31 23:59 に公開終了')
  })

  it('says why a scheduled unpublish could not run', async () => {
    openEditor(testSite(), {
      [`GET ${SCHEDULE}`]: scheduleReply({
        publish: null,
        unpublish: change(END, { state: 'FAILED', error: '予約の公開を実行できませんでした。' }),
      }),
    })
    await editorReady()
    const alert = await screen.findByText(
      '予約した公開終了を実行できませんでした: 予約の公開を実行できませんでした。',
    )
    expect(alert.closest('.ant-alert-error')).toBeTruthy()
    expect(summary()).toBeUndefined()
  })

  it('schedules the start and the end entered in Japanese time as instants, toasts and shows them', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`GET ${SCHEDULE}`]: scheduleReply(NOTHING),
      [`PUT ${SCHEDULE}`]: scheduleReply(BOTH, SAVED),
    })
    const dialog = await openDialog(user)
    expect(within(dialog).getByText('公開予約', { selector: '.ant-modal-title' })).toBeTruthy()
    expect(dialog.textContent).toContain(
      '保存済みの下書きを、指定した日時に公開します。公開終了の日時になると、サイトは公開されなくなります（下書きに戻ります）。',
    )
    // Nothing is scheduled yet: nothing to cancel.
    expect(within(dialog).queryByRole('button', { name: '予約を取り消す' })).toBeNull()
    expect(summary()).toBeUndefined()

    await pick(user, '公開開始', '2026-12-01 10:00')
    await pick(user, '公開終了', '2026-12-31 23:59')
    await user.click(within(dialog).getByRole('button', { name: '予約を保存' }))

    expect(await screen.findByText(SAVED)).toBeTruthy()
    const sent = calls(requests, 'PUT', SCHEDULE)
    expect(sent).toHaveLength(1)
    expect(sentBody(sent[0])).toEqual({ publishAt: START, unpublishAt: END })
    expect(Date.parse(START)).toBe(Date.parse('2026-12-01T10:00:00+09:00'))
    expect(Date.parse(END)).toBe(Date.parse('2026-12-31T23:59:00+09:00'))
    // The answer is the schedule: shown without reading it again.
    await waitFor(() =>
      expect(summary()).toBe('公開予約: 2026-12-01 10:00 に公開 ／ 2026-12-31 23:59 に公開終了'),
    )
    expect(calls(requests, 'GET', SCHEDULE)).toHaveLength(1)
  })

  it('shows the server’s refusal under 公開終了 and keeps the dialog open', async () => {
    const ORDER = '公開終了の日時は公開開始より後にしてください。'
    const { user, requests } = openEditor(testSite(), {
      [`GET ${SCHEDULE}`]: scheduleReply(NOTHING),
      [`PUT ${SCHEDULE}`]: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容を確認してください。',
            details: [{ path: 'body.unpublishAt', code: 'schedule.order', message: ORDER }],
          },
        },
      },
    })
    const dialog = await openDialog(user)
    await pick(user, '公開開始', '2026-12-01 10:00')
    await pick(user, '公開終了', '2026-12-01 09:00')
    await user.click(within(dialog).getByRole('button', { name: '予約を保存' }))

    const message = await within(dialog).findByText(ORDER)
    const end = screen.getByLabelText('公開終了').closest('.ant-form-item')
    expect(end?.contains(message)).toBe(true)
    const start = screen.getByLabelText('公開開始').closest('.ant-form-item')
    expect(start?.textContent).not.toContain(ORDER)
    expect(screen.queryByText(SAVED)).toBeNull()
    // Enter only confirmed each picker; the button sent the one request.
    expect(calls(requests, 'PUT', SCHEDULE)).toHaveLength(1)
  })

  it('prefills what is scheduled and cancels it only after asking', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`GET ${SCHEDULE}`]: scheduleReply(BOTH),
      [`PUT ${SCHEDULE}`]: scheduleReply(NOTHING, SAVED),
    })
    const dialog = await openDialog(user)
    expect((screen.getByLabelText('公開開始') as HTMLInputElement).value).toBe('2026-12-01 10:00')
    expect((screen.getByLabelText('公開終了') as HTMLInputElement).value).toBe('2026-12-31 23:59')

    await user.click(within(dialog).getByRole('button', { name: '予約を取り消す' }))
    const confirm = await lastDialog()
    expect(confirm.textContent).toContain('公開予約を取り消しますか？')
    expect(calls(requests, 'PUT', SCHEDULE)).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: '取り消す' }))

    expect(await screen.findByText(SAVED)).toBeTruthy()
    const sent = calls(requests, 'PUT', SCHEDULE)
    expect(sent).toHaveLength(1)
    expect(sentBody(sent[0])).toEqual({ publishAt: null, unpublishAt: null })
    await waitFor(() => expect(summary()).toBeUndefined())
  })

  it('shows a viewer what is scheduled but offers no way to change it', async () => {
    openEditor(testSite(), { [`GET ${SCHEDULE}`]: scheduleReply(BOTH) }, { authority: 'VIEW' })
    await editorReady()
    await waitFor(() =>
      expect(summary()).toBe('公開予約: 2026-12-01 10:00 に公開 ／ 2026-12-31 23:59 に公開終了'),
    )
    expect(screen.queryByRole('button', { name: '公開予約' })).toBeNull()
  })
})
