import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab, testPlan, testSite } from '../frame/testing.tsx'
import { AdTagsTab } from './AdTagsTab.tsx'

const card = (vendor: string) => document.querySelector<HTMLElement>(`[data-vendor="${vendor}"]`)!

/** The server-side destinations the tab asks for (ServerConversions.test.tsx covers them). */
const routes = { 'GET /site/site-1/conversions': { body: { items: [] } } }

describe('ad tags tab', () => {
  it('switches a vendor on, checks its ID as it is typed, and keeps what the save sends', async () => {
    const { user, draft } = renderTab(AdTagsTab, { routes })
    expect(within(card('gtm')).getByText('使用しない')).toBeTruthy()
    await user.click(screen.getByRole('switch', { name: 'Google タグ マネージャー を使う' }))
    const input = within(card('gtm')).getByLabelText('コンテナID')
    await user.type(input, 'gtm-abc')
    expect(
      within(card('gtm')).getByText('GTM-から始まるコンテナIDを入力してください（例: GTM-ABC1234）。'),
    ).toBeTruthy()
    await user.type(input, '1234')
    expect(within(card('gtm')).queryByText(/GTM-から始まる/)).toBeNull()
    expect(draft().globalSetting.adTags).toEqual({
      vendors: { gtm: { containerId: 'gtm-abc1234' } },
      consent: 'opt-in',
    })
    // GTM's custom HTML tags do not run under the page's CSP: the card says so.
    expect(within(card('gtm')).getByRole('alert').textContent).toContain('カスタムHTML')

    // Per-event labels of Google Ads; an empty one is left out.
    await user.click(screen.getByRole('switch', { name: 'Google 広告 を使う' }))
    await user.type(within(card('googleAds')).getByLabelText('コンバージョンID'), 'AW-123456789')
    await user.click(within(card('googleAds')).getByText('イベントごとのコンバージョンラベル（任意）'))
    await user.type(within(card('googleAds')).getByLabelText('お問い合わせ送信'), 'AbC-123_xyz')
    expect(draft().globalSetting.adTags).toMatchObject({
      vendors: { googleAds: { conversionId: 'AW-123456789', labels: { contactSent: 'AbC-123_xyz' } } },
    })

    // Off again: its fields go.
    await user.click(screen.getByRole('switch', { name: 'Google タグ マネージャー を使う' }))
    expect(Object.keys((draft().globalSetting.adTags as { vendors: object }).vendors)).toEqual(['googleAds'])

    await user.click(screen.getByRole('radio', { name: '通知のみ（すぐに読み込む）' }))
    expect(draft().globalSetting.adTags).toMatchObject({ consent: 'notice-only' })
    expect(screen.getByText(/個人に関する情報を送らないタグだけ/)).toBeTruthy()
  })

  it('shows the save’s problems under their fields', () => {
    const site = testSite({
      globalSetting: {
        adTags: { vendors: { metaPixel: { pixelId: '123456789012345' } }, consent: 'opt-in' } as never,
      },
    })
    renderTab(AdTagsTab, {
      site,
      routes,
      problems: [
        { path: 'globalSetting.adTags.vendors.metaPixel.pixelId', message: 'サーバーの指摘' },
        { path: 'globalSetting.adTags.consent', message: '同意の取り方の指摘' },
      ],
    })
    expect(within(card('metaPixel')).getByText('サーバーの指摘')).toBeTruthy()
    // The consent mode's own problem (server events need opt-in) shows under its choice.
    expect(
      screen.getByRole('radiogroup', { name: '訪問者の同意' }).closest('.ant-card')?.textContent,
    ).toContain('同意の取り方の指摘')
  })

  it('keeps everything disabled, saying why, on a plan without tags', () => {
    renderTab(AdTagsTab, { site: testSite({ plan: testPlan({ settingTagSeo: false }) }), routes })
    expect(screen.getByText('ご契約のプランではSEO・タグ設定を利用できません。')).toBeTruthy()
    for (const control of screen.getAllByRole('switch'))
      expect((control as HTMLButtonElement).disabled).toBe(true)
  })
})
