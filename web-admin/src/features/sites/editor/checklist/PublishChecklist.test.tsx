import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { storeSession } from '../../../../test/fixtures.ts'
import { mockApi } from '../../../../test/mockApi.ts'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import type { Checklist } from './checklist-api.ts'
import { targetOf } from './checklistModel.ts'
import { PublishChecklist } from './PublishChecklist.tsx'
import { blockingItem, checklistOf, warningItem } from './testing.ts'

/** The pre-publish checklist list alone (issue 33 part 4). */

const render = (checklist: Checklist | undefined, loading = false) => {
  storeSession()
  mockApi({})
  const onOpen = vi.fn()
  return {
    onOpen,
    ...renderWithProviders({
      ui: <PublishChecklist checklist={checklist} loading={loading} onOpen={onOpen} />,
    }),
  }
}

const groupText = (severity: string) =>
  [...document.querySelectorAll(`[data-severity="${severity}"] li`)].map((li) => li.textContent)

describe('the pre-publish checklist', () => {
  it('lists the blocking items first under 公開できません, then the warnings, each with where it is', async () => {
    render(
      checklistOf([
        blockingItem(),
        blockingItem({
          rule: 'blockingComment',
          place: 'comment',
          position: 'A1',
          field: null,
          ref: 'c-1',
          message: '未解決のブロックコメントがあります。',
        }),
        warningItem(),
        warningItem({
          rule: 'ctaExpired',
          place: 'popupCta',
          lang: null,
          position: null,
          field: null,
          ref: '1',
          message: '終了日時を過ぎたポップアップCTAがあります。',
        }),
        warningItem({
          rule: 'seoMissing',
          place: 'global',
          lang: null,
          position: null,
          message: 'SEOのタイトルが空です。',
        }),
      ]),
    )
    const sections = screen.getAllByRole('region')
    expect(sections.map((s) => s.getAttribute('data-severity'))).toEqual(['blocking', 'warning'])
    expect(within(sections[0]!).getByRole('heading').textContent).toBe('公開できません')
    expect(within(sections[1]!).getByRole('heading').textContent).toBe('警告')
    expect(groupText('blocking')).toEqual([
      'フォームがありますが、プライバシーポリシーが設定されていません。日本語 その他設定該当箇所へ',
      '未解決のブロックコメントがあります。日本語 A1 のレビューコメント該当箇所へ',
    ])
    expect(groupText('warning')).toEqual([
      '画像に代替テキストがありません。日本語 B1該当箇所へ',
      '終了日時を過ぎたポップアップCTAがあります。ポップアップCTA 2該当箇所へ',
      'SEOのタイトルが空です。サイト設定該当箇所へ',
    ])
    // Blocking messages are red.
    expect(
      screen.getByText('未解決のブロックコメントがあります。').closest('.ant-typography-danger'),
    ).toBeTruthy()
    expect(screen.getByText('画像に代替テキストがありません。').closest('.ant-typography-danger')).toBeNull()
    expect(screen.getByText('終了日時を過ぎたポップアップCTAがあります。')).toBeTruthy()
  })

  it('opens an item from its button, which the item message describes', async () => {
    const item = warningItem()
    const { user, onOpen } = render(checklistOf([blockingItem(), item]))
    const buttons = screen.getAllByRole('button', { name: '該当箇所へ' })
    expect(buttons).toHaveLength(2)
    expect(screen.getByRole('button', { description: '画像に代替テキストがありません。' })).toBe(buttons[1])
    buttons[1]!.focus()
    await user.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(onOpen).toHaveBeenCalledWith(item)
  })

  it('says when nothing was found, and how many external links were checked', () => {
    render(checklistOf([], { links: { checked: 5, unchecked: 2 } }))
    expect(screen.getByText('問題は見つかりませんでした')).toBeTruthy()
    expect(screen.queryAllByRole('region')).toEqual([])
    expect(screen.getByTestId('checklist-links').textContent).toBe(
      '外部リンク 5件を確認（2件は時間内に応答なし）',
    )
  })

  it('names the links line without the unanswered part when every link answered, and hides it with none', () => {
    const first = render(checklistOf([warningItem()], { links: { checked: 3, unchecked: 0 } }))
    expect(screen.getByTestId('checklist-links').textContent).toBe('外部リンク 3件を確認')
    first.unmount()
    render(checklistOf([warningItem()]))
    expect(screen.queryByTestId('checklist-links')).toBeNull()
  })

  it('shows that it is running while there is nothing yet', () => {
    render(undefined, true)
    expect(screen.getByRole('status').textContent).toBe('公開前チェックを実行しています…')
    expect(screen.queryByTestId('publish-checklist')).toBeNull()
  })
})

describe('where an item opens', () => {
  it('a cell: the creatives tab in its language, the cell selected', () => {
    expect(targetOf(warningItem({ lang: 'EN', position: 'C3' }))).toEqual({
      tab: 'creatives',
      lang: 'EN',
      cell: 'C3',
      comments: false,
    })
  })

  it('the global setting, a popup CTA, a language setting and a comment', () => {
    expect(targetOf(warningItem({ place: 'global', lang: null, position: null }))).toEqual({
      tab: 'settings',
      lang: null,
      cell: null,
      comments: false,
    })
    expect(targetOf(warningItem({ place: 'popupCta', lang: null, position: null, ref: '0' }))).toEqual({
      tab: 'cta',
      lang: null,
      cell: null,
      comments: false,
    })
    expect(targetOf(blockingItem({ lang: 'KR' }))).toEqual({
      tab: 'other',
      lang: 'KR',
      cell: null,
      comments: false,
    })
    expect(targetOf(blockingItem({ place: 'comment', position: 'A1', ref: 'c-1' }))).toEqual({
      tab: 'creatives',
      lang: 'JP',
      cell: 'A1',
      comments: true,
    })
  })
})
