import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import {
  formsCreator,
  memberHeaders,
  publishVisitorSite,
  type VisitorSite,
  visitorCall,
} from '../support/visitor-site.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const PASSWORD = 'Member#Pass1'
const newEmail = () => `forget-${randomUUID().slice(0, 8)}@example.com`
/** The job runs after the answer; locally in the gateway's process, so it is short. */
const JOB_DEADLINE_MS = 20_000

const entities = () => import('../../functions/src/data/submissions.ts')

/** What the table holds of a site's visitors: its member emails and submission ids by kind. */
/** The site's preview-share items: the share, invited addresses and comments. */
const storedPreviewItems = async (siteId: string) => {
  const { PreviewComments, PreviewInvites, PreviewShares } = await import(
    '../../functions/src/data/previews.ts'
  )
  const [invites, comments, share] = await Promise.all([
    PreviewInvites.query.invite({ siteId }).go({ pages: 'all' }),
    PreviewComments.query.comment({ siteId }).go({ pages: 'all' }),
    PreviewShares.get({ siteId }).go(),
  ])
  return invites.data.length + comments.data.length + (share.data ? 1 : 0)
}

const storedVisitors = async (siteId: string) => {
  const { SiteMembers, SiteSubmissions } = await entities()
  const members = await SiteMembers.query.byEmail({ siteId }).go({ pages: 'all' })
  const contact = await SiteSubmissions.query.byKind({ siteId, kind: 'contact' }).go({ pages: 'all' })
  const form = await SiteSubmissions.query.byKind({ siteId, kind: 'form' }).go({ pages: 'all' })
  return {
    members: members.data.map((m) => `${m.email} ${m.status}`).sort(),
    contact: contact.data.map((s) => s.submissionId).sort(),
    form: form.data.map((s) => s.submissionId).sort(),
  }
}

/** The members-pool user of an email on a site, or the error name Cognito answers with. */
const poolUser = async (siteId: string, email: string) => {
  const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider')
  const { cognito, membersPool } = await import('../../functions/src/platform/services/cognito.ts')
  try {
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: membersPool.id, Username: `${siteId}#${email}` }),
    )
    return { enabled: user.Enabled }
  } catch (error) {
    return { error: (error as Error).name }
  }
}

const seedSubmission = async (siteId: string, kind: 'contact' | 'form', email: string) => {
  const { SiteSubmissions } = await entities()
  const submissionId = randomUUID()
  await SiteSubmissions.create({
    siteId,
    kind,
    submissionId,
    createdAt: new Date().toISOString(),
    lang: 'JP',
    email,
    answers: [{ name: 'message', title: 'お問い合わせ内容', value: 'こんにちは' }],
    mailStatus: 'SENT',
  }).go()
  return submissionId
}

