import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { newCreative } from '../creatives/model.ts'
import { renderTab, testDraft } from '../creatives/tabHarness.tsx'
import { OtherSettingsTab } from './OtherSettingsTab.tsx'

describe('other settings: bottom bar defaults', () => {
  it('shows SNS and company on every creative by default, and switches the language default off', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const sns = screen.getByRole('switch', { name: 'SNSリンクをすべてのクリエイティブに表示' })
    const company = screen.getByRole('switch', { name: '会社情報をすべてのクリエイティブに表示' })
    expect([sns.getAttribute('aria-checked'), company.getAttribute('aria-checked')]).toEqual(['true', 'true'])
    await user.click(company)
    expect(latest().settings).toMatchObject([
      { lang: 'JP', showSnsByDefault: true, showCompanyByDefault: false },
    ])
  })

  it('counts the creatives that choose for themselves and makes them follow in one click', async () => {
    const draft = testDraft({
      creatives: [
        { ...newCreative('JP', 'A1'), snsConfig: false, showCompany: true },
        { ...newCreative('JP', 'A2'), snsConfig: true },
        newCreative('JP', 'B1'),
        { ...newCreative('EN', 'A1'), snsConfig: false },
      ],
    })
    const { user, latest } = renderTab(OtherSettingsTab, { draft })
    expect(
      screen.getByText('2件のクリエイティブが個別に設定しています（表示 1件・非表示 1件）。'),
    ).toBeTruthy()
    expect(
      screen.getByText('1件のクリエイティブが個別に設定しています（表示 1件・非表示 0件）。'),
    ).toBeTruthy()
    const [snsFollow] = screen.getAllByRole('button', { name: 'すべてこの設定に従わせる' })
    await user.click(snsFollow!)
    expect(latest().creatives.map((c) => [c.lang, c.position, c.snsConfig, c.showCompany])).toEqual([
      ['JP', 'A1', null, true],
      ['JP', 'A2', null, null],
      ['JP', 'B1', null, null],
      // Another language's creatives follow their own language's default.
      ['EN', 'A1', false, null],
    ])
    expect(screen.queryByText(/2件のクリエイティブ/)).toBeNull()
  })
})
