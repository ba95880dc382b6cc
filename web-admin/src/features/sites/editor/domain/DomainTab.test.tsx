import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab, testPlan, testSite } from '../frame/testing.tsx'
import { DomainTab } from './DomainTab.tsx'

describe('domain tab', () => {
  it('shows the default URL to open or copy, the site UUID, and how custom domains connect', async () => {
    const { user } = renderTab(DomainTab)
    const link = screen.getByRole('link', { name: /sites\.example\.test/ })
    expect(link.getAttribute('href')).toBe('https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByText('0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d')).toBeTruthy()
    expect(screen.getByText(/サイトを公開すると、このURLで閲覧できるようになります。/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'URLをコピー' }))
    expect(await navigator.clipboard.readText()).toBe(
      'https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
    )
    expect(await screen.findByText('URLをコピーしました。')).toBeTruthy()

    const steps = screen.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)
    expect(steps).toEqual(['ドメインを入力', 'CNAMEをコピー', 'ドメイン管理会社で設定', '完了'])
    expect(screen.getByText('独自ドメインは設定されていません。')).toBeTruthy()
    // The connection flow is not offered as controls that would do nothing.
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('shows the custom domain that is set and that it is being verified', () => {
    renderTab(DomainTab, {
      site: testSite({ globalSetting: { customDomain: 'lp.example.com', status: 'DOMAIN_VERIFYING' } }),
    })
    expect(screen.getByText('lp.example.com')).toBeTruthy()
    expect(screen.getByText('ドメインを確認中です。反映までに最大72時間かかることがあります。')).toBeTruthy()
  })

  it('explains that the plan has no custom domains', () => {
    renderTab(DomainTab, { site: testSite({ plan: testPlan({ privateDomain: false }) }) })
    expect(screen.getByText('ご契約のプランでは独自ドメインを利用できません。')).toBeTruthy()
    expect(screen.queryByText('独自ドメインは、次の4つのステップで接続します。')).toBeNull()
  })
})
