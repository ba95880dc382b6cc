import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { twoTenants } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { livePage } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite, type VisitorSite } from '../support/visitor-site.ts'

/**
 * Preview and sharing (issue 16; docs/decisions/0030-preview-and-sharing.md) through the gateway:
 * the owner's preview is the saved draft, never the live release; invited viewers sign in with
 * their address and the share password and get a token of that one site, which a revoke or a
 * password change ends at once; failures answer alike and lock after five; comments are pinned
 * to a cell and mail the owner at most once per 10 minutes.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

const PASSWORD = 'Preview#2026'

const previewGet = (path: string, options: { token?: string; password?: string } = {}) =>
  fetch(`${urls.api}${path}`, {
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.password ? { password: options.password } : {}),
    },
    // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
  }).then(async (r) => ({ status: r.status, body: (await r.json().catch(() => undefined)) as any }))

const login = (siteId: string, email: string, password: string) =>
  http.post(`/preview/site/${siteId}/login`, { email, password })

describe('preview and sharing', () => {
  let owner: string
  let foreign: string
  let site: VisitorSite
  let other: VisitorSite
  const viewer = `viewer-${randomUUID().slice(0, 8)}@example.com`

  beforeAll(async () => {
    const tenants = await twoTenants(http)
    owner = tenants.token
    foreign = tenants.otherToken
    site = await publishVisitorSite(http, owner)
    other = await publishVisitorSite(http, owner, { forms: false, publish: false })
  })

  const setPassword = async (siteId: string, body: Record<string, unknown> = { password: PASSWORD }) => {
    const response = await http.post(`/preview/site/${siteId}/share/set-password`, body, { token: owner })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body
  }

  const invite = async (siteId: string, emails: string[]) => {
    const response = await http.post(`/preview/site/${siteId}/share`, { emails }, { token: owner })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body
  }

  it('shows the owner the saved draft, not the live release, in the language asked for', async () => {
    const stored = await http.get(`/site/${site.siteId}`, { token: owner })
    const body = structuredClone(stored.body)
    body.creatives.find(
      (c: { lang: string; position: string }) => c.lang === 'JP' && c.position === 'A1',
    ).main_text = '保存しただけの下書き'
    const saved = await http.call('PUT', `/site/${site.siteId}`, {
      token: owner,
      body: {
        version: body.version,
        global_setting: body.global_setting,
        creatives: body.creatives,
        menus: body.menus,
        settings: body.settings,
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    const preview = await previewGet(`/preview/site/${site.siteId}?lang=JP`, { token: owner })
    expect(preview.status).toBe(200)
    expect(preview.body.viewer).toEqual({ kind: 'owner', email: null })
    expect(preview.body.lang).toBe('JP')
    expect(
      preview.body.creatives.map((c: { position: string; main_text: string }) => [c.position, c.main_text]),
    ).toEqual([
      ['A1', '保存しただけの下書き'],
      ['B1', '会員だけの秘密'],
    ])
    // Every file the draft shows has a display URL; the owner sees the form recipient.
    const keys = preview.body.media.map((m: { key: string }) => m.key)
    for (const c of preview.body.creatives) expect(keys).toContain(c.media_key)
    expect(preview.body.settings[0].forms.contact.recipient_email).toBe(site.recipient)

    const live = await livePage(urls.edge, stored.body.global_setting.url)
    expect(live.status).toBe(200)
    expect(live.text).toContain('公開')
    expect(live.text).not.toContain('保存しただけの下書き')

    const english = await previewGet(`/preview/site/${site.siteId}?lang=EN`, { token: owner })
    expect(english.body.creatives.map((c: { lang: string }) => c.lang)).toEqual(['EN'])
    const seo = await previewGet(`/preview/site/${site.siteId}/seo?lang=JP`, { token: owner })
    expect(seo).toEqual({
      status: 200,
      body: { lang: 'JP', title: 'フォームのテスト', description: '', h1: 'フォームのテスト' },
    })
    const page = await previewGet(`/preview/site/${site.siteId}/page/B1?lang=JP`, { token: owner })
    expect(page.body.creative.main_text).toBe('会員だけの秘密')
    const products = await previewGet(`/preview/site/${site.siteId}/page/B1/product?lang=JP`, {
      token: owner,
    })
    expect(products.body.products.map((p: { product_name: string }) => p.product_name)).toEqual([
      '秘密の商品',
    ])
    expect(products.body.media).toHaveLength(1)
    const company = await previewGet(`/preview/site/${site.siteId}/company?lang=JP`, { token: owner })
    expect(company.body.company.terms_of_service).toBe('利用規約')
    expect((await previewGet(`/preview/site/${site.siteId}/page/C9?lang=JP`, { token: owner })).status).toBe(
      404,
    )
  })

  it("is 404 to another tenant's admin, on the preview and on the share", async () => {
    for (const path of [
      `/preview/site/${site.siteId}`,
      `/preview/site/${site.siteId}/comments`,
      `/preview/site/${site.siteId}/share`,
      `/preview/site/${site.siteId}/share/status`,
    ]) {
      const response = await previewGet(path, { token: foreign })
      expect(response.status, path).toBe(404)
    }
    const invited = await http.post(
      `/preview/site/${site.siteId}/share`,
      { emails: [viewer] },
      { token: foreign },
    )
    expect(invited.status).toBe(404)
    expect((await previewGet(`/preview/site/${site.siteId}`)).status).toBe(401)
  })

  it('asks for a password before inviting, mails the invitation and lists the viewer', async () => {
    const early = await http.post(
      `/preview/site/${other.siteId}/share`,
      { emails: [viewer] },
      { token: owner },
    )
    expect(early.status).toBe(409)
    expect(early.body.error.code).toBe('preview.passwordFirst')

    const weak = await http.post(
      `/preview/site/${site.siteId}/share/set-password`,
      { password: 'short' },
      { token: owner },
    )
    expect(weak.status).toBe(400)
    // The refusal names the rule, as the share dialog shows it.
    const said = weak.body.error.details.map(
      (d: { path: string; message: string }) => `${d.path} ${d.message}`,
    )
    expect([...new Set(said)]).toEqual([
      'body.password パスワードは8〜20文字で入力してください。',
      'body.password パスワードには英小文字・英大文字・数字・記号をそれぞれ1文字以上含め、空白は使えません。',
    ])

    const status = await setPassword(site.siteId)
    expect(status).toMatchObject({ is_private: true, has_password: true, total: 0, open_comments: 0 })
    expect(status.preview_url).toMatch(new RegExp(`/site/${site.siteId}/preview$`))
    const invited = await invite(site.siteId, [viewer.toUpperCase()])
    expect(invited.total).toBe(1)
    expect(invited.items).toEqual([
      {
        email: viewer,
        invited_at: expect.any(String),
        first_view_at: null,
        last_view_at: null,
        cells_viewed: [],
        open_comments: 0,
      },
    ])
    const mail = await waitForMail(urls.mail, viewer)
    // The invitation names who invites (the account's name, never its address).
    expect(mail.subject).toBe('【フォームのテスト】Test USER からプレビューへのご招待')
    expect(mail.body.text).toContain('Test USER から、フォームのテスト の公開前プレビューに招待されました。')
    expect(mail.body.text).toContain(`/site/${site.siteId}/preview`)
    expect(mail.body.text).not.toContain('@')
  })

  it('answers a wrong password and an address not invited alike, and opens the preview for an invited viewer', async () => {
    const wrong = await login(site.siteId, viewer, 'Wrong#Pass1')
    const stranger = await login(site.siteId, `stranger-${randomUUID().slice(0, 6)}@example.com`, PASSWORD)
    const noSite = await login('no-such-site', viewer, PASSWORD)
    expect(wrong.status).toBe(401)
    expect(stranger).toEqual({ ...wrong, headers: stranger.headers })
    expect(noSite.body).toEqual(wrong.body)
    expect(wrong.body.error.code).toBe('preview.loginFailed')

    const ok = await login(site.siteId, viewer, PASSWORD)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ site_id: site.siteId, email: viewer, expires_in: 43200 })
    const preview = await previewGet(`/preview/site/${site.siteId}`, { token: ok.body.token })
    expect(preview.status).toBe(200)
    expect(preview.body.viewer).toEqual({ kind: 'invitee', email: viewer })
    // The creator's addresses are not the viewer's business.
    expect(preview.body.settings[0].forms.contact.recipient_email).toBe('')

    // A token of this site opens no other site.
    const elsewhere = await previewGet(`/preview/site/${other.siteId}`, { token: ok.body.token })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.error.code).toBe('preview.otherSite')
  })

  it('locks a (site, email) pair after five failures, even for the right password', async () => {
    const target = `locked-${randomUUID().slice(0, 6)}@example.com`
    await invite(site.siteId, [target])
    for (let i = 0; i < 5; i++) expect((await login(site.siteId, target, `Wrong#Pass${i}`)).status).toBe(401)
    const locked = await login(site.siteId, target, PASSWORD)
    expect(locked.status).toBe(429)
    expect(locked.body.error.code).toBe('auth.locked')
    // Another address on the same site is not locked.
    expect((await login(site.siteId, viewer, PASSWORD)).status).toBe(200)
  })

  it('logs views and pins comments; the owner sees and resolves them; one mail per 10 minutes', async () => {
    const token = (await login(site.siteId, viewer, PASSWORD)).body.token
    const ownerEmail = (await http.get('/auth/user-info', { token: owner })).body.email as string
    const mailsBefore = (await mailsTo(urls.mail, ownerEmail)).length
    const views = await http.post(
      `/preview/site/${site.siteId}/views`,
      { lang: 'JP', cells: ['A1', 'B1', 'Z9'] },
      { token },
    )
    expect(views.status).toBe(204)
    const list = await http.get(`/preview/site/${site.siteId}/share`, { token: owner })
    const entry = list.body.items.find((i: { email: string }) => i.email === viewer)
    expect(entry.cells_viewed).toEqual(['JP:A1', 'JP:B1'])
    expect(entry.first_view_at).toEqual(expect.any(String))

    const first = await http.post(
      `/preview/site/${site.siteId}/comments`,
      { cell: 'B1', lang: 'JP', text: 'この画像の文字が小さいです' },
      { token },
    )
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toEqual({
      id: expect.any(String),
      cell: 'B1',
      lang: 'JP',
      text: 'この画像の文字が小さいです',
      status: 'open',
      author: viewer,
      created_at: expect.any(String),
      resolved_at: null,
      blocking: false,
      replies: [],
    })
    const noCell = await http.post(
      `/preview/site/${site.siteId}/comments`,
      { cell: 'C7', lang: 'JP', text: 'x' },
      { token },
    )
    expect(noCell.status).toBe(400)
    expect(
      (
        await http.post(
          `/preview/site/${site.siteId}/comments`,
          { cell: 'A1', lang: 'JP', text: '２件目' },
          { token },
        )
      ).status,
    ).toBe(201)

    const mail = await waitForMail(urls.mail, ownerEmail, mailsBefore + 1)
    expect(mail.subject).toBe('【フォームのテスト】レビューコメントが届きました')
    expect(mail.body.text).toContain('この画像の文字が小さいです')
    await new Promise((r) => setTimeout(r, 300))
    expect(await mailsTo(urls.mail, ownerEmail)).toHaveLength(mailsBefore + 1)

    const all = await previewGet(`/preview/site/${site.siteId}/comments`, { token: owner })
    expect(all.body.items.map((c: { cell: string; status: string }) => [c.cell, c.status])).toEqual([
      ['B1', 'open'],
      ['A1', 'open'],
    ])
    // A viewer cannot tick comments off; the owner can.
    const byViewer = await http.call('PUT', `/preview/site/${site.siteId}/comments/${first.body.id}`, {
      token,
      body: { status: 'resolved' },
    })
    expect(byViewer.status).toBe(401)
    const resolved = await http.call('PUT', `/preview/site/${site.siteId}/comments/${first.body.id}`, {
      token: owner,
      body: { status: 'resolved' },
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body).toMatchObject({ status: 'resolved', resolved_at: expect.any(String) })
    const status = await http.get(`/preview/site/${site.siteId}/share/status`, { token: owner })
    expect(status.body.open_comments).toBe(1)
  })

  it('threads replies of the owner and of the reviewer under a comment; another reviewer cannot answer it', async () => {
    const token = (await login(site.siteId, viewer, PASSWORD)).body.token
    const asked = await http.post(
      `/preview/site/${site.siteId}/comments`,
      { cell: 'A1', lang: 'JP', text: '価格は税込ですか？' },
      { token },
    )
    expect(asked.status).toBe(201)
    const path = `/preview/site/${site.siteId}/comments/${asked.body.id}/replies`
    const answered = await http.post(path, { text: 'はい、税込です。' }, { token: owner })
    expect(answered.status, JSON.stringify(answered.body)).toBe(201)
    expect(answered.body.replies).toEqual([
      { id: expect.any(String), text: 'はい、税込です。', author: null, created_at: expect.any(String) },
    ])
    const thanked = await http.post(path, { text: 'ありがとうございます' }, { token })
    expect(thanked.status).toBe(201)
    // The reviewer sees the whole thread under their comment.
    const mine = await previewGet(`/preview/site/${site.siteId}/comments`, { token })
    const thread = mine.body.items.find((c: { id: string }) => c.id === asked.body.id)
    expect(thread.replies.map((r: { text: string; author: string | null }) => [r.author, r.text])).toEqual([
      [null, 'はい、税込です。'],
      [viewer, 'ありがとうございます'],
    ])
    // Another invited reviewer does not see the comment and cannot answer it; empty text is refused.
    const third = `third-${randomUUID().slice(0, 6)}@example.com`
    await invite(site.siteId, [third])
    const thirdToken = (await login(site.siteId, third, PASSWORD)).body.token
    const foreignReply = await http.post(path, { text: '横から失礼します' }, { token: thirdToken })
    expect(foreignReply.status).toBe(404)
    const empty = await http.post(path, { text: '  ' }, { token: owner })
    expect(empty.status).toBe(400)
    expect(empty.body.error.details[0]).toMatchObject({ path: 'body.text', code: 'validation.required' })
    const stored = await previewGet(`/preview/site/${site.siteId}/comments`, { token: owner })
    expect(stored.body.items.find((c: { id: string }) => c.id === asked.body.id).replies).toHaveLength(2)
  })

  it('ends existing tokens at once on a revoke and on a password change', async () => {
    const second = `second-${randomUUID().slice(0, 6)}@example.com`
    await invite(site.siteId, [second])
    const token = (await login(site.siteId, viewer, PASSWORD)).body.token
    const secondToken = (await login(site.siteId, second, PASSWORD)).body.token
    expect((await previewGet(`/preview/site/${site.siteId}`, { token })).status).toBe(200)

    const revoked = await http.call('PUT', `/preview/site/${site.siteId}/share/revoke`, {
      token: owner,
      body: { emails: [viewer], resend_all: false },
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.items.map((i: { email: string }) => i.email)).not.toContain(viewer)
    const after = await previewGet(`/preview/site/${site.siteId}`, { token })
    expect(after.status).toBe(401)
    expect(after.body.error.code).toBe('preview.unauthorized')
    expect((await login(site.siteId, viewer, PASSWORD)).status).toBe(401)
    expect((await previewGet(`/preview/site/${site.siteId}`, { token: secondToken })).status).toBe(200)

    await setPassword(site.siteId, { password: 'Changed#2027' })
    expect((await previewGet(`/preview/site/${site.siteId}`, { token: secondToken })).status).toBe(401)
    expect((await login(site.siteId, second, 'Changed#2027')).status).toBe(200)
  })

  it('serves a private site to invited viewers only through the preview; its live host stays 404', async () => {
    const stored = await http.get(`/site/${other.siteId}`, { token: owner })
    const made = await http.post(
      `/site/${other.siteId}/status`,
      { action: 'private', version: stored.body.version },
      { token: owner },
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.global_setting.status).toBe('PRIVATE')
    expect((await livePage(urls.edge, made.body.global_setting.url)).status).toBe(404)

    await setPassword(other.siteId)
    const reviewer = `private-${randomUUID().slice(0, 6)}@example.com`
    await invite(other.siteId, [reviewer])
    const token = (await login(other.siteId, reviewer, PASSWORD)).body.token
    const preview = await previewGet(`/preview/site/${other.siteId}`, { token })
    expect(preview.status).toBe(200)
    expect(preview.body.creatives.map((c: { position: string }) => c.position)).toEqual(['A1', 'B1'])
  })

  it('opens a share that is not private with the password header alone', async () => {
    await setPassword(other.siteId, { password: PASSWORD, is_private: false })
    const opened = await previewGet(`/preview/site/${other.siteId}?lang=EN`, { password: PASSWORD })
    expect(opened.status).toBe(200)
    expect(opened.body.viewer).toEqual({ kind: 'password', email: null })
    const wrong = await previewGet(`/preview/site/${other.siteId}`, { password: 'Wrong#Pass1' })
    expect(wrong.status).toBe(401)
    // Anyone may sign in with an address (kept in tokens, for comments) on a share that is not private.
    const anyone = await login(other.siteId, `anyone-${randomUUID().slice(0, 6)}@example.com`, PASSWORD)
    expect(anyone.status).toBe(200)
  })
})
