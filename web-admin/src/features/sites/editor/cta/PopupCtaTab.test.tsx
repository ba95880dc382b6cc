import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lastDialog, renderTab, testCta, testPlan, testSite } from '../frame/testing.tsx'
import { PopupCtaTab } from './PopupCtaTab.tsx'

const withCtas = (...ctas: ReturnType<typeof testCta>[]) => testSite({ globalSetting: { popupCtas: ctas } })

/** The preview's CTA: the site's CTA block inside the preview's shadow root. */
const previewCta = () =>
  document.querySelector('[data-preview="cta"]')?.shadowRoot?.querySelector('section.cta') as HTMLElement
const previewStyle = () =>
  document.querySelector('[data-preview="cta"]')?.shadowRoot?.querySelector('style')?.textContent ?? ''

describe('popup CTA tab', () => {
  it('adds a time-limited CTA with the default colours and every page', async () => {
    const { user, draft } = renderTab(PopupCtaTab)
    expect(screen.getByText('ポップアップCTAはまだありません。')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '+ 期間限定CTA' }))

    expect(await screen.findByRole('region', { name: '期間限定CTA 1' })).toBeTruthy()
    expect(draft().globalSetting.popupCtas).toEqual([
      {
        kind: 'TIME_LIMIT',
        isInternalLink: false,
        linkUrl: '',
        localized: [],
        linkButtonColor: '#FF0000',
        linkTextColor: '#FFFFFF',
        startDate: null,
        endDate: null,
        limit: null,
        showRemainingTime: false,
        showRemainingSlots: false,
        effectiveSheets: [],
        animation: 'NONE',
        displayPosition: 'BOTTOM',
      },
    ])
    expect((screen.getByLabelText('ボタンの色') as HTMLInputElement).value).toBe('#FF0000')
    expect((screen.getByLabelText('文字色') as HTMLInputElement).value).toBe('#FFFFFF')
    // The applicant limit belongs to the other kind.
    expect(screen.queryByLabelText('人数の上限')).toBeNull()
    expect(screen.getByText('1 / 20件')).toBeTruthy()
    // No page chosen: the pages field says the CTA shows on all four pages of the 2 × 2 grid.
    expect(
      screen.getByText('ページを選んでいないため、すべてのページ（4ページ）に表示されます。'),
    ).toBeTruthy()
  })

  it('says a CTA shows only on the pages chosen, and on every page again once they are cleared', async () => {
    const { user, draft } = renderTab(PopupCtaTab, { site: withCtas(testCta()) })
    await user.click(screen.getByLabelText('表示するページ'))
    await user.click((await screen.findAllByTitle('2ページ目（B1）')).at(-1) as HTMLElement)
    expect(draft().globalSetting.popupCtas[0]?.effectiveSheets).toEqual([2])
    expect(
      screen.getByText(
        '選んだページにだけ表示されます。すべてのページに表示するには、選択をすべて外してください。',
      ),
    ).toBeTruthy()
    expect(screen.queryByText(/すべてのページ（4ページ）に表示されます/)).toBeNull()

    await user.click(screen.getByLabelText('表示するページ'))
    await user.click((await screen.findAllByTitle('2ページ目（B1）')).at(-1) as HTMLElement)
    expect(draft().globalSetting.popupCtas[0]?.effectiveSheets).toEqual([])
    expect(
      screen.getByText('ページを選んでいないため、すべてのページ（4ページ）に表示されます。'),
    ).toBeTruthy()
  })

  it('edits the text and image of the language being edited; an empty one shows the default language’s', async () => {
    const jp = testCta({
      localized: [{ lang: 'JP', content: '今だけ30%オフ', imageUrl: 'sites/s/uploads/jp.png' }],
    })
    const { user, draft } = renderTab(PopupCtaTab, {
      site: testSite({ globalSetting: { languages: ['JP', 'EN'], popupCtas: [jp] } }),
      lang: 'EN',
      media: { 'sites/s/uploads/jp.png': 'https://media.example.test/jp.png' },
    })
    const field = screen.getByLabelText('内容（英語）') as HTMLTextAreaElement
    // Nothing in English yet: the field is empty, and says what the English page shows instead.
    expect(field.value).toBe('')
    expect(field.placeholder).toBe('今だけ30%オフ')
    expect(screen.getByText('空欄の場合は、日本語の内容が表示されます。')).toBeTruthy()
    expect(screen.getByText('未設定の場合は、日本語の画像が表示されます。')).toBeTruthy()
    expect(screen.getByText('画像（英語）')).toBeTruthy()
    expect(previewCta().querySelector('.cb')?.textContent).toBe('今だけ30%オフ')
    expect(previewCta().querySelector('img')?.getAttribute('src')).toBe('https://media.example.test/jp.png')

    await user.type(field, '30% off today')
    expect(draft().globalSetting.popupCtas[0]?.localized).toEqual([
      { lang: 'JP', content: '今だけ30%オフ', imageUrl: 'sites/s/uploads/jp.png' },
      { lang: 'EN', content: '30% off today' },
    ])
    expect(previewCta().querySelector('.cb')?.textContent).toBe('30% off today')

    // Emptied again: English has nothing of its own and shows the Japanese text again.
    await user.clear(field)
    expect(draft().globalSetting.popupCtas[0]?.localized).toEqual(jp.localized)
    expect(previewCta().querySelector('.cb')?.textContent).toBe('今だけ30%オフ')
  })

  it('edits the default language’s text on a one-language site without naming the language', async () => {
    const { user, draft } = renderTab(PopupCtaTab, { site: withCtas(testCta({ localized: [] })) })
    expect(screen.queryByLabelText('内容（日本語）')).toBeNull()
    await user.type(screen.getByLabelText('内容'), '本日限定')
    expect(draft().globalSetting.popupCtas[0]?.localized).toEqual([{ lang: 'JP', content: '本日限定' }])
  })

  it('says the end must come after the start', async () => {
    const { user, draft } = renderTab(PopupCtaTab, { site: withCtas(testCta()) })
    const start = screen.getByLabelText('開始日時')
    // Pasted rather than typed: every keystroke re-renders the picker.
    await user.click(start)
    await user.paste('2025-06-10 10:00')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('開始日を設定した場合は終了日が必要です。')).toBeTruthy()

    const end = screen.getByLabelText('終了日時')
    await user.click(end)
    await user.paste('2025-06-09 10:00')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('終了日は開始日より後の日付にしてください。')).toBeTruthy()
    const cta = draft().globalSetting.popupCtas[0]
    // Japan's time, whatever the browser's zone: 10:00 JST is 01:00 UTC.
    expect(cta?.startDate).toBe('2025-06-10T01:00:00.000Z')
    expect(cta?.endDate).toBe('2025-06-09T01:00:00.000Z')

    await user.clear(end)
    await user.paste('2025-06-11 10:00')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByText('終了日は開始日より後の日付にしてください。')).toBeNull())
  })

  it('switches the preview animation and shows the CTA colours and content', async () => {
    const { user, draft } = renderTab(PopupCtaTab, {
      site: withCtas(
        testCta({
          linkButtonColor: '#123456',
          linkTextColor: '#FFEE00',
          localized: [{ lang: 'JP', content: '今すぐ申し込む' }],
        }),
      ),
    })
    expect(previewCta().className).toBe('cta a-NONE')
    expect(previewCta().querySelector('.cb')?.textContent).toBe('今すぐ申し込む')
    expect(previewCta().style.getPropertyValue('--b')).toBe('#123456')
    expect(previewCta().style.getPropertyValue('--t')).toBe('#FFEE00')

    await user.click(screen.getByLabelText('アニメーション'))
    await user.click((await screen.findAllByTitle('パルスアウト（波紋）')).at(-1) as HTMLElement)
    expect(draft().globalSetting.popupCtas[0]?.animation).toBe('PULSE_OUT')
    expect(previewCta().className).toBe('cta a-PULSE_OUT')
    expect(screen.getByText('プレビュー: パルスアウト（波紋）')).toBeTruthy()
    // Motion stops for users who ask for less.
    expect(previewStyle()).toContain('prefers-reduced-motion:reduce')
  })

  it('edits an applicant-limited CTA: internal link, limit, pages and position', async () => {
    const { user, draft } = renderTab(PopupCtaTab)
    await user.click(screen.getByRole('button', { name: '+ 人数限定CTA' }))
    await screen.findByRole('region', { name: '人数限定CTA 1' })

    await user.click(screen.getByRole('radio', { name: 'サイト内' }))
    await user.click(screen.getByLabelText('リンク先'))
    await user.click((await screen.findAllByTitle('会員登録')).at(-1) as HTMLElement)
    await user.type(screen.getByLabelText('人数の上限'), '12a')
    expect(await screen.findByText('入力値が正しくありません。')).toBeTruthy()
    await user.type(screen.getByLabelText('人数の上限'), '{Backspace}')
    await user.click(screen.getByRole('switch', { name: '残り人数を表示' }))
    await user.click(screen.getByLabelText('表示するページ'))
    await user.click((await screen.findAllByTitle('3ページ目（A2）')).at(-1) as HTMLElement)
    await user.click(screen.getByRole('radio', { name: '上部' }))

    expect(draft().globalSetting.popupCtas[0]).toMatchObject({
      kind: 'APPLICANT_LIMIT',
      isInternalLink: true,
      linkUrl: 'membership',
      limit: '12',
      showRemainingSlots: true,
      effectiveSheets: [3],
      displayPosition: 'TOP',
    })
    expect(screen.queryByText('入力値が正しくありません。')).toBeNull()
  })

  it('deletes a CTA after a confirmation', async () => {
    const { user, draft } = renderTab(PopupCtaTab, {
      site: withCtas(testCta(), testCta({ kind: 'APPLICANT_LIMIT', limit: '50' })),
    })
    await user.click(screen.getByRole('button', { name: '期間限定CTA 1を削除' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「期間限定CTA 1」を削除しますか？')
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))
    await waitFor(() => expect(draft().globalSetting.popupCtas).toHaveLength(1))
    expect(draft().globalSetting.popupCtas[0]?.kind).toBe('APPLICANT_LIMIT')
    expect(screen.queryByRole('region', { name: '期間限定CTA 1' })).toBeNull()
  })

  it('shows the problems the save reported on the fields', () => {
    renderTab(PopupCtaTab, {
      site: withCtas(testCta({ isInternalLink: false, linkUrl: 'nope' })),
      problems: [{ path: 'globalSetting.popupCtas.0.linkUrl', message: 'URLの形式が正しくありません。' }],
    })
    expect(screen.getByText('URLの形式が正しくありません。')).toBeTruthy()
    expect(screen.getByLabelText('リンク先').getAttribute('aria-invalid')).toBe('true')
  })

  it('is disabled with the plan reason when the plan has no popup CTAs', () => {
    renderTab(PopupCtaTab, { site: testSite({ plan: testPlan({ settingPopupCta: false }) }) })
    expect(screen.getByText('ご契約のプランではポップアップCTAを利用できません。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '+ 期間限定CTA' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: '+ 人数限定CTA' }).hasAttribute('disabled')).toBe(true)
  })

  it('stops adding at 20', () => {
    renderTab(PopupCtaTab, { site: withCtas(...Array.from({ length: 20 }, () => testCta())) })
    expect(screen.getByText('20 / 20件')).toBeTruthy()
    expect(screen.getByRole('button', { name: '+ 期間限定CTA' }).hasAttribute('disabled')).toBe(true)
  })
})