describe('forgetting the visitors of a deleted site', () => {
  let token: string
  let site1: VisitorSite
  let site2: VisitorSite
  /** On both sites: confirmed on each, so a pool user exists per site. */
  const shared = newEmail()
  /** Signed up on site 1 without opening the link: PENDING, with a disabled pool user. */
  const pending = newEmail()
  /** A member item of site 1 whose pool user is already gone (a run that stopped half-way). */
  const orphan = newEmail()

  const post = (site: VisitorSite, action: string, body: unknown) =>
    visitorCall(urls.api, 'POST', `/end-user/site/${site.siteId}/${action}`, { body })
  const register = (site: VisitorSite, email: string) =>
    post(site, 'register', {
      lang: 'EN',
      data: { email, password: PASSWORD, confirm_password: PASSWORD, nickname: 'Neo' },
    })
  const login = (site: VisitorSite, email: string) =>
    visitorCall(urls.api, 'POST', `/end-user/site/${site.siteId}/login?lang=EN`, {
      body: { email, password: PASSWORD },
      headers: memberHeaders(site, urls.edge),
    })
  const confirmed = async (site: VisitorSite, email: string) => {
    const before = (await mailsTo(urls.mail, email)).length
    const registered = await register(site, email)
    expect(registered.status, registered.text).toBe(202)
    const text = (await waitForMail(urls.mail, email, before + 1)).body.text
    const link = text?.match(/https?:\/\/\S+register-complete\?token=\S+/)?.[0]
    expect(link, text).toBeDefined()
    const confirmToken = decodeURIComponent(new URL(link!).searchParams.get('token')!)
    const opened = await post(site, 'register/confirm?lang=EN', { token: confirmToken })
    expect(opened.status, opened.text).toBe(200)
    expect((await login(site, email)).status).toBe(200)
  }

  let site2Before: Awaited<ReturnType<typeof storedVisitors>>

  beforeAll(async () => {
    token = await formsCreator(http)
    ;[site1, site2] = await Promise.all([publishVisitorSite(http, token), publishVisitorSite(http, token)])
    await confirmed(site1, shared)
    await confirmed(site2, shared)
    expect((await register(site1, pending)).status).toBe(202)
    // Sign-up runs as a job after the answer; its mail says the pending member is stored.
    await waitForMail(urls.mail, pending)
    const { SiteMembers } = await entities()
    await SiteMembers.create({
      siteId: site1.siteId,
      email: orphan,
      memberId: randomUUID(),
      status: 'ACTIVE',
      lang: 'JP',
      createdAt: new Date().toISOString(),
    }).go()
    for (const site of [site1, site2]) {
      await seedSubmission(site.siteId, 'contact', shared)
      await seedSubmission(site.siteId, 'contact', pending)
      await seedSubmission(site.siteId, 'form', shared)
    }
    site2Before = await storedVisitors(site2.siteId)
    // A preview share with an invited address (issue 16).
    const shared1 = await http.post(
      `/preview/site/${site1.siteId}/share/set-password`,
      { password: 'Preview#2026' },
      { token },
    )
    expect(shared1.status).toBe(200)
    expect(
      (await http.post(`/preview/site/${site1.siteId}/share`, { emails: [shared] }, { token })).status,
    ).toBe(200)
  })

  it("deletes the site's members, their pool users and its submissions, and leaves the other site's", async () => {
    const before = await storedVisitors(site1.siteId)
    expect(await storedPreviewItems(site1.siteId)).toBe(2)
    expect(before.members).toEqual([`${orphan} ACTIVE`, `${pending} PENDING`, `${shared} ACTIVE`].sort())
    expect(before.contact).toHaveLength(2)
    expect(before.form).toHaveLength(1)
    expect(await poolUser(site1.siteId, shared)).toEqual({ enabled: true })
    expect(await poolUser(site1.siteId, pending)).toEqual({ enabled: false })
    expect(site2Before.members).toEqual([`${shared} ACTIVE`])

    const { body: loaded } = await http.get(`/site/${site1.siteId}`, { token })
    const removed = await http.call('DELETE', `/site/${site1.siteId}?version=${loaded.version}`, { token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body).toEqual({ message: expect.any(String) })

    const deadline = Date.now() + JOB_DEADLINE_MS
    let left = await storedVisitors(site1.siteId)
    while ([...left.members, ...left.contact, ...left.form].length && Date.now() < deadline) {
      await sleep(200)
      left = await storedVisitors(site1.siteId)
    }
    expect(left).toEqual({ members: [], contact: [], form: [] })
    expect(await storedPreviewItems(site1.siteId)).toBe(0)
    for (const email of [shared, pending, orphan])
      expect(await poolUser(site1.siteId, email), email).toEqual({ error: 'UserNotFoundException' })

    // Site 2 keeps everything; the same email is still its member and still signs in there.
    expect(await storedVisitors(site2.siteId)).toEqual(site2Before)
    expect(await poolUser(site2.siteId, shared)).toEqual({ enabled: true })
    const signedIn = await login(site2, shared)
    expect(signedIn.status, signedIn.text).toBe(200)
    // The session is the HttpOnly cookie of the site's own origin, never a token in the body.
    expect(signedIn.headers.get('set-cookie')).toMatch(/^swipe_member=[^;]+;/)
    // On the deleted site the member is gone too.
    expect((await login(site1, shared)).status).toBe(404)
  })

  it('finds nothing left to do when the job runs again, and touches no other site', async () => {
    const { forgetVisitors } = await import('../../functions/src/sites/forget.ts')
    expect(await forgetVisitors(site1.siteId)).toEqual({
      submissions: 0,
      previewItems: 0,
      members: 0,
      poolUsers: 0,
      poolUsersMissing: 0,
    })
    expect(await storedVisitors(site1.siteId)).toEqual({ members: [], contact: [], form: [] })
    expect(await storedVisitors(site2.siteId)).toEqual(site2Before)
    expect(await poolUser(site2.siteId, shared)).toEqual({ enabled: true })
  })

  it('refuses a site that still exists, so a misdirected job wipes nothing', async () => {
    const { forgetVisitors } = await import('../../functions/src/sites/forget.ts')
    await expect(forgetVisitors(site2.siteId)).rejects.toThrow('still exists')
    expect(await storedVisitors(site2.siteId)).toEqual(site2Before)
    expect(await poolUser(site2.siteId, shared)).toEqual({ enabled: true })
  })

  it('finishes what a run left half done: one pool user already gone, every item still stored', async () => {
    // A deleted site's leftovers, as a run that stopped half-way leaves them.
    const siteId = randomUUID()
    const [withUser, without] = [newEmail(), newEmail()]
    const { SiteMembers } = await entities()
    for (const email of [withUser, without]) {
      await SiteMembers.create({
        siteId,
        email,
        memberId: randomUUID(),
        status: 'ACTIVE',
        lang: 'JP',
        createdAt: new Date().toISOString(),
      }).go()
    }
    const { AdminCreateUserCommand } = await import('@aws-sdk/client-cognito-identity-provider')
    const { cognito, membersPool } = await import('../../functions/src/platform/services/cognito.ts')
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: membersPool.id,
        Username: `${siteId}#${withUser}`,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: withUser }],
      }),
    )
    const contactId = await seedSubmission(siteId, 'contact', withUser)
    const formId = await seedSubmission(siteId, 'form', without)
    expect(await storedVisitors(siteId)).toEqual({
      members: [`${withUser} ACTIVE`, `${without} ACTIVE`].sort(),
      contact: [contactId],
      form: [formId],
    })

    const { forgetVisitors } = await import('../../functions/src/sites/forget.ts')
    expect(await forgetVisitors(siteId)).toEqual({
      submissions: 2,
      previewItems: 0,
      members: 2,
      poolUsers: 1,
      poolUsersMissing: 1,
    })
    expect(await storedVisitors(siteId)).toEqual({ members: [], contact: [], form: [] })
    expect(await poolUser(siteId, withUser)).toEqual({ error: 'UserNotFoundException' })
  })
})
