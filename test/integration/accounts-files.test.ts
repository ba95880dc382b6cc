import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, type TestAccount } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const signIn = async (email: string, password: string) =>
  (await http.post('/auth/login', { login_id: email, password })).body.access_token as string

/** Uploads bytes the way the console does: ask for a presigned URL, PUT the file to it. */
const upload = async (token: string, bytes: Uint8Array, fileName = 'users.csv') => {
  const slot = await http.post(
    '/users/import/upload-url',
    { file_name: fileName, size: bytes.length },
    { token },
  )
  expect(slot.status).toBe(200)
  const put = await fetch(slot.body.upload_url, { method: 'PUT', headers: slot.body.headers, body: bytes })
  expect(put.status).toBe(200)
  return slot.body.key as string
}

const HEADER = 'メールアドレス,会社名,担当者名,アカウント種別,契約開始日,契約終了日,権限,ライセンス発行'

describe('CSV import and export of users', () => {
  let oem: TestAccount
  let token: string
  const listEmails = async () =>
    ((await http.get('/users?limit=100', { token })).body.items as Array<{ email: string }>).map(
      (u) => u.email,
    )

  beforeAll(async () => {
    const master = await signIn('master@example.com', 'Master#Local1')
    const root = (await http.get('/auth/user-info', { token: master })).body
    oem = await createAccount({
      type: 'OEM_MASTER',
      parent: { accountId: root.id, email: root.email, password: '', type: 'MASTER', ancestorIds: [] },
    })
    token = await signIn(oem.email, oem.password)
  })

  it('reports every bad row by row and column and writes nothing', async () => {
    const stamp = Date.now()
    const csv = [
      HEADER,
      `ok-${stamp}@example.com,株式会社OK,担当A,USER,2026-12-01,2027-11-30,編集,あり`,
      `not-an-email,株式会社NG,担当B,USER,,,編集,なし`,
      `ok2-${stamp}@example.com,,担当C,OEM_MASTER,2027-01-01,,閲覧,なし`,
    ].join('\n')
    const key = await upload(token, new TextEncoder().encode(csv))
    const preview = await http.post('/users/import/preview', { key }, { token })
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ encoding: 'utf-8', total_rows: 3, new_count: 1, existing_count: 0 })
    expect(preview.body.errors).toEqual([
      {
        row: 3,
        column: 'メールアドレス',
        code: 'validation.email',
        message: 'メールアドレスの形式が正しくありません。',
      },
      { row: 4, column: '会社名', code: 'validation.required', message: 'この項目は必須です。' },
      {
        row: 4,
        column: '契約終了日',
        code: 'validation.endRequired',
        message: '開始日を設定した場合は終了日が必要です。',
      },
    ])
    const commit = await http.post('/users/import', { key }, { token })
    expect(commit.status).toBe(400)
    expect(commit.body.error.code).toBe('import.invalid')
    expect(commit.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'row.3.メールアドレス',
      'row.4.会社名',
      'row.4.契約終了日',
    ])
    expect(await listEmails()).not.toContain(`ok-${stamp}@example.com`)
  })

  it('refuses a file over 5 MB, at the upload URL and at import', async () => {
    const big = http.post(
      '/users/import/upload-url',
      { file_name: 'big.csv', size: 6 * 1024 * 1024 },
      { token },
    )
    expect((await big).body.error).toEqual({
      code: 'upload.tooLarge',
      message: 'ファイル「big.csv」が上限の5MBを超えています。',
    })
    // Declared small, sent big: the server reads the real size before importing.
    const slot = await http.post('/users/import/upload-url', { file_name: 'liar.csv', size: 10 }, { token })
    const bytes = new TextEncoder().encode(`${HEADER}\n${'x'.repeat(6 * 1024 * 1024)}`)
    await fetch(slot.body.upload_url, { method: 'PUT', headers: slot.body.headers, body: bytes })
    const refused = await http.post('/users/import/preview', { key: slot.body.key }, { token })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('upload.tooLarge')
    expect(
      (await http.post('/users/import/upload-url', { file_name: 'a.xlsx', size: 10 }, { token })).body.error
        .code,
    ).toBe('upload.unsupportedType')
  })

  it('imports a Shift_JIS file from Japanese Excel, and a re-upload duplicates nothing', async () => {
    const stamp = Date.now()
    const csv = `${HEADER}\r\nsjis-${stamp}@example.com,株式会社シフトJIS,山田 花子,USER,2026-12-01,2027-11-30,閲覧,なし\r\n`
    const key = await upload(token, iconv.encode(csv, 'Shift_JIS'))
    const done = await http.post('/users/import', { key }, { token })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ encoding: 'shift_jis', created_count: 1, existing_count: 0 })
    expect(done.body.message).toBe('1件のユーザーを取り込みました。0件は既に存在するため変更していません。')
    const imported = (await http.get(`/users?q=sjis-${stamp}`, { token })).body.items
    expect(imported).toEqual([
      expect.objectContaining({
        email: `sjis-${stamp}@example.com`,
        company_name: '株式会社シフトJIS',
        contact_name: '山田 花子',
        authority: 'VIEW',
        parent_id: oem.accountId,
      }),
    ])
    const detail = (await http.get(`/users/${imported[0].id}`, { token })).body
    expect(detail.history[0].action).toBe('IMPORT')

    const again = await http.post(
      '/users/import',
      { key: await upload(token, iconv.encode(csv, 'Shift_JIS')) },
      { token },
    )
    expect(again.body).toMatchObject({ created_count: 0, existing_count: 1 })
    expect(again.body.rows).toEqual([{ row: 2, email: `sjis-${stamp}@example.com`, status: 'existing' }])
    expect((await http.get(`/users?q=sjis-${stamp}`, { token })).body.items).toHaveLength(1)
  })

  it('exports the list as Excel-ready CSV with formula cells neutralised', async () => {
    await createAccount({ type: 'USER', parent: oem, email: `formula-${Date.now()}@example.com` })
    const { Accounts } = await import('../../functions/src/data/accounts.ts')
    const victim = (await http.get('/users?limit=1', { token })).body.items[0]
    await Accounts.patch({ accountId: victim.id })
      .set({ companyName: '=HYPERLINK("http://evil.example","x")' })
      .go()
    const response = await fetch(`${urls.api}/users/export`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    expect(text.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = text.trim().split('\r\n')
    expect(header).toBe(
      '会社名,メールアドレス,担当者名,アカウント種別,契約状況,契約開始日,契約終了日,権限,ライセンス発行,作成日時 (JST)',
    )
    // One date-time format in every export: Japanese wall-clock time (issue 30).
    expect(rows.every((row) => /,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row))).toBe(true)
    expect(rows.some((row) => row.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")"`))).toBe(true)
    expect(rows.every((row) => !row.startsWith('='))).toBe(true)
  })
})

describe('profile picture', () => {
  it('uploads, checks the bytes, shows the picture in user info, and removes it', async () => {
    const user = await createAccount({ type: 'USER' })
    const token = await signIn(user.email, user.password)
    const jpeg = readFileSync(
      join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets', 'creative-B2.jpg'),
    )
    const askFor = (size: number) =>
      http.post(
        '/profile/logo/upload-url',
        { file_name: 'me.jpg', content_type: 'image/jpeg', size },
        { token },
      )
    expect((await askFor(3 * 1024 * 1024)).body.error.message).toBe(
      'ファイル「me.jpg」が上限の2MBを超えています。',
    )

    const fake = (await askFor(20)).body
    await fetch(fake.upload_url, { method: 'PUT', headers: fake.headers, body: '<svg onload=alert(1)>' })
    const refused = await http.call('PUT', '/profile/logo', {
      token,
      body: { key: fake.key, file_name: 'me.jpg' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('upload.contentMismatch')
    expect((await http.get('/auth/user-info', { token })).body.logo_url).toBeNull()

    const slot = (await askFor(jpeg.length)).body
    await fetch(slot.upload_url, { method: 'PUT', headers: slot.headers, body: jpeg })
    const saved = await http.call('PUT', '/profile/logo', {
      token,
      body: { key: slot.key, file_name: 'me.jpg' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.message).toBe('プロフィール画像を保存しました。')
    const info = (await http.get('/auth/user-info', { token })).body
    const picture = await fetch(info.logo_url)
    expect(picture.status).toBe(200)
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(new Uint8Array(jpeg))

    expect((await http.call('DELETE', '/profile/logo', { token })).status).toBe(200)
    expect((await http.get('/auth/user-info', { token })).body.logo_url).toBeNull()
  })
})

describe('GET /summary', () => {
  it('counts the users and sites of the caller only', async () => {
    const creator = await signIn('creator@example.com', 'Creator#Local1')
    const mine = await http.get('/summary', { token: creator })
    expect(mine.status).toBe(200)
    expect(mine.body.users).toBeNull()
    expect(mine.body.sites.total).toBe(1)
    // The seed publishes the demo site.
    expect(mine.body.sites.by_status).toContainEqual({ status: 'PUBLISH', count: 1 })

    const oemToken = await signIn('oem@example.com', 'Oem#Local1')
    const oem = (await http.get('/summary', { token: oemToken })).body
    expect(oem.users.total).toBe(1)
    expect(oem.users.by_status).toEqual([
      { status: 'ACTIVE', count: 1 },
      { status: 'SUSPENDED', count: 0 },
      { status: 'TERMINATED', count: 0 },
      { status: 'INACTIVE', count: 0 },
    ])
    // The creator's demo site, and the OEM's own custom-domain demo site (infra/local/seed-domains.ts).
    expect(oem.sites.total).toBe(2)

    const master = (
      await http.get('/summary', { token: await signIn('master@example.com', 'Master#Local1') })
    ).body
    expect(master.users.total).toBeGreaterThan(oem.users.total)
  })
})
