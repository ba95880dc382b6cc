import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, type TestAccount } from '../support/accounts.ts'
import { api, waitForMail } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

const { urls, env } = useStackEnv()
const http = api(urls.api)

const signIn = async (email: string, password: string) => {
  const response = await http.post('/auth/login', { login_id: email, password })
  expect(response.status, `sign in ${email}`).toBe(200)
  return response.body.access_token as string
}

describe('user management', () => {
  let master: string
  let oem: TestAccount
  let oemToken: string

  beforeAll(async () => {
    master = await signIn('master@example.com', 'Master#Local1')
    const root = (await http.get('/auth/user-info', { token: master })).body
    oem = await createAccount({
      type: 'OEM_MASTER',
      parent: { accountId: root.id, email: root.email, password: '', type: 'MASTER', ancestorIds: [] },
    })
    oemToken = await signIn(oem.email, oem.password)
  })

  it('creates a user who receives a temporary password and must change it', async () => {
    const email = `new-${Date.now()}@example.com`
    const created = await http.post(
      '/users',
      {
        account_type: 'USER',
        email,
        company_name: '株式会社テスト',
        contact_name: '山田 太郎',
        contract_start_date: '2026-12-01',
        contract_end_date: '2027-11-30',
        authority: 'VIEW',
        license_issuing: false,
      },
      { token: oemToken },
    )
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(String),
      account_type: 'USER',
      parent_type: 'OEM_MASTER',
      parent_id: oem.accountId,
      email,
      company_name: '株式会社テスト',
      contact_name: '山田 太郎',
      plan_id: null,
      contract_start_date: '2026-12-01',
      contract_end_date: '2027-11-30',
      contract_status: 'ACTIVE',
      authority: 'VIEW',
      license_issuing: false,
      admin_role: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
      message: 'アカウントを作成し、仮パスワードをメールで送信しました。',
    })
    const mail = await waitForMail(urls.mail, email)
    expect(mail.subject).toBe('【Swipe LP Studio】アカウント発行のお知らせ')
    expect(mail.body.text).toContain(`${env.ADMIN_ORIGIN}/login`)
    const password = mail.body.text?.split('\n').find((line) => /^\S{12}$/.test(line)) ?? ''
    const first = await http.post('/auth/login', { login_id: email, password })
    expect(first.body.challenge).toBe('NEW_PASSWORD_REQUIRED')

    const detail = await http.get(`/users/${created.body.id}`, { token: oemToken })
    expect(detail.body.history).toEqual([
      {
        executed_at: expect.any(String),
        executor_id: oem.accountId,
        executor_name: oem.email,
        action: 'CREATE',
        detail: null,
      },
    ])

    const again = await http.post(
      '/users',
      { account_type: 'USER', email: email.toUpperCase(), company_name: 'x', contact_name: 'y' },
      { token: oemToken, lang: 'en' },
    )
    expect(again.status).toBe(400)
    expect(again.body.error.details).toEqual([
      {
        path: 'body.email',
        code: 'account.emailTaken',
        message: 'An account with this email address already exists.',
      },
    ])
  })

  it('validates with field paths and refuses types the parent cannot have', async () => {
    const bad = await http.post(
      '/users',
      {
        account_type: 'USER',
        email: 'not-an-email',
        company_name: '',
        contact_name: 'x',
        contract_start_date: '2027-01-01',
      },
      { token: oemToken },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['body.email', 'validation.email'],
      ['body.companyName', 'validation.required'],
      ['body.contractEndDate', 'validation.endRequired'],
    ])
    const wrongType = await http.post(
      '/users',
      {
        account_type: 'OEM_MASTER',
        email: `t-${Date.now()}@example.com`,
        company_name: 'x',
        contact_name: 'y',
      },
      { token: oemToken },
    )
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error.code).toBe('account.typeNotAllowed')
  })

  it("lists, searches and pages only the caller's users", async () => {
    const other = await createAccount({ type: 'USER', parent: oem })
    for (let i = 0; i < 3; i++) await createAccount({ type: 'USER', parent: oem })
    const all = await http.get('/users?limit=100', { token: oemToken })
    expect(all.status).toBe(200)
    expect(all.body.items.every((u: { parent_id: string }) => u.parent_id === oem.accountId)).toBe(true)
    expect(all.body.items.map((u: { email: string }) => u.email)).toContain(other.email)

    const found = await http.get(`/users?q=${encodeURIComponent(other.email.slice(0, 14).toUpperCase())}`, {
      token: oemToken,
    })
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([other.email])

    const first = await http.get('/users?limit=2', { token: oemToken })
    expect(first.body.items).toHaveLength(2)
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const second = await http.get(`/users?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      token: oemToken,
    })
    expect(second.body.items).toHaveLength(2)
    expect(second.body.items.map((u: { id: string }) => u.id)).not.toContain(first.body.items[0].id)

    const suspendedOnly = await http.get('/users?status=SUSPENDED', { token: oemToken })
    expect(suspendedOnly.body.items).toEqual([])
  })

  it('updates with optimistic locking: a stale version gets 409 and changes nothing', async () => {
    const user = await createAccount({ type: 'USER', parent: oem })
    const current = (await http.get(`/users/${user.accountId}`, { token: oemToken })).body
    const saved = await http.call('PUT', `/users/${user.accountId}`, {
      token: oemToken,
      body: { company_name: '新社名', contact_name: '担当', version: current.version },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ company_name: '新社名', version: current.version + 1 })
    const stale = await http.call('PUT', `/users/${user.accountId}`, {
      token: oemToken,
      body: { company_name: '古い社名', contact_name: '担当', version: current.version },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('error.conflict')
    const after = (await http.get(`/users/${user.accountId}`, { token: oemToken })).body
    expect(after.company_name).toBe('新社名')
    // The stale save wrote no history row either (the fixture account has no CREATE row).
    expect(after.history.map((h: { action: string }) => h.action)).toEqual(['UPDATE'])
  })

  it('suspends (sessions refused at once), resumes, terminates (read-only), and records each step', async () => {
    const user = await createAccount({ type: 'USER', parent: oem })
    const userToken = await signIn(user.email, user.password)
    const version = async () =>
      (await http.get(`/users/${user.accountId}`, { token: master })).body.version as number
    const contract = async (action: string) =>
      http.post(`/users/${user.accountId}/contract`, { action, version: await version() }, { token: master })

    expect((await contract('resume')).status).toBe(409)
    const suspended = await contract('suspend')
    expect(suspended.status).toBe(200)
    expect(suspended.body).toMatchObject({
      contract_status: 'SUSPENDED',
      message: 'アカウントを一時停止しました。',
    })
    expect((await http.get('/auth/user-info', { token: userToken })).body.error.code).toBe(
      'error.accountSuspended',
    )
    expect((await contract('resume')).body.contract_status).toBe('ACTIVE')
    expect((await http.get('/auth/user-info', { token: userToken })).status).toBe(200)
    expect((await contract('terminate')).body.contract_status).toBe('TERMINATED')
    expect((await http.get('/auth/user-info', { token: userToken })).body.error.code).toBe(
      'error.accountTerminated',
    )
    const edit = await http.call('PUT', `/users/${user.accountId}`, {
      token: master,
      body: { company_name: 'x', contact_name: 'y', version: await version() },
    })
    expect(edit.status).toBe(403)
    expect(edit.body.error.code).toBe('account.readOnly')
    expect((await contract('resume')).status).toBe(409)
    const history = (await http.get(`/users/${user.accountId}`, { token: master })).body.history
    expect(history.map((h: { action: string; detail: string }) => [h.action, h.detail])).toEqual([
      ['TERMINATE', 'ACTIVE -> TERMINATED'],
      ['RESUME', 'SUSPENDED -> ACTIVE'],
      ['SUSPEND', 'ACTIVE -> SUSPENDED'],
    ])
  })

  it('deletes a user without users under it, and not one with', async () => {
    const parent = await createAccount({ type: 'USER', parent: oem })
    await createAccount({ type: 'SUB_ADMIN', parent, adminRole: 'EDITOR' })
    const lone = await createAccount({ type: 'USER', parent: oem })
    const v = async (id: string) => (await http.get(`/users/${id}`, { token: oemToken })).body.version
    const blocked = await http.call(
      'DELETE',
      `/users/${parent.accountId}?version=${await v(parent.accountId)}`,
      { token: oemToken },
    )
    expect(blocked.status).toBe(409)
    expect(blocked.body.error.code).toBe('account.hasChildren')
    const deleted = await http.call('DELETE', `/users/${lone.accountId}?version=${await v(lone.accountId)}`, {
      token: oemToken,
    })
    expect(deleted.status).toBe(200)
    expect((await http.get(`/users/${lone.accountId}`, { token: oemToken })).status).toBe(404)
    expect((await http.post('/auth/login', { login_id: lone.email, password: lone.password })).status).toBe(
      401,
    )
  })

  it('manages admin settings: add a viewer, edit with locking, delete, and the viewer loses access', async () => {
    const email = `sub-${Date.now()}@example.com`
    const added = await http.post(
      '/sub-admins',
      { email, contact_name: '閲覧 太郎', admin_role: 'VIEWER', authority: 'VIEW' },
      { token: oemToken },
    )
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ email, admin_role: 'VIEWER', authority: 'VIEW', version: 1 })
    expect(added.body.message).toBe('管理者を追加し、仮パスワードをメールで送信しました。')
    const temporary =
      (await waitForMail(urls.mail, email)).body.text?.split('\n').find((l) => /^\S{12}$/.test(l)) ?? ''
    const first = await http.post('/auth/login', { login_id: email, password: temporary })
    const viewer = (
      await http.post('/auth/complete-new-password', {
        login_id: email,
        session: first.body.session,
        new_password: 'Viewer#Pass1',
      })
    ).body.access_token as string
    expect((await http.get('/users', { token: viewer })).status).toBe(200)
    expect((await http.post('/sub-admins', { email: 'x@example.com' }, { token: viewer })).status).toBe(403)

    const edited = await http.call('PUT', `/sub-admins/${added.body.id}`, {
      token: oemToken,
      body: { contact_name: '編集 太郎', admin_role: 'EDITOR', authority: 'EDIT', version: 1 },
    })
    expect(edited.body).toMatchObject({ contact_name: '編集 太郎', admin_role: 'EDITOR', version: 2 })
    const stale = await http.call('PUT', `/sub-admins/${added.body.id}`, {
      token: oemToken,
      body: { contact_name: '古い', admin_role: 'VIEWER', authority: 'VIEW', version: 1 },
    })
    expect(stale.status).toBe(409)
    expect(
      (await http.call('DELETE', `/sub-admins/${added.body.id}?version=1`, { token: oemToken })).status,
    ).toBe(409)

    const removed = await http.call('DELETE', `/sub-admins/${added.body.id}?version=2`, { token: oemToken })
    expect(removed.status).toBe(200)
    expect(removed.body.message).toBe('管理者を削除しました。')
    expect((await http.get('/sub-admins', { token: oemToken })).body.items).toEqual([])
    expect((await http.get('/users', { token: viewer })).status).toBe(401)
    expect((await http.post('/auth/login', { login_id: email, password: 'Viewer#Pass1' })).status).toBe(401)
  })
})
