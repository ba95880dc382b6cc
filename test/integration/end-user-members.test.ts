import { createHash, randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { expiredCopyOf } from '../e2e/support.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { apiEvent, runInline, runJobs } from '../support/inline.ts'
import {
  formsCreator,
  MEMBER_REQUEST,
  siteOrigin as ownOrigin,
  publishVisitorSite,
  testIp,
  type VisitorSite,
  visitorCall,
} from '../support/visitor-site.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

const PASSWORD = 'Member#Pass1'
const newEmail = () => `member-${randomUUID().slice(0, 8)}@example.com`
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const edgePort = () => new URL(urls.edge).port
const siteOrigin = (site: VisitorSite) => ownOrigin(site, urls.edge)

const memberOf = async (siteId: string, email: string) => {
  const { SiteMembers } = await import('../../functions/src/data/submissions.ts')
  return (await SiteMembers.get({ siteId, email }).go()).data
}

/** The members-pool user of an email on a site: whether it may sign in. */
const poolUser = async (site: VisitorSite, email: string) => {
  const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider')
  const { cognito, membersPool } = await import('../../functions/src/platform/services/cognito.ts')
  const user = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: membersPool.id, Username: `${site.siteId}#${email}` }),
  )
  return { enabled: user.Enabled, status: user.UserStatus }
}

const MEMBER = MEMBER_REQUEST

/** The one `Set-Cookie` of an answer. */
const setCookieOf = (headers: Headers) => {
  const cookies = headers.getSetCookie()
  expect(cookies).toHaveLength(1)
  return cookies[0]!
}

/** The `Cookie` header a browser sends back for the session an answer set. */
const cookieOf = (headers: Headers) => setCookieOf(headers).split(';')[0]!

/** The token of the newest sign-up link mailed to an address, and the link itself. */
const linkIn = (text: string | undefined) => {
  const link = text?.match(/https?:\/\/\S+register-complete\?token=\S+/)?.[0]
  expect(link, text).toBeDefined()
  return { link: link!, token: decodeURIComponent(new URL(link!).searchParams.get('token')!) }
}

