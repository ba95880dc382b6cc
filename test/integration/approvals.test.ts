import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Scheduler } from '../../infra/local/scheduler.ts'
import { createAccount, tokenFor, twoTenants } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { startTestScheduler } from '../support/scheduler.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Issue 33 parts 4 and 5 through the real handlers: the pre-publish checklist names what is wrong
 * with a draft (external links HEAD-checked through the outbound-address policy, here a receiver on
 * 127.0.0.1 the stack's receiver file allows), a blocking item stops a publish and an approval; on
 * a site that requires approval an editor's request leaves the live site alone, the approver
 * publishes exactly the requested version (now, or at its time through the job dispatch), a draft
 * saved since stops it (409), a rejection carries its comment, and both sides are told by mail
 * and in the bell.
 */

const receiverFile = join(dirname(inject('stack').clockFile), 'webhook-receiver')
const { urls } = useStackEnv({ SWIPE_WEBHOOK_TEST_RECEIVER_FILE: receiverFile })
useStackPlatform()
const http = api(urls.api)
const MINUTE = 60_000

describe('pre-publish checklist and approvals', () => {
  let owner: string
  let editor: string
  let approver: string
  let editorEmail: string
  let approverEmail: string
  let foreign: string
  let links: Server
  let linkBase: string
  let scheduler: Scheduler

  beforeAll(async () => {
    const tenants = await twoTenants(http)
    owner = tenants.token
    foreign = tenants.otherToken
    const editorAccount = await createAccount({
      type: 'SUB_ADMIN',
      parent: tenants.user,
      adminRole: 'EDITOR',
    })
    const approverAccount = await createAccount({
      type: 'SUB_ADMIN',
      parent: tenants.user,
      adminRole: 'MAIN_CONTACT',
    })
    editorEmail = editorAccount.email
    approverEmail = approverAccount.email
    editor = await tokenFor(http, editorAccount.email, editorAccount.password)
    approver = await tokenFor(http, approverAccount.email, approverAccount.password)
    // The links the drafts point at: one page that is there, one that is gone.
    links = createServer((req, res) => {
      res.statusCode = req.url === '/ok' ? 200 : 404
      res.end()
    })
    await new Promise<void>((resolve) => links.listen(0, '127.0.0.1', resolve))
    const { port } = links.address() as AddressInfo
    linkBase = `http://127.0.0.1:${port}`
    writeFileSync(receiverFile, `127.0.0.1:${port}`)
    scheduler = await startTestScheduler(() => undefined)
  })
  afterAll(async () => {
    writeFileSync(receiverFile, '')
    scheduler?.stop()
    await new Promise((resolve) => links?.close(resolve))
  })

  /** A 2 × 1 site in Japanese, its cells' images stored. */
  const createSite = async () => {
    const created = await http.post(
      '/site',
      { name: '承認テスト', number_horizontal: 2, number_vertical: 1, languages: ['JP'] },
      { token: owner },
    )
    expect(created.status, created.text).toBe(201)
    const id = created.body.global_setting.id as string
    const keys = await confirmedKeys(id, ['jpg', 'jpg'])
    await storeMedia(keys)
    return { id, host: `${created.body.global_setting.site_uuid}.sites.localhost`, keys }
  }
  type Site = Awaited<ReturnType<typeof createSite>>

  /** Saves the draft (as `token`): A1's text and link, A2 with its alt text. Answers the new version. */
  const save = async (site: Site, a1: { text: string; link?: string; alt?: string }, token = owner) => {
    const current = await http.get(`/site/${site.id}`, { token })
    const saved = await http.call('PUT', `/site/${site.id}`, {
      token,
      body: {
        version: current.body.version,
        global_setting: {
          id: site.id,
          name: '承認テスト',
          number_horizontal: 2,
          number_vertical: 1,
          default_language: 'JP',
          languages: ['JP'],
        },
        creatives: [
          {
            lang: 'JP',
            position: 'A1',
            media_key: site.keys[0],
            media_type: 'image',
            main_text: a1.text,
            ...(a1.alt ? { image_alt: a1.alt } : {}),
            ...(a1.link ? { link_destination_url: a1.link, link_button_text: '詳しく' } : {}),
          },
          {
            lang: 'JP',
            position: 'A2',
            media_key: site.keys[1],
            media_type: 'image',
            image_alt: '二枚目',
            link_destination_url: `${linkBase}/ok`,
          },
        ],
        settings: [
          {
            lang: 'JP',
            sns: [],
            seo: { title: '承認テスト', h1: '承認テスト', description: '承認のテストです' },
          },
        ],
      },
    })
    expect(saved.status, saved.text).toBe(200)
    return saved.body.version as number
  }
  const publish = (site: Site, version: number, token = owner) =>
    http.post(`/site/${site.id}/status`, { action: 'publish', version }, { token })
  const comment = async (site: Site, token: string) => {
    const posted = await http.post(
      `/preview/site/${site.id}/comments`,
      { cell: 'A1', lang: 'JP', text: 'この価格は誤りです', blocking: true },
      { token },
    )
    expect(posted.status, posted.text).toBe(201)
    expect(posted.body).toMatchObject({ blocking: true, status: 'open' })
    return posted.body.id as string
  }
  const resolve = async (site: Site, commentId: string, token: string) => {
    const done = await http.call('PUT', `/preview/site/${site.id}/comments/${commentId}`, {
      token,
      body: { status: 'resolved' },
    })
    expect(done.status, done.text).toBe(200)
  }

  it('names each problem of the draft; a blocking comment stops the publish until it is resolved', async () => {
    const site = await createSite()
    const version = await save(site, { text: '一枚目', link: `${linkBase}/gone` })
    const checked = await http.get(`/site/${site.id}/checklist`, { token: owner })
    expect(checked.status, checked.text).toBe(200)
    expect(checked.body).toEqual({
      items: [
        {
          rule: 'imageAlt',
          severity: 'warning',
          place: 'cell',
          lang: 'JP',
          position: 'A1',
          field: 'imageAlt',
          ref: null,
          params: {},
          message: expect.stringContaining('代替テキスト'),
        },
        // SPEC's default button colours (white on #99D52A) are below AA: the checklist says so.
        ...['A1', 'A2'].map((position) => ({
          rule: 'contrast',
          severity: 'warning',
          place: 'cell',
          lang: 'JP',
          position,
          field: 'linkTextColor',
          ref: null,
          params: { ratio: 1.76 },
          message: expect.stringContaining('1.76:1'),
        })),
        {
          rule: 'linkUnreachable',
          severity: 'warning',
          place: 'cell',
          lang: 'JP',
          position: 'A1',
          field: 'linkDestinationUrl',
          ref: null,
          params: { url: `${linkBase}/gone`, answer: 404 },
          message: expect.stringContaining(`${linkBase}/gone`),
        },
      ],
      blocking: 0,
      warnings: 4,
      links: { checked: 2, unchecked: 0 },
      version,
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    // Another tenant's site does not exist; reading it needs no more than site:read.
    expect((await http.get(`/site/${site.id}/checklist`, { token: foreign })).status).toBe(404)

    // A reviewer's blocking comment: the checklist names it first, and the publish is refused.
    const blocker = await comment(site, owner)
    const blocked = await http.get(`/site/${site.id}/checklist`, { token: owner })
    expect(blocked.body.blocking).toBe(1)
    expect(blocked.body.items[0]).toEqual({
      rule: 'blockingComment',
      severity: 'blocking',
      place: 'comment',
      lang: 'JP',
      position: 'A1',
      field: null,
      ref: blocker,
      params: { text: 'この価格は誤りです' },
      message: expect.stringContaining('この価格は誤りです'),
    })
    const refused = await publish(site, version)
    expect(refused.status, refused.text).toBe(400)
    expect(refused.body.error.code).toBe('checklist.blocked')
    expect(refused.body.error.details).toEqual([
      {
        path: 'checklist.JP.A1',
        code: 'checklist.blockingComment',
        params: { lang: 'JP', position: 'A1', text: 'この価格は誤りです' },
        message: '公開を止めるレビューコメントが未解決です:「この価格は誤りです」',
      },
    ])
    expect((await edgeGet(urls.edge, site.host, '/')).status).toBe(404)

    await resolve(site, blocker, owner)
    const published = await publish(site, version)
    expect(published.status, published.text).toBe(200)
    expect((await edgeGet(urls.edge, site.host, '/')).status).toBe(200)
  })

  it("takes an editor's request without changing the live site; the approver publishes exactly that version", async () => {
    const site = await createSite()
    const first = await save(site, { text: '公開中の版', alt: '一枚目' })
    expect((await publish(site, first)).status).toBe(200)

    // Only approvers turn the gate on or off.
    expect(
      (await http.call('PUT', `/site/${site.id}/approval`, { token: editor, body: { required: false } }))
        .status,
    ).toBe(403)
    const gate = await http.call('PUT', `/site/${site.id}/approval`, {
      token: owner,
      body: { required: true },
    })
    expect(gate.status, gate.text).toBe(200)
    expect(gate.body).toEqual({
      required: true,
      can_approve: true,
      pending: null,
      requests: [],
      message: expect.any(String),
    })

    // The editor may not publish, roll back or schedule a publish: it requests.
    const draft = await save(site, { text: '申請する版', alt: '一枚目' }, editor)
    const direct = await publish(site, draft, editor)
    expect(direct.status, direct.text).toBe(403)
    expect(direct.body.error.code).toBe('approval.required')
    const versions = (await http.get(`/site/${site.id}/versions`, { token: editor })).body.items
    const rollback = await http.post(
      `/site/${site.id}/versions/${versions[0].id}/rollback`,
      { version: draft },
      { token: editor },
    )
    expect(rollback.status).toBe(403)
    const scheduled = await http.call('PUT', `/site/${site.id}/schedule`, {
      token: editor,
      body: { publish_at: new Date(stackNow() + 60 * MINUTE).toISOString(), unpublish_at: null },
    })
    expect(scheduled.status).toBe(403)

    const mailsBefore = (await mailsTo(urls.mail, approverEmail)).length
    const asked = await http.post(
      `/site/${site.id}/publish-requests`,
      { version: draft, note: '新しいキャンペーン文言です' },
      { token: editor },
    )
    expect(asked.status, asked.text).toBe(201)
    expect(asked.body).toEqual({
      id: expect.any(String),
      state: 'PENDING',
      version: draft,
      requested_by: expect.any(String),
      requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      note: '新しいキャンペーン文言です',
      publish_at: null,
      decided_by: null,
      decided_at: null,
      comment: null,
      version_id: null,
      stale: false,
      message: expect.any(String),
    })
    // The approver is told, by mail and in the bell; the live site has not changed.
    const mail = await waitForMail(urls.mail, approverEmail, mailsBefore + 1)
    expect(mail.subject).toContain('承認テスト')
    const bell = await http.get('/me/notices', { token: approver })
    expect(bell.body.items[0]).toMatchObject({ kind: 'approvalRequested', site_id: site.id })
    expect((await edgeGet(urls.edge, site.host, '/')).text).toContain('公開中の版')
    const seen = await http.get(`/site/${site.id}/approval`, { token: approver })
    expect(seen.body).toMatchObject({ required: true, can_approve: true, pending: { id: asked.body.id } })
    expect((await http.get(`/site/${site.id}/approval`, { token: editor })).body.can_approve).toBe(false)
    // The diff the approver sees: the live version against the draft asked for.
    const diff = await http.get(`/site/${site.id}/versions/${versions[0].id}/compare?with=draft`, {
      token: approver,
    })
    expect(diff.status, diff.text).toBe(200)
    expect(diff.body.changes).toEqual({
      cells: ['JP:A1'],
      languages: ['JP'],
      global_fields: [],
      menus: [],
      settings: [],
    })
    expect(diff.body.to.version).toMatchObject({ id: 'draft', live: false, can_rollback: false })
    expect(diff.body.to.content.creatives[0]).toMatchObject({ main_text: '申請する版' })

    // The editor cannot approve its own request; a blocking comment stops the approver, named.
    const approve = (token: string, body: object = {}) =>
      http.post(`/site/${site.id}/publish-requests/${asked.body.id}/approve`, body, { token })
    expect((await approve(editor)).status).toBe(403)
    const blocker = await comment(site, approver)
    const stopped = await approve(approver)
    expect(stopped.status, stopped.text).toBe(400)
    expect(stopped.body.error.details.map((d: { code: string }) => d.code)).toEqual([
      'checklist.blockingComment',
    ])
    expect((await edgeGet(urls.edge, site.host, '/')).text).toContain('公開中の版')

    await resolve(site, blocker, approver)
    const approved = await approve(approver, { comment: 'OKです' })
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body).toMatchObject({
      state: 'APPROVED',
      comment: 'OKです',
      version_id: expect.any(String),
    })
    expect((await edgeGet(urls.edge, site.host, '/')).text).toContain('申請する版')
    const history = (await http.get(`/site/${site.id}/versions`, { token: owner })).body.items
    expect(history[0]).toMatchObject({
      id: approved.body.version_id,
      live: true,
      by: approved.body.decided_by,
    })
    const told = await waitForMail(urls.mail, editorEmail)
    expect(told.subject).toContain('承認テスト')
    expect((await http.get('/me/notices', { token: editor })).body.items[0]).toMatchObject({
      kind: 'approvalApproved',
      comment: 'OKです',
    })
    // Decided once.
    expect((await approve(approver)).status).toBe(409)
  })

  it('refuses a request whose draft changed since; a rejection carries its comment; a timed approval publishes that version then', async () => {
    const site = await createSite()
    expect(
      (await http.call('PUT', `/site/${site.id}/approval`, { token: approver, body: { required: true } }))
        .status,
    ).toBe(200)
    const requested = await save(site, { text: '古い下書き', alt: '一枚目' }, editor)
    const asked = await http.post(
      `/site/${site.id}/publish-requests`,
      { version: requested },
      { token: editor },
    )
    expect(asked.status, asked.text).toBe(201)
    await save(site, { text: '申請後の変更', alt: '一枚目' }, editor)
    const stale = await http.post(
      `/site/${site.id}/publish-requests/${asked.body.id}/approve`,
      {},
      { token: approver },
    )
    expect(stale.status, stale.text).toBe(409)
    expect(stale.body.error.code).toBe('approval.stale')
    expect((await http.get(`/site/${site.id}/approval`, { token: approver })).body.pending.stale).toBe(true)

    const reject = (body: object) =>
      http.post(`/site/${site.id}/publish-requests/${asked.body.id}/reject`, body, { token: approver })
    expect((await reject({ comment: ' ' })).status).toBe(400)
    const rejected = await reject({ comment: '価格を直してください' })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.body).toMatchObject({ state: 'REJECTED', comment: '価格を直してください', stale: false })
    expect((await http.get('/me/notices', { token: editor })).body.items[0]).toMatchObject({
      kind: 'approvalRejected',
      comment: '価格を直してください',
    })
    expect((await edgeGet(urls.edge, site.host, '/')).status).toBe(404)

    // A request for a time: approving schedules exactly that version; the run publishes it then.
    const timed = await save(site, { text: 'キャンペーン開始', alt: '一枚目' }, editor)
    const start = stackNow() + 30 * MINUTE
    const later = await http.post(
      `/site/${site.id}/publish-requests`,
      { version: timed, publish_at: new Date(start).toISOString() },
      { token: editor },
    )
    expect(later.status, later.text).toBe(201)
    const approved = await http.post(
      `/site/${site.id}/publish-requests/${later.body.id}/approve`,
      {},
      { token: approver },
    )
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body).toMatchObject({ state: 'APPROVED', version_id: null })
    expect((await http.get(`/site/${site.id}/schedule`, { token: editor })).body.publish).toMatchObject({
      at: new Date(start).toISOString(),
      state: 'PENDING',
    })
    advanceStackClock(start - stackNow())
    advanceStackClock(Math.max(0, scheduler.dueTimes().publishSchedule - stackNow()))
    await scheduler.runDue()
    const live = await edgeGet(urls.edge, site.host, '/')
    expect(live.status).toBe(200)
    expect(live.text).toContain('キャンペーン開始')
  })
})
