import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Creative } from '../../api.ts'
import { CreativeSettingsTab } from './CreativeSettingsTab.tsx'
import { newCreative, newProduct } from './model.ts'
import { renderTab, testDraft, testGlobalSetting } from './tabHarness.tsx'

const JP_A1: Creative = {
  ...newCreative('JP', 'A1'),
  mediaKey: 'sites/site-1/a1.png',
  mediaType: 'image',
  imageAlt: '春の新作',
  mainText: '春の新作コレクション',
  linkButtonText: '購入する',
  linkDestinationUrl: 'https://shop.example/spring',
  products: [{ ...newProduct(0), productName: 'ワンピース', imagePath: 'sites/site-1/p1.png', price: 5800 }],
}
const JP_B1: Creative = { ...newCreative('JP', 'B1'), mediaKey: 'sites/site-1/b1.mp4', mediaType: 'video' }
/** Already set in English: overwritten by the copy (JP has A1 too). */
const EN_A1: Creative = { ...newCreative('EN', 'A1'), mainText: 'Spring collection' }
/** Set in English only: JP's C1 is blank, so English keeps it. */
const EN_C1: Creative = { ...newCreative('EN', 'C1'), mediaKey: 'sites/site-1/c1-en.png', mediaType: 'image' }

const twoLanguages = (creatives: Creative[]) =>
  testDraft({ globalSetting: testGlobalSetting({ languages: ['JP', 'EN'] }), creatives })

const byCell = (creatives: readonly Creative[], lang: string) =>
  Object.fromEntries(creatives.filter((c) => c.lang === lang).map((c) => [c.position, c]))

describe('copy creatives from another language', () => {
  it('copies every set cell of the chosen language after naming the cells it overwrites, and undoes in one step', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab, {
      lang: 'EN',
      draft: twoLanguages([JP_A1, JP_B1, EN_A1, EN_C1]),
    })
    await user.click(screen.getByRole('button', { name: '他の言語からコピー' }))
    const dialog = await screen.findByRole('dialog', { name: '英語にクリエイティブをコピー' })
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: '日本語' }).checked).toBe(true)
    expect(dialog.textContent).toContain(
      '日本語の設定済みのセル（2件）を、画像・動画、テキスト、リンク、商品ごと英語の同じセルにコピーします。',
    )
    expect(within(dialog).getByRole('alert').textContent).toContain(
      '英語の1件のセル（A1）にはすでに内容があります。コピーすると上書きされます。',
    )
    // Nothing changes until the creator confirms.
    expect(byCell(latest().creatives, 'EN').A1).toEqual(EN_A1)

    await user.click(within(dialog).getByRole('button', { name: '上書きしてコピー' }))
    const copied = byCell(latest().creatives, 'EN')
    expect(copied).toEqual({
      A1: { ...JP_A1, lang: 'EN' },
      B1: { ...JP_B1, lang: 'EN' },
      C1: EN_C1,
    })
    // The source is untouched, and the copy does not share its products with it.
    expect(byCell(latest().creatives, 'JP')).toEqual({ A1: JP_A1, B1: JP_B1 })
    expect(copied.A1!.products).not.toBe(byCell(latest().creatives, 'JP').A1!.products)

    const done = await screen.findByText(
      '日本語から英語へ2件のセルをコピーしました。保存するとサイトに反映されます。',
    )
    await user.click(within(done.closest('[role="alert"]')!).getByRole('button', { name: '元に戻す' }))
    expect(byCell(latest().creatives, 'EN')).toEqual({ A1: EN_A1, C1: EN_C1 })
    expect(byCell(latest().creatives, 'JP')).toEqual({ A1: JP_A1, B1: JP_B1 })
    await waitFor(() => expect(screen.queryByRole('button', { name: '元に戻す' })).toBeNull())
  })

  it('asks no overwrite question when the current language is empty, and refuses an empty source', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab, {
      lang: 'KR',
      draft: testDraft({
        globalSetting: testGlobalSetting({ languages: ['JP', 'EN', 'KR'] }),
        creatives: [JP_A1],
      }),
    })
    await user.click(screen.getByRole('button', { name: '他の言語からコピー' }))
    const dialog = await screen.findByRole('dialog', { name: '韓国語にクリエイティブをコピー' })
    expect(within(dialog).queryByRole('alert')).toBeNull()

    await user.click(within(dialog).getByRole('radio', { name: '英語' }))
    expect(dialog.textContent).toContain('英語には設定済みのセルがありません。')
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'コピー' }).disabled).toBe(true)

    await user.click(within(dialog).getByRole('radio', { name: '日本語' }))
    await user.click(within(dialog).getByRole('button', { name: 'コピー' }))
    expect(byCell(latest().creatives, 'KR')).toEqual({ A1: { ...JP_A1, lang: 'KR' } })
  })

  it('is not offered on a single-language site', () => {
    renderTab(CreativeSettingsTab, { draft: testDraft({ creatives: [JP_A1] }) })
    expect(screen.queryByRole('button', { name: '他の言語からコピー' })).toBeNull()
  })
})