describe('site members', () => {
  let token: string
  let siteA: VisitorSite
  let siteB: VisitorSite
  let draft: VisitorSite
  let formless: VisitorSite

  beforeAll(async () => {
    token = await formsCreator(http)
    ;[siteA, siteB, draft, formless] = await Promise.all([
      publishVisitorSite(http, token),
      publishVisitorSite(http, token),
      publishVisitorSite(http, token, { publish: false }),
      publishVisitorSite(http, token, { forms: false }),
    ])
  })

  const call = (method: 'GET' | 'POST', path: string, options: Parameters<typeof visitorCall>[3] = {}) =>
    visitorCall(urls.api, method, path, options)
  const post = (
    site: VisitorSite,
    action: string,
    body: unknown,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) => call('POST', `/end-user/site/${site.siteId}/${action}`, { ...options, body })
  const register = (
    site: VisitorSite,
    lang: 'JP' | 'EN',
    email: string,
    extra: Record<string, unknown> = {},
  ) =>
    post(site, 'register', {
      lang,
      data: {
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        nickname: 'Neo',
        ...(lang === 'JP' ? { agreement: true } : {}),
        ...extra,
      },
    })
  /** Sign-in as the site's own sign-in page sends it (its own origin, the member header). */
  const login = (
    site: VisitorSite,
    email: string,
    password = PASSWORD,
    headers: Record<string, string> = { ...MEMBER, origin: siteOrigin(site) },
  ) => call('POST', `/end-user/site/${site.siteId}/login?lang=EN`, { body: { email, password }, headers })
  const confirm = (site: VisitorSite, confirmToken: string) =>
    post(site, 'register/confirm?lang=EN', { token: confirmToken })

  /** A member registered (in English) and confirmed on a site; its session cookie (`Cookie` value). */
  const activeMember = async (site: VisitorSite, email = newEmail()) => {
    const before = (await mailsTo(urls.mail, email)).length
    expect((await register(site, 'EN', email)).status).toBe(202)
    const { token: confirmToken } = linkIn((await waitForMail(urls.mail, email, before + 1)).body.text)
    expect((await confirm(site, confirmToken)).status).toBe(200)
    const signedIn = await login(site, email)
    expect(signedIn.status, signedIn.text).toBe(200)
    return { email, cookie: cookieOf(signedIn.headers) }
  }

  it('describes the membership form of each language, with the agreement where the company requires it', async () => {
    const en = await call('GET', `/end-user/site/${siteA.siteId}/membership-setting?lang=en`)
    expect(en.status).toBe(200)
    expect(en.body).toEqual({
      lang: 'EN',
      enabled: true,
      fields: [
        {
          name: 'email',
          key: 'email',
          type_input: 'TEXT_BOX',
          title: 'Email',
          placeholder: '',
          is_required: true,
          options: [],
        },
        {
          name: 'password',
          key: 'password',
          type_input: 'TEXT_BOX',
          title: 'Password',
          placeholder: '',
          is_required: true,
          options: [],
        },
        {
          name: 'confirm_password',
          key: 'confirm_password',
          type_input: 'TEXT_BOX',
          title: 'Confirm password',
          placeholder: '',
          is_required: true,
          options: [],
        },
        {
          name: 'nickname',
          key: null,
          type_input: 'TEXT_BOX',
          title: 'Nickname',
          placeholder: '',
          is_required: false,
          options: [],
        },
      ],
      show_company: false,
      agreement_required: false,
      agreement_field: 'agreement',
      honeypot_field: 'website',
    })
    const jp = await call('GET', `/end-user/site/${siteA.siteId}/membership-setting`)
    expect(jp.body).toMatchObject({ lang: 'JP', enabled: true, show_company: true, agreement_required: true })
  })

  it('signs a visitor up by mail in the page language, then in, then opens the members-only creative', async () => {
    const email = newEmail()
    const ip = testIp()
    const registered = await register(siteA, 'EN', ` ${email.toUpperCase()} `, { injected: 'dropped' })
    expect(registered.status, registered.text).toBe(202)
    expect(registered.body).toEqual({ status: 'sent' })
    expect(registered.headers.get('cache-control')).toBe('no-store')

    // The mail is English, with the site's English link (the language segment, not the default's).
    const mail = await waitForMail(urls.mail, email)
    expect(mail.subject).toBe('フォームのテスト: complete your member registration')
    expect(mail.body.html).toBeUndefined()
    const { link, token: confirmToken } = linkIn(mail.body.text)
    expect(link.startsWith(`${siteOrigin(siteA)}/en/register-complete?token=`)).toBe(true)
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.body.text).toContain('within 24 hours')

    // PENDING, its token only as a hash, its answers without the credentials.
    const pending = await memberOf(siteA.siteId, email)
    expect(pending).toMatchObject({
      status: 'PENDING',
      lang: 'EN',
      company: '',
      answers: [{ name: 'nickname', title: 'Nickname', value: 'Neo' }],
      tokenHash: sha256(confirmToken),
    })
    expect(Date.parse(pending!.tokenExpiresAt!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
    expect(JSON.stringify(pending)).not.toContain(PASSWORD)
    expect(JSON.stringify(pending)).not.toContain(confirmToken)
    // The password is the pool user's, which stays disabled until the link is opened.
    expect(await poolUser(siteA, email)).toEqual({ enabled: false, status: 'CONFIRMED' })

    // A pending member cannot sign in.
    const early = await login(siteA, email)
    expect(early.status).toBe(401)
    expect(early.body.error).toEqual({
      code: 'endUser.loginFailed',
      message: 'The email address or password is incorrect.',
    })

    const confirmed = await post(siteA, 'register/confirm', { token: confirmToken }, { ip })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body).toEqual({ status: 'active', email })
    expect(await poolUser(siteA, email)).toEqual({ enabled: true, status: 'CONFIRMED' })
    const active = await memberOf(siteA.siteId, email)
    expect(active).toMatchObject({ status: 'ACTIVE', confirmedAt: expect.any(String) })
    expect(active?.tokenHash).toBeUndefined()
    // The link works once.
    const again = await post(siteA, 'register/confirm', { token: confirmToken }, { ip })
    expect(again.status).toBe(404)
    expect(again.body.error.code).toBe('endUser.registrationInvalid')

    expect((await login(siteA, email, 'Wrong#Pass1')).status).toBe(401)
    const signedIn = await login(siteA, email.toUpperCase())
    expect(signedIn.status, signedIn.text).toBe(200)
    // The session is an HttpOnly cookie of this site's end-user API only; the body holds no token.
    expect(signedIn.body).toEqual({ email, expires_in: 3600 })
    const setCookie = setCookieOf(signedIn.headers)
    expect(setCookie).toMatch(
      new RegExp(
        `^swipe_member=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Path=/api/v1/end-user/site/${siteA.siteId}/; Max-Age=3600; HttpOnly; SameSite=Strict$`,
      ),
    )
    // Host-only (no Domain), and not Secure on the local http stack (MEMBER_COOKIE_SECURE=false).
    expect(setCookie).not.toMatch(/domain=|secure/i)
    const memberCookie = cookieOf(signedIn.headers)
    const memberToken = memberCookie.slice('swipe_member='.length)
    expect(signedIn.text).not.toContain(memberToken)
    expect(signedIn.headers.get('cache-control')).toBe('no-store')

    const page = (visibility: 'public' | 'private', headers: Record<string, string> = {}) =>
      call('GET', `/end-user/site/${siteA.siteId}/page/2/${visibility}?lang=JP`, { headers })
    const asMember = (cookie = memberCookie, more: Record<string, string> = {}) => ({
      ...MEMBER,
      cookie,
      ...more,
    })
    expect((await page('public')).status).toBe(403)
    expect((await page('public')).body.error.code).toBe('endUser.membersOnly')
    const anonymous = await page('private', MEMBER)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error.code).toBe('error.unauthorized')
    expect((await page('private', asMember(`swipe_member=${await expiredCopyOf(memberToken)}`))).status).toBe(
      401,
    )
    expect((await page('private', asMember('swipe_member=not-a-token'))).status).toBe(401)
    // The token is no bearer credential any more: only the cookie opens the page.
    expect((await page('private', { ...MEMBER, authorization: `Bearer ${memberToken}` })).status).toBe(401)

    // Another origin's request is refused before the cookie is read: Sec-Fetch-Site says so, or the
    // member header (which no other origin can send without a preflight the API never grants) is missing.
    for (const [headers, reason] of [
      [asMember(memberCookie, { 'sec-fetch-site': 'cross-site' }), 'cross-site'],
      [asMember(memberCookie, { 'sec-fetch-site': 'same-site' }), 'same-site'],
      [asMember(memberCookie, { 'sec-fetch-site': 'none' }), 'typed address'],
      [{ cookie: memberCookie, 'sec-fetch-site': 'same-origin' }, 'no member header'],
      [{ cookie: memberCookie, 'x-swipe-member': 'yes' }, 'wrong member header'],
    ] as const) {
      const refused = await page('private', headers)
      expect(refused.status, reason).toBe(403)
      expect(refused.body.error, reason).toEqual({
        code: 'endUser.crossOrigin',
        message: translate('ja', 'endUser.crossOrigin'),
      })
      expect(refused.text, reason).not.toContain('会員だけの秘密')
    }

    const opened = await page('private', asMember())
    expect(opened.status, opened.text).toBe(200)
    expect(opened.headers.get('cache-control')).toBe('private, no-store')
    expect(opened.body).toMatchObject({
      lang: 'JP',
      creative: {
        position: 'B1',
        order: 2,
        locked: false,
        main_text: '会員だけの秘密',
        media_url: expect.any(String),
        products: [{ id: 'secret', product_name: '秘密の商品', image_url: expect.any(String), price: 1 }],
      },
    })
    // A request without Fetch Metadata (a non-browser client, an old browser) passes on the header.
    expect((await page('private', { cookie: memberCookie, 'x-swipe-member': '1' })).status).toBe(200)
    const products = await call('GET', `/end-user/site/${siteA.siteId}/product/private?position=B1&lang=JP`, {
      headers: asMember(),
    })
    expect(products.status).toBe(200)
    expect(products.body).toMatchObject({
      lang: 'JP',
      position: 'B1',
      products: [{ product_name: '秘密の商品' }],
    })
    const crossProducts = await call('GET', `/end-user/site/${siteA.siteId}/product/private?position=B1`, {
      headers: asMember(memberCookie, { 'sec-fetch-site': 'cross-site' }),
    })
    expect(crossProducts.status).toBe(403)
    expect((await call('GET', `/end-user/site/${siteA.siteId}/product/public?position=B1`)).status).toBe(403)
    // The public creative opens with the session too.
    const publicOne = await call('GET', `/end-user/site/${siteA.siteId}/page/1/private`, {
      headers: asMember(),
    })
    expect(publicOne.body.creative).toMatchObject({ position: 'A1', locked: false, main_text: '公開' })

    // Signing out expires the cookie (only from the site's own pages).
    const outside = await post(siteA, 'logout', {}, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(outside.status).toBe(403)
    expect(outside.headers.getSetCookie()).toEqual([])
    const out = await post(siteA, 'logout', {}, { headers: MEMBER })
    expect(out.status).toBe(204)
    expect(setCookieOf(out.headers)).toBe(
      `swipe_member=; Path=/api/v1/end-user/site/${siteA.siteId}/; Max-Age=0; HttpOnly; SameSite=Strict`,
    )
  })

  it('issues a session only on the site’s own origin: never on the shared path-form host, another site’s host, or to another origin’s request', async () => {
    const { email } = await activeMember(siteA)
    const refusedLogin = async (headers: Record<string, string>, code: string, reason: string) => {
      const answer = await login(siteA, email, PASSWORD, headers)
      expect(answer.status, reason).toBe(403)
      expect(answer.body.error, reason).toEqual({ code, message: translate('en', code as never) })
      expect(answer.headers.getSetCookie(), reason).toEqual([])
    }
    const shared = `http://sites.localhost:${edgePort()}`
    await refusedLogin({ ...MEMBER, origin: shared }, 'endUser.signInOnSiteHost', 'the shared path-form host')
    await refusedLogin(
      { ...MEMBER, origin: siteOrigin(siteB) },
      'endUser.signInOnSiteHost',
      "another site's own host",
    )
    await refusedLogin({ ...MEMBER, origin: 'null' }, 'endUser.signInOnSiteHost', 'an opaque origin')
    await refusedLogin({ origin: siteOrigin(siteA) }, 'endUser.crossOrigin', 'no member header')
    await refusedLogin(
      { ...MEMBER, 'sec-fetch-site': 'same-site', origin: siteOrigin(siteA) },
      'endUser.crossOrigin',
      'a same-site page of another origin',
    )
    // No other origin may send the member header or credentials: the preflight grants neither.
    for (const path of [
      `/end-user/site/${siteA.siteId}/login`,
      `/end-user/site/${siteA.siteId}/page/2/private`,
    ]) {
      const preflight = await fetch(`${urls.api}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: siteOrigin(siteB),
          'access-control-request-method': path.endsWith('login') ? 'POST' : 'GET',
          'access-control-request-headers': 'x-swipe-member',
        },
      })
      expect(preflight.headers.get('access-control-allow-credentials'), path).toBeNull()
      expect(preflight.headers.get('access-control-allow-headers') ?? '', path).not.toContain(
        'x-swipe-member',
      )
    }
    // The site's own origin signs in (the letter case of its host does not matter).
    const own = await login(siteA, email, PASSWORD, {
      ...MEMBER,
      origin: siteOrigin(siteA).toUpperCase().replace('HTTP://', 'http://'),
    })
    expect(own.status, own.text).toBe(200)
    expect(cookieOf(own.headers)).toMatch(/^swipe_member=/)
  })

  it('says an expired link expired (410) and mails a new one on request', async () => {
    const email = newEmail()
    expect((await register(siteA, 'JP', email)).status).toBe(202)
    const first = await waitForMail(urls.mail, email)
    // Japanese, the default language: no language segment.
    expect(first.subject).toBe('【フォームのテスト】会員登録を完了してください')
    const { link, token: oldToken } = linkIn(first.body.text)
    expect(link.startsWith(`${siteOrigin(siteA)}/register-complete?token=`)).toBe(true)

    const { SiteMembers } = await import('../../functions/src/data/submissions.ts')
    await SiteMembers.patch({ siteId: siteA.siteId, email })
      .set({ tokenExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .go()
    const expired = await post(siteA, 'register/confirm', { token: oldToken })
    expect(expired.status).toBe(410)
    expect(expired.body.error).toEqual({
      code: 'endUser.registrationExpired',
      message: translate('ja', 'endUser.registrationExpired'),
    })
    expect((await login(siteA, email)).status).toBe(401)

    const resent = await post(siteA, 'resend-register-email', { lang: 'JP', email: email.toUpperCase() })
    expect(resent.status).toBe(202)
    expect(resent.body).toEqual({ status: 'sent' })
    const { token: newToken } = linkIn((await waitForMail(urls.mail, email, 2)).body.text)
    expect(newToken).not.toBe(oldToken)
    expect((await post(siteA, 'register/confirm', { token: oldToken })).status).toBe(404)
    const confirmed = await post(siteA, 'register/confirm', { token: newToken })
    expect(confirmed.status).toBe(200)
    expect((await login(siteA, email)).status).toBe(200)
  })

  it('answers a registration of an existing member exactly like a new one, and mails the member a notice', async () => {
    const { email: existing } = await activeMember(siteA)
    const fresh = newEmail()
    const mailsBefore = (await mailsTo(urls.mail, existing)).length
    const ip = testIp()
    const send = (email: string) =>
      post(
        siteA,
        'register',
        {
          lang: 'EN',
          data: { email, password: 'Other#Pass2', confirm_password: 'Other#Pass2', nickname: 'Trinity' },
        },
        { ip },
      )
    const [toExisting, toNew] = [await send(existing), await send(fresh)]
    expect(toExisting.status).toBe(202)
    expect(toNew.status).toBe(202)
    expect(toExisting.text).toBe(toNew.text)
    for (const name of ['content-type', 'cache-control', 'content-length'])
      expect(toExisting.headers.get(name), name).toBe(toNew.headers.get(name))

    // The new email gets its link; the member a notice with the sign-in page and no link to confirm.
    expect(linkIn((await waitForMail(urls.mail, fresh)).body.text).token).toBeTruthy()
    const notice = await waitForMail(urls.mail, existing, mailsBefore + 1)
    expect(notice.subject).toBe('フォームのテスト: you are already a member')
    expect(notice.body.text).toContain(`${siteOrigin(siteA)}/en/login`)
    expect(notice.body.text).not.toContain('register-complete')
    // Nothing about the member changed: the old password still signs in, the new one does not.
    expect(await memberOf(siteA.siteId, existing)).toMatchObject({
      status: 'ACTIVE',
      answers: [{ value: 'Neo' }],
    })
    expect((await login(siteA, existing)).status).toBe(200)
    expect((await login(siteA, existing, 'Other#Pass2')).status).toBe(401)

    // Resend: an unknown email and a pending one answer alike; only the pending one gets a mail.
    const unknown = newEmail()
    const [resendUnknown, resendPending] = [
      await post(siteA, 'resend-register-email', { lang: 'EN', email: unknown }, { ip }),
      await post(siteA, 'resend-register-email', { lang: 'EN', email: fresh }, { ip }),
    ]
    expect(resendUnknown.status).toBe(202)
    expect(resendUnknown.text).toBe(resendPending.text)
    await waitForMail(urls.mail, fresh, 2)
    expect(await mailsTo(urls.mail, unknown)).toEqual([])
  })

  it('does the same work inside sign-up and resend for every email; the jobs alone decide who is mailed', async () => {
    const { email: member } = await activeMember(siteA)
    const fresh = newEmail()
    const unknown = newEmail()
    const ip = testIp()
    const inline = (action: 'register' | 'resend-register-email', body: unknown) =>
      runInline(
        async () =>
          action === 'register'
            ? ((await import('../../functions/src/endUser/register.ts')).handler as never)
            : ((await import('../../functions/src/endUser/resendRegisterEmail.ts')).handler as never),
        apiEvent('POST', `/end-user/site/{siteId}/${action}`, `/end-user/site/${siteA.siteId}/${action}`, {
          body,
          sourceIp: ip,
        }),
      )
    /** The request's answer and its own work: its AWS calls and the jobs it handed over (their kind and input's names). */
    const work = (run: Awaited<ReturnType<typeof inline>>) => ({
      status: run.result.statusCode,
      body: run.result.body,
      headers: run.result.headers,
      calls: run.calls,
      jobs: run.jobs.map((job) => [job.context, job.type, Object.keys(job.input ?? {})]),
    })
    const signUp = (email: string) =>
      inline('register', {
        lang: 'EN',
        data: { email, password: PASSWORD, confirm_password: PASSWORD, nickname: 'Neo' },
      })
    const memberMails = (await mailsTo(urls.mail, member)).length
    const [toMember, toNew] = [await signUp(member), await signUp(fresh)]
    expect(work(toMember)).toEqual(work(toNew))
    expect(work(toNew)).toMatchObject({
      status: 202,
      body: JSON.stringify({ status: 'sent' }),
      jobs: [['endUser', 'registration', ['siteId', 'lang', 'email', 'password', 'company', 'answers']]],
    })
    // No member lookup in Cognito, no mail inside the request.
    expect(toNew.calls.filter((call) => !call.startsWith('dynamodb:') && !call.startsWith('s3:'))).toEqual([])
    expect(await mailsTo(urls.mail, fresh)).toHaveLength(0)
    expect(await mailsTo(urls.mail, member)).toHaveLength(memberMails)
    const endUserJobs = async () => (await import('../../functions/src/endUser/jobs.ts')).jobs
    await runJobs([...toMember.jobs, ...toNew.jobs], endUserJobs)
    expect(linkIn((await waitForMail(urls.mail, fresh)).body.text).token).toBeTruthy()
    expect((await waitForMail(urls.mail, member, memberMails + 1)).subject).toBe(
      'フォームのテスト: you are already a member',
    )

    // Resend: an unknown email and a pending one, alike in the request; the pending one's job mails.
    const [toUnknown, toPending] = [
      await inline('resend-register-email', { lang: 'EN', email: unknown }),
      await inline('resend-register-email', { lang: 'EN', email: fresh }),
    ]
    expect(work(toUnknown)).toEqual(work(toPending))
    expect(work(toPending)).toMatchObject({
      status: 202,
      jobs: [['endUser', 'resendRegistration', ['siteId', 'lang', 'email']]],
    })
    expect(
      toPending.calls.filter((call) => !call.startsWith('dynamodb:') && !call.startsWith('s3:')),
    ).toEqual([])
    await runJobs([...toUnknown.jobs, ...toPending.jobs], endUserJobs)
    await waitForMail(urls.mail, fresh, 2)
    expect(await mailsTo(urls.mail, unknown)).toEqual([])
  })

  it('lets one email join two sites independently; a session opens only its own site', async () => {
    const email = newEmail()
    const a = await activeMember(siteA, email)
    const b = await activeMember(siteB, email)
    expect(await memberOf(siteA.siteId, email)).toMatchObject({ status: 'ACTIVE' })
    expect(await memberOf(siteB.siteId, email)).toMatchObject({ status: 'ACTIVE' })
    expect(a.cookie).not.toBe(b.cookie)
    const links = (await mailsTo(urls.mail, email)).map((m) => linkIn(m.body.text).link)
    expect(links.filter((l) => l.startsWith(siteOrigin(siteA)))).toHaveLength(1)
    expect(links.filter((l) => l.startsWith(siteOrigin(siteB)))).toHaveLength(1)

    const privateOf = (site: VisitorSite, cookie: string) =>
      call('GET', `/end-user/site/${site.siteId}/page/B1/private?lang=JP`, { headers: { ...MEMBER, cookie } })
    expect((await privateOf(siteA, a.cookie)).status).toBe(200)
    expect((await privateOf(siteB, b.cookie)).status).toBe(200)
    // A browser never sends A's cookie to B's path; a client that does is refused all the same.
    const crossed = await privateOf(siteB, a.cookie)
    expect(crossed.status).toBe(403)
    expect(crossed.body.error).toEqual({
      code: 'endUser.otherSite',
      message: translate('ja', 'endUser.otherSite'),
    })
    const crossedProducts = await call('GET', `/end-user/site/${siteA.siteId}/product/private?position=B1`, {
      headers: { ...MEMBER, cookie: b.cookie },
    })
    expect(crossedProducts.status).toBe(403)
    // Both cookies sent (as to a path both matched): the first one counts, and it must be this site's.
    expect((await privateOf(siteA, `${a.cookie}; ${b.cookie}`)).status).toBe(200)
    expect((await privateOf(siteA, `${b.cookie}; ${a.cookie}`)).status).toBe(403)
    // An admin-pool token is no member session.
    expect((await privateOf(siteA, `swipe_member=${token}`)).status).toBe(401)
  })

  it('refuses a sign-up that breaks the form rules (400 with each field) or fills the honeypot, storing and mailing nothing', async () => {
    const email = newEmail()
    const invalid = await post(siteA, 'register', {
      lang: 'JP',
      data: { email, password: 'Member#Pass1', confirm_password: 'Member#Pass2' },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.code).toBe('error.validation')
    expect(invalid.body.error.details).toEqual([
      {
        path: 'body.data.agreement',
        code: 'validation.agreementRequired',
        message: translate('ja', 'validation.agreementRequired'),
        params: {},
      },
      {
        path: 'body.data.confirm_password',
        code: 'validation.passwordMismatch',
        message: 'パスワードが一致しません。',
        params: {},
      },
    ])
    const weak = await post(siteA, 'register', {
      lang: 'EN',
      data: { email: 'not-an-email', password: 'short', confirm_password: 'short' },
    })
    expect(weak.status).toBe(400)
    expect(weak.body.error.message).toBe('Some fields are not valid.')
    expect(weak.body.error.details.map((d: { path: string; code: string }) => `${d.path} ${d.code}`)).toEqual(
      expect.arrayContaining([
        'body.data.email validation.email',
        'body.data.password validation.passwordLength',
      ]),
    )

    const spam = await register(siteA, 'EN', email, {})
    expect(spam.status).toBe(202)
    const bot = newEmail()
    const refused = await post(siteA, 'register', {
      lang: 'EN',
      data: { email: bot, password: PASSWORD, confirm_password: PASSWORD },
      website: 'https://spam.example.com',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({
      code: 'endUser.refused',
      message: translate('en', 'endUser.refused'),
    })
    await waitForMail(urls.mail, email)
    expect(await memberOf(siteA.siteId, bot)).toBeNull()
    expect(await mailsTo(urls.mail, bot)).toEqual([])
  })

  it('knows no unpublished site, and no sign-up where the membership form is off', async () => {
    const email = newEmail()
    for (const [action, body] of [
      [
        'register',
        { lang: 'JP', data: { email, password: PASSWORD, confirm_password: PASSWORD, agreement: true } },
      ],
      ['resend-register-email', { lang: 'JP', email }],
      ['login', { email, password: PASSWORD }],
      ['register/confirm', { token: 'x'.repeat(43) }],
    ] as const) {
      const answer = await post(draft, action, body, { headers: MEMBER })
      expect(answer.status, action).toBe(404)
      expect(answer.body.error.code, action).toBe('error.notFound')
    }
    expect((await call('GET', `/end-user/site/${draft.siteId}/membership-setting`)).status).toBe(404)
    const off = await call('GET', `/end-user/site/${formless.siteId}/membership-setting`)
    expect(off.body).toMatchObject({ enabled: false })
    expect((await post(formless, 'register', { lang: 'JP', data: { email } })).status).toBe(404)
    expect(await memberOf(draft.siteId, email)).toBeNull()
    expect(await mailsTo(urls.mail, email)).toEqual([])
  })
})
