import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { importJWK, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, setContractStatus, type TestAccount } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { apiEvent, runInline, runJobs } from '../support/inline.ts'
import { testIp } from '../support/visitor-site.ts'

const { urls, env } = useStackEnv()
const http = api(urls.api)

const login = async (loginId: string, password: string) =>
  http.post('/auth/login', { login_id: loginId, password })

const userInfoShape = (overrides: Record<string, unknown>) => ({
  id: expect.any(String),
  email: expect.any(String),
  account_type: expect.any(String),
  parent_type: expect.toBeOneOf([null, expect.any(String)]),
  user_type_segment: expect.any(String),
  company_name: expect.any(String),
  contact_name: expect.toBeOneOf([null, expect.any(String)]),
  authority: 'EDIT',
  admin_role: null,
  contract_status: 'ACTIVE',
  logo_url: null,
  main_color: null,
  text_color: null,
  menu_areas: expect.any(Array),
  allowed_actions: expect.any(Array),
  ...overrides,
})

describe('POST /auth/login', () => {
  it.each([
    ['master@example.com', 'Master#Local1', 'MASTER', 'master'],
    ['oem@example.com', 'Oem#Local1', 'OEM_MASTER', 'admin'],
    ['creator@example.com', 'Creator#Local1', 'USER', 'adminuser'],
  ])('signs in the seeded %s', async (email, password, type, segment) => {
    const response = await login(email.toUpperCase(), password)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: expect.any(Number),
      user_info: userInfoShape({ email, account_type: type, user_type_segment: segment }),
    })
    const info = await http.get('/auth/user-info', { token: response.body.access_token })
    expect(info.status).toBe(200)
    expect(info.body).toEqual(response.body.user_info)
  })

  it('answers wrong password and unknown login ID identically, localised', async () => {
    const wrong = await login('creator@example.com', 'Wrong#Pass1')
    const unknown = await login('nobody@example.com', 'Wrong#Pass1')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({
      error: { code: 'auth.loginFailed', message: 'ログインIDまたはパスワードが正しくありません。' },
    })
    expect(unknown.body).toEqual(wrong.body)
    const english = await http.post(
      '/auth/login',
      { login_id: 'nobody@example.com', password: 'x' },
      { lang: 'en' },
    )
    expect(english.body.error.message).toBe('The login ID or password is incorrect.')
  })

  it('refuses an empty form with field paths', async () => {
    const response = await http.post('/auth/login', { login_id: '', password: '' }, { lang: 'en' })
    expect(response.status).toBe(400)
    expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.loginId',
      'body.password',
    ])
  })

  it('locks a login ID after 5 failures, even for the right password, and says for how long', async () => {
    const account = await createAccount({ type: 'USER' })
    for (let i = 0; i < 5; i++) expect((await login(account.email, 'Wrong#Pass1')).status).toBe(401)
    const locked = await login(account.email, account.password)
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(locked.body.error).toEqual({
      code: 'auth.locked',
      message: 'ログインの失敗が続いたため、一時的にロックしています。15分後にもう一度お試しください。',
    })
    // Unknown IDs are counted the same way, so the lock reveals nothing.
    for (let i = 0; i < 5; i++) await login('ghost@example.com', 'Wrong#Pass1')
    expect((await login('ghost@example.com', 'Wrong#Pass1')).status).toBe(429)
  })
})

describe('first sign-in with a temporary password', () => {
  it('asks for a new password, then signs in with it', async () => {
    const account = await createAccount({ type: 'OEM_ADMIN', temporaryPassword: true })
    const first = await login(account.email, account.password)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      challenge: 'NEW_PASSWORD_REQUIRED',
      session: expect.any(String),
      login_id: account.email,
    })
    const weak = await http.post('/auth/complete-new-password', {
      login_id: account.email,
      session: first.body.session,
      new_password: 'short',
    })
    expect(weak.status).toBe(400)
    expect(weak.body.error.details[0].path).toBe('body.newPassword')
    const done = await http.post('/auth/complete-new-password', {
      login_id: account.email,
      session: first.body.session,
      new_password: 'Brand#New1',
    })
    expect(done.status).toBe(200)
    expect(done.body.user_info.account_type).toBe('OEM_ADMIN')
    expect((await login(account.email, 'Brand#New1')).status).toBe(200)
  })
})

