import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CreativeSettingsTab } from './CreativeSettingsTab.tsx'
import { renderTab } from './tabHarness.tsx'

const cell = (position: string) => screen.getByRole('gridcell', { name: new RegExp(`^${position}、`) })

describe('creative detail: links to disabled forms and the bottom bar choice', () => {
  it('warns beside the link when its form is off, and enables the form in one click', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'サイト内フォーム' }))
    await user.click(screen.getByRole('combobox', { name: 'リンク先' }))
    await user.click(await screen.findByRole('option', { name: 'お問い合わせ' }))

    const alert = screen.getByRole('alert')
    expect(
      within(alert).getByText(
        '日本語の「お問い合わせフォーム」は無効です（A1のリンクボタン）。このまま公開すると、訪問者には「現在ご利用いただけません」と表示されます。',
      ),
    ).toBeTruthy()
    expect(
      within(alert).getByText(
        '有効にしたあと、「その他設定」のフォームで送信先メールアドレスを入力してください。',
      ),
    ).toBeTruthy()
    await user.click(within(alert).getByRole('button', { name: '「お問い合わせフォーム」を有効にする' }))
    expect(latest().settings).toHaveLength(1)
    expect(latest().settings[0]?.forms?.contact.enabled).toBe(true)
    expect(latest().settings[0]?.forms?.membership.enabled).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('lets a creative follow the language default, show or hide the bar parts', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    const sns = screen.getByRole('combobox', { name: 'SNSリンクを表示' })
    expect(within(sns.closest('.ant-select')!).getByText('サイトの設定に従う（表示）')).toBeTruthy()
    await user.click(sns)
    await user.click(await screen.findByTitle('表示しない'))
    expect(latest().creatives[0]).toMatchObject({ position: 'A1', snsConfig: false, showCompany: null })
  })
})
