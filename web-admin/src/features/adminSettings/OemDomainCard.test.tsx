import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const OEM_MASTER = {
  account_type: 'OEM_MASTER',
  user_type_segment: 'admin',
  menu_areas: ['summary', 'adminSettings'],
}

const base = {
  oem_id: 'oem-1',
  oem_name: 'Acme OEM',
  editable: true,
  cname_target: 'domains.sites.localhost',
  provisioner: 'local',
  default_site_url: 'http://{site-uuid}.sites.localhost:3001/',
  domain: null,
}

const finding = {
  code: 'cnameMissing',
  severity: 'error',
  params: { domain: '*.sites.acme.test', target: 'domains.sites.localhost' },
  message:
    '*.sites.acme.test にCNAMEレコードが見つかりません。DNSの管理画面で、ホスト名 *.sites.acme.test の値（向き先）を domains.sites.localhost にしたCNAMEレコードを追加してください。',
}

const verifying = {
  ...base,
  domain: {
    name: 'sites.acme.test',
    record: '*.sites.acme.test',
    state: 'VERIFYING',
    requested_at: '2026-01-05T01:00:00.000Z',
    checked_at: '2026-01-05T01:00:00.000Z',
    verified_at: null,
    failed_at: null,
    deadline: '2026-01-08T01:00:00.000Z',
    challenge: {
      name: '_swipe-challenge.sites.acme.test',
      type: 'TXT',
      value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      seen: false,
    },
    site_url: null,
    findings: [finding],
    certificate: null,
  },
}

/** On AWS: ACM's validation record, the extra step of a wildcard certificate. */
const onAws = {
  ...verifying,
  provisioner: 'aws',
  cname_target: 'd111.cloudfront.net',
  domain: {
    ...verifying.domain,
    certificate: {
      status: 'PENDING_VALIDATION',
      reason: null,
      record: { name: '_x1.sites.acme.test.', type: 'CNAME', value: '_y1.acm-validations.aws.' },
    },
  },
}

const active = {
  ...verifying,
  domain: {
    ...verifying.domain,
    state: 'ACTIVE',
    verified_at: '2026-01-05T02:00:00.000Z',
    site_url: 'http://{site-uuid}.sites.acme.test:3001/',
    findings: [
      {
        code: 'verified',
        severity: 'info',
        params: { domain: '*.sites.acme.test' },
        message: '*.sites.acme.test の接続が完了しました。',
      },
    ],
  },
}

const open = (routes: Record<string, MockReply | ((request: MockRequest) => MockReply)>, info = {}) => {
  storeSession(OEM_MASTER)
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ ...OEM_MASTER, ...info }) },
    'GET /sub-admins': { body: { items: [] } },
    ...routes,
  })
  return { ...api, ...renderWithProviders({ at: '/admin/admin-list' }) }
}