describe('tokens', () => {
  let account: TestAccount
  let session: { access_token: string; refresh_token: string }
  beforeAll(async () => {
    account = await createAccount({ type: 'USER' })
    session = (await login(account.email, account.password)).body
  })

  it('refreshes the access token, and refuses the refresh token after log-out', async () => {
    const refreshed = await http.post('/auth/refresh-token', { refresh_token: session.refresh_token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toEqual({ access_token: expect.any(String), expires_in: expect.any(Number) })
    expect((await http.get('/auth/user-info', { token: refreshed.body.access_token })).status).toBe(200)
    const out = await http.post(
      '/auth/logout',
      { refresh_token: session.refresh_token },
      { token: session.access_token },
    )
    expect(out.status).toBe(204)
    const after = await http.post('/auth/refresh-token', { refresh_token: session.refresh_token })
    expect(after.status).toBe(401)
    expect(after.body.error.code).toBe('error.unauthorized')
  })

  it('gets 401 for no token, a tampered, an expired and a wrong-audience token', async () => {
    const fresh = (await login(account.email, account.password)).body.access_token as string
    const [header, payload, signature] = fresh.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, username: 'someone-else' })).toString('base64url')}.${signature}`

    // cognito-local signs with a key its package ships: sign tokens it would have issued, with one thing wrong.
    const require = createRequire(import.meta.url)
    const keyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json')
    const key = await importJWK(JSON.parse(readFileSync(keyFile, 'utf8')).jwk, 'RS256')
    const sign = (extra: Record<string, unknown>, exp: number) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(key)
    const now = Math.floor(Date.now() / 1000)
    const expired = await sign({}, now - 60)
    const wrongAudience = await sign({ client_id: env.MEMBERS_USER_POOL_CLIENT_ID }, now + 600)
    const otherPool = await sign({ iss: `${env.COGNITO_ENDPOINT}/${env.MEMBERS_USER_POOL_ID}` }, now + 600)
    const idToken = await sign({ token_use: 'id' }, now + 600)
    const valid = await sign({}, now + 600)

    expect((await http.get('/auth/user-info', { token: valid })).status).toBe(200)
    expect((await http.get('/auth/user-info')).status).toBe(401)
    for (const token of [tampered, expired, wrongAudience, otherPool, idToken, 'not-a-jwt']) {
      const response = await http.get('/auth/user-info', { token, lang: 'en' })
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        error: { code: 'error.unauthorized', message: 'Your session has ended. Please sign in again.' },
      })
    }
  })

  it('refuses a suspended, terminated or not-contracted account at once, with its token still valid', async () => {
    const target = await createAccount({ type: 'USER' })
    const { access_token, refresh_token } = (await login(target.email, target.password)).body
    expect((await http.get('/auth/user-info', { token: access_token })).status).toBe(200)
    for (const [status, code] of [
      ['SUSPENDED', 'error.accountSuspended'],
      ['TERMINATED', 'error.accountTerminated'],
      ['INACTIVE', 'error.accountInactive'],
    ] as const) {
      await setContractStatus(target.accountId, status)
      const refused = await http.get('/auth/user-info', { token: access_token })
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe(code)
      expect((await http.post('/auth/refresh-token', { refresh_token })).status).toBe(403)
      expect((await login(target.email, target.password)).body.error.code).toBe(code)
    }
    await setContractStatus(target.accountId, 'ACTIVE')
    expect((await http.get('/auth/user-info', { token: access_token })).status).toBe(200)
  })
})

describe('password reset', () => {
  it('answers unknown and known emails identically, mails a working single-use link', async () => {
    const account = await createAccount({ type: 'USER' })
    const known = await http.post('/auth/forgot-password', { email: account.email })
    const unknown = await http.post('/auth/forgot-password', { email: 'nobody-at-all@example.com' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual({
      message: 'このメールアドレスのアカウントが存在する場合、パスワード再設定用のリンクを送信しました。',
    })
    expect(unknown.body).toEqual(known.body)

    const mail = await waitForMail(urls.mail, account.email)
    expect(mail.subject).toBe('【Swipe LP Studio】パスワード再設定のご案内')
    const link = mail.body.text?.match(/https?:\/\/\S+/)?.[0] ?? ''
    expect(link.startsWith(`${env.ADMIN_ORIGIN}/new-password?token=`)).toBe(true)
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '')

    expect((await http.post('/auth/verify-token', { token })).body).toEqual({
      valid: true,
      email: account.email,
    })
    const weak = await http.post('/auth/reset-password', { token, new_password: 'weakpass' })
    expect(weak.status).toBe(400)
    const reset = await http.post('/auth/reset-password', { token, new_password: 'Reset#Pass1' })
    expect(reset.status).toBe(200)
    expect((await login(account.email, account.password)).status).toBe(401)
    expect((await login(account.email, 'Reset#Pass1')).status).toBe(200)

    const reused = await http.post('/auth/reset-password', { token, new_password: 'Again#Pass1' })
    expect(reused.status).toBe(400)
    expect(reused.body.error.code).toBe('auth.resetTokenInvalid')
    expect((await http.post('/auth/verify-token', { token })).status).toBe(400)
  })
})

describe('password reset: the same work for a known and an unknown email', () => {
  it('does the same calls inside the request and hands over the same job; only that job mails, the known email', async () => {
    const account = await createAccount({ type: 'USER' })
    const unknownEmail = `nobody-${randomUUID().slice(0, 8)}@example.com`
    const ip = testIp()
    const ask = (email: string) =>
      runInline(
        async () => (await import('../../functions/src/auth/forgotPassword.ts')).handler as never,
        apiEvent('POST', '/auth/forgot-password', '/auth/forgot-password', { body: { email }, sourceIp: ip }),
      )
    const known = await ask(account.email)
    const unknown = await ask(unknownEmail)
    expect(known.result.statusCode).toBe(200)
    expect(unknown.result.statusCode).toBe(200)
    expect(unknown.result.body).toBe(known.result.body)
    expect(unknown.result.headers).toEqual(known.result.headers)
    // The request itself: the same table calls in the same order (the rate limits), no account
    // lookup, no Cognito, no mail — those are the job's.
    expect(unknown.calls).toEqual(known.calls)
    expect(known.calls.length).toBeGreaterThan(0)
    expect(known.calls.filter((call) => !call.startsWith('dynamodb:'))).toEqual([])
    const handedOver = (run: typeof known) =>
      run.jobs.map((job) => [job.context, job.type, Object.keys(job.input ?? {})])
    expect(handedOver(known)).toEqual([['auth', 'passwordReset', ['email', 'locale']]])
    expect(handedOver(unknown)).toEqual(handedOver(known))
    expect(await mailsTo(urls.mail, account.email)).toEqual([])

    // The jobs decide: the account's email gets its link, the unknown one nothing.
    await runJobs(
      [...known.jobs, ...unknown.jobs],
      async () => (await import('../../functions/src/auth/jobs.ts')).jobs,
    )
    expect((await waitForMail(urls.mail, account.email)).subject).toBe(
      '【Swipe LP Studio】パスワード再設定のご案内',
    )
    expect(await mailsTo(urls.mail, unknownEmail)).toEqual([])
  })
})

describe('POST /auth/change-password', () => {
  it('changes the password only with the right current one', async () => {
    const account = await createAccount({ type: 'USER' })
    const token = (await login(account.email, account.password)).body.access_token
    const wrong = await http.post(
      '/auth/change-password',
      { old_password: 'Nope#Pass1', new_password: 'Next#Pass1' },
      { token },
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.details).toEqual([
      {
        path: 'body.oldPassword',
        code: 'auth.wrongPassword',
        message: '現在のパスワードが正しくありません。',
      },
    ])
    const done = await http.post(
      '/auth/change-password',
      { old_password: account.password, new_password: 'Next#Pass1' },
      { token },
    )
    expect(done.status).toBe(200)
    expect((await login(account.email, 'Next#Pass1')).status).toBe(200)
  })
})
