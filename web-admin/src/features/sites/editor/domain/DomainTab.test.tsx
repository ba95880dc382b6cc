import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab, testPlan, testSite } from '../frame/testing.tsx'
import { DomainTab } from './DomainTab.tsx'

const TARGET = 'domains.sites.localhost'
const TOKEN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const none = {
  site_id: 'site-1',
  site_status: 'PUBLISH',
  default_url: 'https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d/',
  cname_target: TARGET,
  provisioner: 'local',
  domain: null,
}
const missing = {
  code: 'cnameMissing',
  severity: 'error',
  params: { domain: 'lp.example.com', target: TARGET },
  message: `lp.example.com にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 lp.example.com の値（向き先）を ${TARGET} にしたCNAMEレコードを追加してください。`,
}
const verifying = {
  ...none,
  site_status: 'DOMAIN_VERIFYING',
  domain: {
    name: 'lp.example.com',
    state: 'VERIFYING',
    requested_at: '2026-11-24T00:00:00.000Z',
    checked_at: '2026-11-24T00:00:00.000Z',
    verified_at: null,
    failed_at: null,
    deadline: '2026-11-27T00:00:00.000Z',
    challenge: { name: '_swipe-challenge.lp.example.com', type: 'TXT', value: TOKEN, seen: false },
    url: null,
    findings: [missing],
  },
}
const active = {
  ...verifying,
  site_status: 'PUBLISH',
  domain: {
    ...verifying.domain,
    state: 'ACTIVE',
    verified_at: '2026-11-24T01:00:00.000Z',
    url: 'http://lp.example.com:3001/',
    challenge: { ...verifying.domain.challenge, seen: true },
    findings: [
      {
        code: 'verified',
        severity: 'info',
        params: { domain: 'lp.example.com' },
        message: 'lp.example.com の接続が完了しました。',
      },
    ],
  },
}
const siteRoute = { 'GET /site/site-1': { body: { global_setting: {}, version: 2 } } }

describe('domain tab', () => {
  it('shows the default URL to open or copy and the site UUID', async () => {
    const { user } = renderTab(DomainTab, { routes: { 'GET /site/site-1/domain': { body: none } } })
    const link = screen.getByRole('link', { name: /sites\.example\.test/ })
    expect(link.getAttribute('href')).toBe('https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByText('0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'URLをコピー' }))
    expect(await navigator.clipboard.readText()).toBe(
      'https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
    )
  })

  it('registers a domain, then shows the CNAME to copy, the registrar steps and the doctor', async () => {
    const { user, requests } = renderTab(DomainTab, {
      routes: {
        'GET /site/site-1/domain': { body: none },
        'PUT /site/site-1/domain': {
          body: {
            ...verifying,
            message:
              '独自ドメイン lp.example.com を登録しました。CNAMEレコードの確認を開始します（最大72時間）。',
          },
        },
        ...siteRoute,
      },
    })
    const input = await screen.findByRole('textbox', { name: '使用するドメイン' })
    await user.type(input, 'lp.example.com')
    await user.click(screen.getByRole('button', { name: '登録する' }))
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ domain: 'lp.example.com' })
    expect(await screen.findByText(missing.message)).toBeTruthy()
    expect(screen.getByText('確認中')).toBeTruthy()
    expect(screen.getAllByText(TARGET).length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: '値をコピー' }))
    expect(await navigator.clipboard.readText()).toBe(TARGET)
    // The ownership step (issue 29): this claim's TXT record, its code to copy, not seen yet.
    const txt = screen.getByTestId('domain-txt')
    expect(within(txt).getByText('_swipe-challenge.lp.example.com')).toBeTruthy()
    expect(within(txt).getByText('未確認')).toBeTruthy()
    expect(within(txt).getByText(/ホスト名に _swipe-challenge\.lp、種別に TXT/)).toBeTruthy()
    await user.click(within(txt).getByRole('button', { name: '確認コードをコピー' }))
    expect(await navigator.clipboard.readText()).toBe(TOKEN)
    // Registrar instructions name the host label and the target.
    expect(
      screen.getByText(
        /お名前.com Naviにログインし.*ホスト名に lp、TYPEに CNAME、VALUEに domains\.sites\.localhost/,
      ),
    ).toBeTruthy()
    await user.click(screen.getByText('Amazon Route 53'))
    expect(screen.getByText(/レコード名に lp、レコードタイプに CNAME/)).toBeTruthy()
    expect(screen.getByText(/ローカル環境ではSSL証明書を発行しません/)).toBeTruthy()
    // The editor takes the stored site (its status and version moved).
    expect(requests.some((r) => r.method === 'GET' && r.path === '/site/site-1')).toBe(true)
  })

  it('checks now and shows the connected domain', async () => {
    const { user, requests } = renderTab(DomainTab, {
      site: testSite({ globalSetting: { status: 'DOMAIN_VERIFYING' } }),
      routes: {
        'GET /site/site-1/domain': { body: verifying },
        'POST /site/site-1/domain/check': { body: { ...active, message: 'DNSレコードを確認しました。' } },
        ...siteRoute,
      },
    })
    await user.click(await screen.findByRole('button', { name: '今すぐ確認する' }))
    expect(requests.some((r) => r.method === 'POST' && r.path === '/site/site-1/domain/check')).toBe(true)
    expect(await screen.findByText('lp.example.com の接続が完了しました。')).toBeTruthy()
    expect(screen.getByText('接続済み')).toBeTruthy()
    expect(within(screen.getByTestId('domain-txt')).getByText('確認済み')).toBeTruthy()
    expect(screen.getByRole('link', { name: /独自ドメインで開く/ }).getAttribute('href')).toBe(
      'http://lp.example.com:3001/',
    )
    expect(screen.queryByRole('button', { name: '今すぐ確認する' })).toBeNull()
  })

  it('shows the API’s refusal in place, and removes a domain after confirmation', async () => {
    const { user, requests } = renderTab(DomainTab, {
      routes: {
        'GET /site/site-1/domain': { body: verifying },
        'PUT /site/site-1/domain': {
          status: 409,
          body: { error: { code: 'domain.taken', message: 'このドメインは別のサイトで使用されています。' } },
        },
        'DELETE /site/site-1/domain': {
          body: { ...none, message: '独自ドメインを解除しました。デフォルトドメインで公開を続けます。' },
        },
        ...siteRoute,
      },
    })
    await user.type(await screen.findByRole('textbox', { name: '使用するドメイン' }), 'taken.example.com')
    await user.click(screen.getByRole('button', { name: '変更する' }))
    expect(
      (await screen.findAllByText('このドメインは別のサイトで使用されています。')).length,
    ).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: '独自ドメインを解除' }))
    const dialog = await screen.findByRole('tooltip')
    expect(
      within(dialog).getByText(
        '独自ドメイン lp.example.com を解除しますか？デフォルトドメインでの公開は続きます。',
      ),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: '解除する' }))
    expect(await screen.findByRole('button', { name: '登録する' })).toBeTruthy()
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true)
  })

  it('explains that the plan has no custom domains', () => {
    renderTab(DomainTab, { site: testSite({ plan: testPlan({ privateDomain: false }) }) })
    expect(screen.getByText('ご契約のプランでは独自ドメインを利用できません。')).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})
