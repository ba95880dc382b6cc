import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab, testPlan, testSite } from '../frame/testing.tsx'
import { GlobalMenuTab } from './GlobalMenuTab.tsx'

describe('global menu tab', () => {
  it('says a duplicate item is a duplicate, on the item, and clears it once fixed', async () => {
    const { user } = renderTab(GlobalMenuTab)
    const second = screen.getByLabelText('項目 2')
    await user.clear(second)
    await user.type(second, 'ホーム')
    expect(await screen.findByText('メニュー項目が重複しています。')).toBeTruthy()
    expect(second.getAttribute('aria-invalid')).toBe('true')
    await user.type(second, '2')
    await waitFor(() => expect(screen.queryByText('メニュー項目が重複しています。')).toBeNull())
  })

  it('says an item cannot be empty', async () => {
    const { user } = renderTab(GlobalMenuTab)
    await user.clear(screen.getByLabelText('項目 1'))
    expect(await screen.findByText('メニュー項目を空にすることはできません。')).toBeTruthy()
  })

  it('adds, moves and deletes items with buttons, the focus following the item', async () => {
    const { user, draft } = renderTab(GlobalMenuTab)
    await user.click(screen.getByRole('button', { name: '+ メニュー項目を追加' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('項目 3')))
    await user.keyboard('会社概要')

    await user.click(screen.getByRole('button', { name: '「会社概要」を上へ移動' }))
    expect(draft().menus[0]?.items.map((i) => i.name)).toEqual(['ホーム', '会社概要', '商品一覧'])
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '「会社概要」を上へ移動' })),
    )
    await user.keyboard('{Enter}')
    expect(draft().menus[0]?.items.map((i) => i.name)).toEqual(['会社概要', 'ホーム', '商品一覧'])
    // At the top, "up" is no longer possible: the focus moves to "down".
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '「会社概要」を下へ移動' })),
    )

    await user.click(screen.getByRole('button', { name: '「ホーム」を削除' }))
    expect(draft().menus[0]?.items).toEqual([{ name: '会社概要' }, { id: 'm-2', name: '商品一覧' }])
  })

  it("creates the language's menu on its first edit and sets its text colour", async () => {
    const site = testSite({
      plan: testPlan({ multiLanguage: true }),
      globalSetting: { languages: ['JP', 'EN'] },
    })
    const { user, draft } = renderTab(GlobalMenuTab, { site, lang: 'EN' })
    expect(screen.getByRole('heading', { name: 'メニュー項目（English）' })).toBeTruthy()
    expect(screen.getByText('メニュー項目はまだありません。')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '+ メニュー項目を追加' }))
    await user.type(screen.getByLabelText('項目 1'), 'Home')
    await user.type(screen.getByLabelText('メニューの文字色'), '#333')
    expect(draft().menus.find((m) => m.lang === 'EN')).toEqual({
      lang: 'EN',
      items: [{ name: 'Home' }],
      textColor: '#333',
    })
    expect(draft().menus.find((m) => m.lang === 'JP')?.items).toHaveLength(2)
  })

  it('shows whether the menu is displayed, which is switched in site settings', () => {
    renderTab(GlobalMenuTab, { site: testSite({ globalSetting: { displayGlobalMenu: false } }) })
    expect(screen.getByText(/グローバルメニューは表示しない設定です。/)).toBeTruthy()
  })

  it('disables editing for a viewer', () => {
    renderTab(GlobalMenuTab, { readOnly: true })
    expect((screen.getByLabelText('項目 1') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: '+ メニュー項目を追加' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: '「ホーム」を削除' }).hasAttribute('disabled')).toBe(true)
  })
})