describe('the OEM domain in admin settings (issue 19 white label)', () => {
  it('registers the domain, shows the wildcard record and the doctor, then checks it into use', async () => {
    const { user, requests } = open({
      'GET /oem-domain': { body: base },
      'PUT /oem-domain': {
        body: {
          ...verifying,
          message:
            'OEMドメイン sites.acme.test を登録しました。ワイルドカードCNAMEレコード（*.sites.acme.test）の確認を開始します（最大72時間）。',
        },
      },
      'POST /oem-domain/check': { body: { ...active, message: 'DNSレコードを確認しました。' } },
    })
    const card = (await screen.findByRole('textbox', { name: 'OEMドメイン' })).closest(
      '.ant-card',
    ) as HTMLElement
    expect(card.textContent).toContain('http://{site-uuid}.sites.localhost:3001/')
    await user.type(within(card).getByRole('textbox', { name: 'OEMドメイン' }), 'sites.acme.test')
    await user.click(within(card).getByRole('button', { name: '登録する' }))
    expect(await screen.findByText(finding.message)).toBeTruthy()
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ domain: 'sites.acme.test' })
    expect(within(card).getAllByText('*.sites.acme.test').length).toBeGreaterThan(0)
    expect(within(card).getByText('確認中')).toBeTruthy()
    // The registrar's host field takes the wildcard under the registrable name.
    expect(card.textContent).toContain('ホスト名に *.sites、TYPEに CNAME、VALUEに domains.sites.localhost')
    // The ownership step (issue 29): the zone's TXT record with this claim's code.
    const txt = within(card).getByTestId('domain-txt')
    expect(within(txt).getByText('_swipe-challenge.sites.acme.test')).toBeTruthy()
    expect(within(txt).getByText('未確認')).toBeTruthy()
    await user.click(within(txt).getByRole('button', { name: '確認コードをコピー' }))
    expect(await navigator.clipboard.readText()).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')

    await user.click(within(card).getByRole('button', { name: '今すぐ確認する' }))
    expect(await within(card).findByText('接続済み')).toBeTruthy()
    expect(within(card).getByText('http://{site-uuid}.sites.acme.test:3001/')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: '今すぐ確認する' })).toBeNull()
  })

  it('on AWS shows the ACM validation record to add, with copy buttons', async () => {
    const { user } = open({ 'GET /oem-domain': { body: onAws } })
    const section = await screen.findByTestId('oem-certificate')
    expect(within(section).getByText('SSL証明書の検証用レコード')).toBeTruthy()
    expect(within(section).getByText('検証待ち')).toBeTruthy()
    expect(within(section).getByText('CNAME')).toBeTruthy()
    expect(within(section).getByText('_x1.sites.acme.test.')).toBeTruthy()
    expect(within(section).getByText('_y1.acm-validations.aws.')).toBeTruthy()
    await user.click(within(section).getByRole('button', { name: 'ホスト名をコピー' }))
    expect(await navigator.clipboard.readText()).toBe('_x1.sites.acme.test.')
    expect(await screen.findByText('ホスト名をコピーしました。')).toBeTruthy()
    await user.click(within(section).getByRole('button', { name: '値をコピー' }))
    expect(await navigator.clipboard.readText()).toBe('_y1.acm-validations.aws.')
    // Not the local stack's note.
    expect(screen.queryByText(/ローカル環境ではSSL証明書を発行しません/)).toBeNull()
  })

  it('on AWS says the record is being prepared while ACM makes it', async () => {
    open({
      'GET /oem-domain': {
        body: {
          ...onAws,
          domain: {
            ...onAws.domain,
            certificate: { status: 'PENDING_VALIDATION', reason: null, record: null },
          },
        },
      },
    })
    const section = await screen.findByTestId('oem-certificate')
    expect(
      within(section).getByText(
        'SSL証明書を申請しました。検証用のCNAMEレコードを準備しています（通常は数十秒）。少し待ってからもう一度確認してください。',
      ),
    ).toBeTruthy()
  })

  it('on AWS shows a refused certificate with its reason', async () => {
    open({
      'GET /oem-domain': {
        body: {
          ...onAws,
          domain: {
            ...onAws.domain,
            state: 'FAILED',
            failed_at: '2026-01-06T01:00:00.000Z',
            certificate: { ...onAws.domain.certificate, status: 'FAILED', reason: 'CAA_ERROR' },
          },
        },
      },
    })
    const section = await screen.findByTestId('oem-certificate')
    expect(within(section).getByText('発行できませんでした')).toBeTruthy()
    expect(within(section).getByText('理由: CAA_ERROR')).toBeTruthy()
    // The certificate is deleted with the claim: no record left to add.
    expect(within(section).queryByText('_x1.sites.acme.test.')).toBeNull()
  })

  it('locally shows no certificate step, and says no certificate is issued', async () => {
    open({ 'GET /oem-domain': { body: verifying } })
    expect(await screen.findByText(/ローカル環境ではSSL証明書を発行しません/)).toBeTruthy()
    expect(screen.queryByTestId('oem-certificate')).toBeNull()
  })

  it('is read-only for an OEM master without edit authority', async () => {
    open({ 'GET /oem-domain': { body: { ...verifying, editable: false } } }, { authority: 'VIEW' })
    const card = (await screen.findByRole('textbox', { name: 'OEMドメイン' })).closest(
      '.ant-card',
    ) as HTMLElement
    expect(
      await within(card).findByText('OEMドメインを変更できるのは、編集権限のあるOEMマスターだけです。'),
    ).toBeTruthy()
    expect(within(card).getByRole('textbox', { name: 'OEMドメイン' })).toHaveProperty('disabled', true)
    expect(within(card).getByRole('button', { name: '今すぐ確認する' })).toHaveProperty('disabled', true)
  })

  it('is not shown to other accounts', async () => {
    storeSession()
    mockApi({
      'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'adminSettings'] }) },
      'GET /sub-admins': { body: { items: [] } },
    })
    renderWithProviders({ at: '/master/admin-list' })
    expect(await screen.findByText('管理者を追加')).toBeTruthy()
    expect(screen.queryByText('OEMドメイン（ホワイトラベル）')).toBeNull()
  })
})
