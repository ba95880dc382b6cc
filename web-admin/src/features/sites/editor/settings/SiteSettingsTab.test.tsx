import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { lastDialog, renderTab, testCta, testPlan, testSite } from '../frame/testing.tsx'
import { SiteSettingsTab } from './SiteSettingsTab.tsx'

/** Opens an antd Select by its label and picks the option with `text`. */
const pick = async (user: ReturnType<typeof renderTab>['user'], label: string, text: string) => {
  await user.click(screen.getByLabelText(label))
  const options = await screen.findAllByTitle(text)
  await user.click(options.at(-1) as HTMLElement)
}

describe('site settings tab', () => {
  it('asks before a new grid size and clears the creatives on OK', async () => {
    const site = testSite({
      globalSetting: { popupCtas: [testCta({ effectiveSheets: [1, 4, 6] })] },
    })
    const { user, draft } = renderTab(SiteSettingsTab, { site })
    expect(screen.getByText('現在 4枚 ／ プランの上限: 30枚（行数×列数）')).toBeTruthy()
    await pick(user, '行数', '3')

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('クリエイティブ設定がクリアされます')
    await user.click(within(dialog).getByRole('button', { name: '変更する' }))

    await waitFor(() => expect(draft().globalSetting.numberHorizontal).toBe(3))
    expect(draft().creatives).toEqual([])
    // Pages of the old grid the new one still has stay chosen.
    expect(draft().globalSetting.popupCtas[0]?.effectiveSheets).toEqual([1, 4, 6])
    expect(screen.getByText('現在 6枚 ／ プランの上限: 30枚（行数×列数）')).toBeTruthy()
  })

  it('keeps the old size and the creatives when the grid change is cancelled', async () => {
    const { user, draft } = renderTab(SiteSettingsTab)
    await pick(user, '列数', '5')
    await user.click(within(await lastDialog()).getByRole('button', { name: 'キャンセル' }))
    expect(draft().globalSetting.numberVertical).toBe(2)
    expect(draft().creatives).toHaveLength(2)
    expect(screen.getByLabelText('列数').closest('.ant-select')?.textContent).toContain('2')
  })

  it('says when rows × columns exceed the plan', async () => {
    const site = testSite({ plan: testPlan({}, 9), creatives: [] })
    const { user, draft } = renderTab(SiteSettingsTab, { site })
    await pick(user, '列数', '5')
    expect(draft().globalSetting.numberVertical).toBe(5)
    expect(await screen.findByText('行数×列数がプランのクリエイティブ上限を超えています。')).toBeTruthy()
    expect(screen.getByText('現在 10枚 ／ プランの上限: 9枚（行数×列数）')).toBeTruthy()
  })

  it('resets the content of a single-language site when its language changes, after asking', async () => {
    const { user, draft } = renderTab(SiteSettingsTab)
    await pick(user, 'デフォルト言語', 'English')
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('コンテンツがリセットされます')
    await user.click(within(dialog).getByRole('button', { name: '変更する' }))

    await waitFor(() => expect(draft().globalSetting.languages).toEqual(['EN']))
    expect(draft().globalSetting.defaultLanguage).toBe('EN')
    expect(draft().menus).toEqual([{ lang: 'EN', items: [], textColor: null }])
    expect(draft().creatives).toEqual([])
    expect(draft().settings.map((s) => s.lang)).toEqual(['EN'])
    expect(draft().settings[0]?.forms?.membership.fields.map((f) => f.title)).toEqual([
      'Email address',
      'Password',
      'Confirm password',
    ])
  })

  it('chooses the default among the languages of a multilingual site without a reset', async () => {
    const site = testSite({
      plan: testPlan({ multiLanguage: true }),
      globalSetting: { languages: ['JP', 'KR'] },
    })
    const { user, draft } = renderTab(SiteSettingsTab, { site })
    await pick(user, 'デフォルト言語', '한국어')
    expect(draft().globalSetting.defaultLanguage).toBe('KR')
    expect(draft().globalSetting.languages).toEqual(['JP', 'KR'])
    expect(draft().creatives).toHaveLength(2)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('checks colours with the shared rule and takes rgb() and hsl()', async () => {
    const { user, draft } = renderTab(SiteSettingsTab)
    const field = screen.getByLabelText('グローバルメニューの文字色')
    await user.type(field, 'red')
    expect(
      await screen.findByText('色は16進数(#RGB / #RRGGBB)、rgb(a)、hsl(a)で入力してください。'),
    ).toBeTruthy()
    await user.clear(field)
    await user.type(field, 'rgb(10, 20, 30)')
    await waitFor(() => expect(screen.queryByText(/色は16進数/)).toBeNull())
    expect(draft().globalSetting.globalMenuTextColor).toBe('rgb(10, 20, 30)')
    await user.clear(field)
    expect(draft().globalSetting.globalMenuTextColor).toBeNull()
  })

  it('switches the view mode and the display switches', async () => {
    const { user, draft } = renderTab(SiteSettingsTab)
    await user.click(screen.getByRole('radio', { name: 'PC' }))
    await user.click(screen.getByRole('switch', { name: '言語切り替えアイコンを表示' }))
    expect(draft().globalSetting.viewMode).toBe('PC')
    expect(draft().globalSetting.displayLanguageIcon).toBe(true)
  })

  it('fills the phone screen by default and lets the creator keep the whole 351 × 535 frame', async () => {
    const { user, draft } = renderTab(SiteSettingsTab)
    const fill = screen.getByRole('switch', { name: 'スマートフォンで画面いっぱいに表示' })
    // Stored sites have no value: the default, FILL, shows as on.
    expect(draft().globalSetting.creativeFit).toBeNull()
    expect(fill.getAttribute('aria-checked')).toBe('true')
    await user.click(fill)
    expect(draft().globalSetting.creativeFit).toBe('FIT')
    expect(fill.getAttribute('aria-checked')).toBe('false')
    await user.click(fill)
    expect(draft().globalSetting.creativeFit).toBe('FILL')
  })

  it('uploads a favicon with its purpose, shows progress and the preview, and removes it', async () => {
    const key = 'sites/site-1/favicon/f-1.png'
    const { user, draft, requests } = renderTab(SiteSettingsTab, {
      routes: {
        'POST /site/generate-logo-url': {
          body: { upload_url: 'https://storage.test/f-1.png?sig', key, file_name: 'icon.png' },
        },
        'POST /site/confirm-upload': {
          body: { key, media_type: 'image', url: 'https://storage.test/f-1.png?get' },
        },
      },
    })
    expect(screen.getAllByText('推奨サイズ: 256×256px（PNG・JPEG・HEIC）')).toHaveLength(1)
    expect(screen.getAllByText('推奨サイズ: 250×150px（PNG・JPEG・HEIC）')).toHaveLength(1)
    await user.upload(
      screen.getByLabelText('ファビコン画像を選択'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' }),
    )
    expect(await screen.findByRole('progressbar', { name: 'アップロードの進捗' })).toBeTruthy()
    expect((await screen.findByRole('img', { name: 'ファビコンのプレビュー' })).getAttribute('src')).toBe(
      'https://storage.test/f-1.png?get',
    )
    expect(draft().globalSetting.faviconKey).toBe(key)
    expect(requests.find((r) => r.path === '/site/generate-logo-url')?.body).toMatchObject({
      purpose: 'favicon',
    })

    await user.click(screen.getByRole('button', { name: 'ファビコンを削除' }))
    expect(draft().globalSetting.faviconKey).toBeNull()
  })

  it('refuses a file of the wrong type by name, before asking for an upload URL', async () => {
    const { requests } = renderTab(SiteSettingsTab)
    // As a drop would: the picker's accept list does not filter it out first.
    const dropping = userEvent.setup({ applyAccept: false, delay: null })
    await dropping.upload(
      screen.getByLabelText('ロゴ画像を選択'),
      new File(['x'], 'logo.gif', { type: 'image/gif' }),
    )
    expect(await screen.findByText('ファイル「logo.gif」は対応していない形式です。')).toBeTruthy()
    expect(requests).toHaveLength(0)
  })

  it('disables every control for a viewer', () => {
    renderTab(SiteSettingsTab, { readOnly: true })
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('switch', { name: 'グローバルメニューを表示' }).hasAttribute('disabled')).toBe(
      true,
    )
    expect(screen.getByRole('radio', { name: 'PC' }).hasAttribute('disabled')).toBe(true)
  })
})
