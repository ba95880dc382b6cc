import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CreativeSettingsTab } from '../creatives/CreativeSettingsTab.tsx'
import { newCreative } from '../creatives/model.ts'
import { renderTab as renderCreativeTab, testDraft } from '../creatives/tabHarness.tsx'
import { PopupCtaTab } from '../cta/PopupCtaTab.tsx'
import { renderTab } from '../frame/testing.tsx'

const cell = (position: string) => screen.getByRole('gridcell', { name: new RegExp(`^${position}、`) })
const warnings = () => screen.queryAllByText(/のコントラスト比は/)

describe('contrast warning beside the colour pickers', () => {
  it('warns about SPEC’s default white on #99D52A and makes the link text black in one click', async () => {
    const { user, latest } = renderCreativeTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    const [warning, ...others] = warnings()
    expect(others).toEqual([])
    expect(warning!.textContent).toBe(
      'リンクボタンの文字色とリンクボタンの色のコントラスト比は 1.76:1 で、読みにくい可能性があります（推奨は 4.5:1 以上）。公開サイトには設定した色のまま表示されます。',
    )
    // Looking is no edit: the warning alone changes nothing.
    expect(latest().creatives).toEqual([])

    await user.click(screen.getByRole('button', { name: '読みやすい色にする（黒）' }))
    const { position: _position, ...defaults } = newCreative('JP', 'A1')
    expect(latest().creatives).toEqual([{ ...defaults, position: 'A1', linkTextColor: '#000000' }])
    expect((screen.getByLabelText('リンクボタンの文字色') as HTMLInputElement).value).toBe('#000000')
    expect(warnings()).toEqual([])
  })

  it('says nothing for a legible pair, and offers white on a dark button', async () => {
    const { user, latest } = renderCreativeTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [
          { ...newCreative('JP', 'A1'), linkButtonColor: '#202020', linkTextColor: '#FFFFFF' },
          { ...newCreative('JP', 'B1'), linkButtonColor: '#1A1A2E', linkTextColor: '#333333' },
        ],
      }),
    })
    await user.click(cell('A1'))
    expect(warnings()).toEqual([])
    await user.click(cell('B1'))
    expect(warnings()).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: '読みやすい色にする（白）' }))
    expect(latest().creatives.find((c) => c.position === 'B1')).toMatchObject({
      linkButtonColor: '#1A1A2E',
      linkTextColor: '#FFFFFF',
    })
    expect(warnings()).toEqual([])
  })

  it('warns on a product’s button and card colours, each fixed on its own', async () => {
    const { user, latest } = renderCreativeTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [
          {
            ...newCreative('JP', 'A1'),
            linkTextColor: '#000000',
            products: [
              {
                productName: 'セット',
                price: null,
                description: null,
                imagePath: null,
                linkButtonUrl: null,
                isInternalLink: false,
                linkButtonText: null,
                linkButtonColor: '#2BAA50',
                linkTextColor: '#FFFFFF',
                textColor: '#FFFFFF',
                backgroundColor: '#FFFF00',
                coordinateX: 10,
                coordinateY: 10,
                order: 0,
              },
            ],
          },
        ],
      }),
    })
    await user.click(cell('A1'))
    expect(warnings().map((w) => w.textContent?.split(' で、')[0])).toEqual([
      'リンクボタンの文字色とリンクボタンの色のコントラスト比は 3.01:1',
      '文字色と背景色のコントラスト比は 1.07:1',
    ])
    const [, card] = screen.getAllByRole('button', { name: '読みやすい色にする（黒）' })
    await user.click(card!)
    expect(latest().creatives[0]!.products[0]).toMatchObject({
      linkButtonColor: '#2BAA50',
      linkTextColor: '#FFFFFF',
      textColor: '#000000',
      backgroundColor: '#FFFF00',
    })
    expect(warnings()).toHaveLength(1)
  })

  it('warns on the default red CTA, whose preview keeps the creator’s white until the fix', async () => {
    const { user, draft } = renderTab(PopupCtaTab)
    await user.click(screen.getByRole('button', { name: '+ 期間限定CTA' }))
    const card = await screen.findByRole('region', { name: '期間限定CTA 1' })
    const preview = () =>
      document.querySelector('[data-preview="cta"]')?.shadowRoot?.querySelector<HTMLElement>('section.cta')
    expect(preview()?.getAttribute('style')).toBe('--b: #FF0000; --t: #FFFFFF;')
    expect(within(card).getByText(/のコントラスト比は/).textContent).toContain(
      '文字色とボタンの色のコントラスト比は 3.99:1',
    )
    await user.click(within(card).getByRole('button', { name: '読みやすい色にする（黒）' }))
    expect(draft().globalSetting.popupCtas[0]).toMatchObject({
      linkButtonColor: '#FF0000',
      linkTextColor: '#000000',
    })
    expect(preview()?.getAttribute('style')).toBe('--b: #FF0000; --t: #000000;')
    expect(within(card).queryByText(/のコントラスト比は/)).toBeNull()
  })
})
