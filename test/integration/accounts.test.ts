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

describe('who may set plan and contract fields', () => {
  let master: string
  let root: TestAccount
  let oem: TestAccount
  let oemToken: string
  let oemAdminToken: string

  /** The user as the platform sees it: profile, version and contract history. */
  const detail = async (id: string) => (await http.get(`/users/${id}`, { token: master })).body
  const put = (token: string, id: string, body: Record<string, unknown>) =>
    http.call('PUT', `/users/${id}`, { token, body: { company_name: '社名', contact_name: '担当', ...body } })

  /** Uploads a CSV the way the console does: a presigned URL, then PUT. */
  const upload = async (token: string, csv: string) => {
    const bytes = new TextEncoder().encode(csv)
    const slot = await http.post(
      '/users/import/upload-url',
      { file_name: 'u.csv', size: bytes.length },
      { token },
    )
    expect(slot.status).toBe(200)
    const stored = await fetch(slot.body.upload_url, {
      method: 'PUT',
      headers: slot.body.headers,
      body: bytes,
    })
    expect(stored.status).toBe(200)
    return slot.body.key as string
  }

  beforeAll(async () => {
    master = await signIn('master@example.com', 'Master#Local1')
    const info = (await http.get('/auth/user-info', { token: master })).body
    root = { accountId: info.id, email: info.email, password: '', type: 'MASTER', ancestorIds: [] }
    oem = await createAccount({ type: 'OEM_MASTER', parent: root })
    oemToken = await signIn(oem.email, oem.password)
    const oemAdmin = await createAccount({ type: 'OEM_ADMIN', parent: oem })
    oemAdminToken = await signIn(oemAdmin.email, oemAdmin.password)
  })

  it("refuses an OEM admin's plan change with 403 naming the field, and changes nothing", async () => {
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    const before = await detail(user.accountId)
    const refused = await put(oemAdminToken, user.accountId, {
      company_name: '変えたい社名',
      plan_id: 'pro_multi',
      version: before.version,
    })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: {
        code: 'account.fieldForbidden',
        message: 'プランを変更する権限がありません。',
        details: [
          {
            path: 'body.planId',
            code: 'account.fieldForbidden',
            params: { field: 'プラン' },
            message: 'プランを変更する権限がありません。',
          },
        ],
      },
    })
    // Nothing of the request was stored: not the plan, not the company name, no history row.
    expect(await detail(user.accountId)).toEqual(before)

    const english = await put(oemAdminToken, user.accountId, {
      contract_start_date: '2026-04-01',
      contract_end_date: '2027-03-31',
      license_issuing: true,
      version: before.version,
    })
    expect(english.status).toBe(403)
    expect(english.body.error.message).toBe(
      '契約開始日、契約終了日、ライセンス発行を変更する権限がありません。',
    )
    expect(english.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.contractStartDate',
      'body.contractEndDate',
      'body.licenseIssuing',
    ])
    expect(await detail(user.accountId)).toEqual(before)
  })

  it('lets an OEM admin edit the profile, resending stored terms unchanged, without resetting them', async () => {
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'light', authority: 'VIEW' })
    const before = await detail(user.accountId)
    const saved = await put(oemAdminToken, user.accountId, {
      company_name: '新しい社名',
      plan_id: 'light',
      authority: 'VIEW',
      license_issuing: false,
      version: before.version,
    })
    expect(saved.status).toBe(200)
    // Leaving authority out keeps it too (an edit has no defaults).
    const again = await put(oemAdminToken, user.accountId, { version: before.version + 1 })
    expect(again.status).toBe(200)
    expect(await detail(user.accountId)).toMatchObject({
      company_name: '社名',
      plan_id: 'light',
      authority: 'VIEW',
      license_issuing: false,
      version: before.version + 2,
    })
  })

  it('refuses an OEM admin a new user with a plan or non-default terms, and creates nothing', async () => {
    const email = `terms-${Date.now()}@example.com`
    const base = { account_type: 'USER', email, company_name: '株式会社条件', contact_name: '担当' }
    for (const [extra, path] of [
      [{ plan_id: 'standard' }, 'body.planId'],
      [{ authority: 'VIEW' }, 'body.authority'],
      [{ license_issuing: true }, 'body.licenseIssuing'],
      [{ contract_start_date: '2026-04-01', contract_end_date: '2027-03-31' }, 'body.contractStartDate'],
    ] as const) {
      const refused = await http.post('/users', { ...base, ...extra }, { token: oemAdminToken, lang: 'en' })
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.code).toBe('account.fieldForbidden')
      expect(refused.body.error.details[0].path).toBe(path)
    }
    expect((await http.get(`/users?q=${encodeURIComponent(email)}`, { token: master })).body.items).toEqual(
      [],
    )
    // The defaults, sent or not, need no right.
    const created = await http.post(
      '/users',
      { ...base, authority: 'EDIT', license_issuing: false },
      { token: oemAdminToken },
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ plan_id: null, authority: 'EDIT', license_issuing: false })
  })

  it('lets an OEM master put its user on a plan, which then governs the user’s sites', async () => {
    const user = await createAccount({ type: 'USER', parent: oem })
    const saved = await put(oemToken, user.accountId, { plan_id: 'standard', version: 1 })
    expect(saved.status).toBe(200)
    expect(saved.body.plan_id).toBe('standard')
    const history = (await detail(user.accountId)).history
    expect(history.map((h: { action: string; detail: string }) => [h.action, h.detail])).toEqual([
      ['UPDATE', 'companyName, contactName, planId'],
    ])
    const limits = await http.get('/site/limits', { token: await signIn(user.email, user.password) })
    expect(limits.body.plan).toMatchObject({ id: 'standard', name: 'スタンダード', quantity_site: 3 })
  })

  it('answers an unknown plan id with 400 on body.planId and stores nothing', async () => {
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    const before = await detail(user.accountId)
    const unknown = await put(oemToken, user.accountId, { plan_id: 'platinum', version: before.version })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({
      error: {
        code: 'error.validation',
        message: '入力内容に誤りがあります。',
        details: [
          {
            path: 'body.planId',
            code: 'account.planUnknown',
            message: 'このプランは存在しません。一覧からプランを選択してください。',
          },
        ],
      },
    })
    expect(await detail(user.accountId)).toEqual(before)
    const created = await http.post(
      '/users',
      {
        account_type: 'USER',
        email: `unknown-plan-${Date.now()}@example.com`,
        company_name: 'x',
        contact_name: 'y',
        plan_id: '',
      },
      { token: oemToken },
    )
    expect(created.status).toBe(400)
    expect(created.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['body.planId', 'account.planUnknown'],
    ])
  })

  it('keeps the partner plan ep_oem to platform staff', async () => {
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    const refused = await put(oemToken, user.accountId, { plan_id: 'ep_oem', version: 1 })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      code: 'account.planNotAllowed',
      message: 'EP/OEMプランを割り当てられるのは運営者のみです。',
      details: [{ path: 'body.planId', code: 'account.planNotAllowed' }],
    })
    expect((await detail(user.accountId)).plan_id).toBe('light')
    const byStaff = await put(master, user.accountId, { plan_id: 'ep_oem', version: 1 })
    expect(byStaff.status).toBe(200)
    expect(byStaff.body.plan_id).toBe('ep_oem')
    // The OEM master still edits that user, resending the plan staff gave it.
    const edit = await put(oemToken, user.accountId, { plan_id: 'ep_oem', company_name: '改名', version: 2 })
    expect(edit.status).toBe(200)
  })

  it('refuses anyone the plan and terms of its own account', async () => {
    const before = await detail(oem.accountId)
    const own = await put(oemToken, oem.accountId, {
      plan_id: 'pro_multi',
      license_issuing: true,
      version: before.version,
    })
    expect(own.status).toBe(403)
    expect(own.body.error).toMatchObject({
      code: 'account.fieldOwnAccount',
      message:
        'ご自身のアカウント（または代理で操作しているアカウント）のプラン、ライセンス発行は変更できません。',
    })
    expect(await detail(oem.accountId)).toEqual(before)
  })

  it("refuses an OEM admin's CSV rows that set plans or terms: listed in the preview, 403 at import", async () => {
    const stamp = Date.now()
    const csv = [
      'メールアドレス,会社名,担当者名,アカウント種別,プランID,権限,ライセンス発行',
      `csv-a-${stamp}@example.com,株式会社A,担当A,USER,,編集,なし`,
      `csv-b-${stamp}@example.com,株式会社B,担当B,USER,standard,閲覧,なし`,
    ].join('\n')
    const key = await upload(oemAdminToken, csv)
    const preview = await http.post('/users/import/preview', { key }, { token: oemAdminToken })
    expect(preview.status).toBe(200)
    expect(preview.body.errors).toEqual([
      {
        row: 3,
        column: 'プランID',
        code: 'account.fieldForbidden',
        params: { field: 'プラン' },
        message: 'プランを変更する権限がありません。',
      },
      {
        row: 3,
        column: '権限',
        code: 'account.fieldForbidden',
        params: { field: '権限（編集・閲覧）' },
        message: '権限（編集・閲覧）を変更する権限がありません。',
      },
    ])
    const commit = await http.post('/users/import', { key }, { token: oemAdminToken })
    expect(commit.status).toBe(403)
    expect(commit.body.error.code).toBe('account.fieldForbidden')
    expect(commit.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'row.3.プランID',
      'row.3.権限',
    ])
    const listed = await http.get(`/users?q=${stamp}`, { token: master })
    expect(listed.body.items).toEqual([])

    // An OEM master imports the same file; an unknown plan in a row is a cell error.
    const bad = await upload(oemToken, `${csv}\ncsv-c-${stamp}@example.com,株式会社C,担当C,USER,platinum,,`)
    const checked = await http.post('/users/import/preview', { key: bad }, { token: oemToken })
    expect(checked.body.errors).toEqual([
      {
        row: 4,
        column: 'プランID',
        code: 'account.planUnknown',
        message: 'このプランは存在しません。一覧からプランを選択してください。',
      },
    ])
  })
})
