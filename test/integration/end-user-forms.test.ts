import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, mailsTo } from '../support/api.ts'
import { freshWindow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import {
  formsCreator,
  publishVisitorSite,
  testIp,
  type VisitorSite,
  visitorCall,
} from '../support/visitor-site.ts'

// This worker's own SES client points at a closed port, so a handler run in-process fails to mail
// (the mail-failure case); every other call goes through the gateway, which mails as usual.
const { urls } = useStackEnv({ SES_ENDPOINT: 'http://127.0.0.1:9' })
// Handlers run in this worker on the stack's platform, whose mail goes to that unreachable SES.
useStackPlatform()
const http = api(urls.api)

const newEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.com`

const submissionsOf = async (siteId: string, kind: 'contact' | 'form') => {
  const { SiteSubmissions } = await import('../../functions/src/data/submissions.ts')
  return (await SiteSubmissions.query.byKind({ siteId, kind }).go({ pages: 'all' })).data
}
const submissionOf = async (siteId: string, kind: 'contact' | 'form', email: string) =>
  (await submissionsOf(siteId, kind)).filter((s) => s.email === email)

/** Rate windows of the visitor forms are fixed minutes (a test that fills one starts a fresh one). */
const MINUTE = 60_000

/** The recipient's mails that name a visitor's email. */
const mailsAbout = async (recipient: string, email: string) =>
  (await mailsTo(urls.mail, recipient)).filter((m) => m.subject.includes(email))

describe('visitor contact and homepage forms', () => {
  let site: VisitorSite
  let draft: VisitorSite
  let formless: VisitorSite
  let replying: VisitorSite

  beforeAll(async () => {
    const token = await formsCreator(http)
    ;[site, draft, formless, replying] = await Promise.all([
      publishVisitorSite(http, token),
      publishVisitorSite(http, token, { publish: false }),
      publishVisitorSite(http, token, { forms: false }),
      publishVisitorSite(http, token, { replies: true }),
    ])
  })

  const call = (method: 'GET' | 'POST', path: string, options: Parameters<typeof visitorCall>[3] = {}) =>
    visitorCall(urls.api, method, path, options)
  const post = (target: VisitorSite, form: 'contact' | 'homepage', body: unknown, ip = testIp()) =>
    call('POST', `/end-user/site/${target.siteId}/${form}`, { body, ip })
  const contactBody = (email: string, data: Record<string, unknown> = {}) => ({
    lang: 'JP',
    data: { email, company: '株式会社ビジター', topic: 'Support', message: 'こんにちは', ...data },
  })

  it('describes the contact form without its recipient', async () => {
    const answer = await call('GET', `/end-user/site/${site.siteId}/contact-setting?lang=ja`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60')
    expect(answer.body).toEqual({
      lang: 'JP',
      enabled: true,
      fields: [
        {
          name: 'email',
          key: 'email',
          type_input: 'TEXT_BOX',
          title: 'メールアドレス',
          placeholder: '',
          is_required: true,
          options: [],
        },
        {
          name: 'company',
          key: 'company',
          type_input: 'TEXT_BOX',
          title: '会社名',
          placeholder: '',
          is_required: true,
          options: [],
        },
        {
          name: 'topic',
          key: null,
          type_input: 'SELECT',
          title: 'ご用件',
          placeholder: '',
          is_required: true,
          options: [
            { value: 'Sales', is_default: true },
            { value: 'Support', is_default: false },
          ],
        },
        {
          name: 'message',
          key: null,
          type_input: 'TEXT_BOX',
          title: 'お問い合わせ内容',
          placeholder: '',
          is_required: false,
          options: [],
        },
      ],
      company_name: '株式会社テスト',
      show_company: false,
      agreement_required: false,
      agreement_field: 'agreement',
      honeypot_field: 'website',
    })
    expect(answer.text).not.toContain(site.recipient)
    const homepage = await call('GET', `/end-user/site/${site.siteId}/homepage-setting?lang=EN`)
    expect(homepage.body).toMatchObject({
      lang: 'EN',
      enabled: true,
      fields: [{ name: 'email' }, {}, { name: 'interests' }, { name: 'people' }],
    })
    expect(homepage.body).not.toHaveProperty('company_name')
  })

  it('stores a contact submission and mails it, as plain text, to the recipient in the form language', async () => {
    const email = newEmail()
    const sent = await post(
      site,
      'contact',
      contactBody(email.toUpperCase(), { message: '<b>太字</b>\n=HYPERLINK("x")', invented: 'dropped' }),
    )
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body).toEqual({ status: 'received' })
    expect(sent.headers.get('cache-control')).toBe('no-store')

    // The API mails before it answers: the mail is in the capture already.
    const [ours, ...more] = await mailsAbout(site.recipient, email)
    expect(more).toEqual([])
    expect(ours).toBeDefined()
    expect(ours!.subject).toBe(`【フォームのテスト】お問い合わせが届きました（${email}）`)
    expect(ours!.body.html).toBeUndefined()
    expect(ours!.body.text).toContain(
      [
        `メールアドレス: ${email}`,
        '会社名: 株式会社ビジター',
        'ご用件: Support',
        'お問い合わせ内容: <b>太字</b>\n=HYPERLINK("x")',
      ].join('\n'),
    )

    const [stored, ...others] = await submissionOf(site.siteId, 'contact', email)
    expect(others).toEqual([])
    expect(stored).toMatchObject({
      siteId: site.siteId,
      kind: 'contact',
      lang: 'JP',
      email,
      company: '株式会社ビジター',
      mailStatus: 'SENT',
      answers: [
        { name: 'email', title: 'メールアドレス', value: email },
        { name: 'company', title: '会社名', value: '株式会社ビジター' },
        { name: 'topic', title: 'ご用件', value: 'Support' },
        { name: 'message', title: 'お問い合わせ内容', value: '<b>太字</b>\n=HYPERLINK("x")' },
      ],
    })
    expect(JSON.stringify(stored)).not.toContain('dropped')
  })

  it('stores a homepage form submission with its mode as kind "form", mailed in English', async () => {
    const email = newEmail()
    const sent = await post(site, 'homepage', {
      lang: 'EN',
      mode: 'quote',
      data: { email, company: 'Visitor Ltd', interests: ['A', 'C', 'A'], people: '１２' },
    })
    expect(sent.status, sent.text).toBe(201)
    const [stored] = await submissionOf(site.siteId, 'form', email)
    expect(stored).toMatchObject({
      kind: 'form',
      lang: 'EN',
      mode: 'quote',
      mailStatus: 'SENT',
      answers: [
        { name: 'email', title: 'Email', value: email },
        { name: 'company', title: 'Company', value: 'Visitor Ltd' },
        { name: 'interests', title: 'Interests', value: 'A, C' },
        { name: 'people', title: 'People', value: '12' },
      ],
    })
    const [mail] = await mailsAbout(site.recipient, email)
    expect(mail?.subject).toBe(`フォームのテスト: new entry from the form (${email})`)
    expect(mail?.body.text).toContain('Interests: A, C\nPeople: 12\nMode: quote')
  })

  it('answers 400 with a localised message per field and stores and mails nothing when the rules fail', async () => {
    const email = newEmail()
    const refused = await post(site, 'contact', contactBody(`${email}x@`, { topic: 'Other', company: ' ' }))
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({
      code: 'error.validation',
      message: '入力内容に誤りがあります。',
      details: [
        {
          path: 'body.data.email',
          code: 'validation.email',
          message: 'メールアドレスの形式が正しくありません。',
          params: {},
        },
        {
          path: 'body.data.company',
          code: 'validation.required',
          message: 'この項目は必須です。',
          params: { min: 1 },
        },
        {
          path: 'body.data.topic',
          code: 'validation.option',
          message: translate('ja', 'validation.option'),
          params: {},
        },
      ],
    })
    const english = await post(site, 'homepage', {
      lang: 'EN',
      data: { email, company: 'x', people: 'many' },
    })
    expect(english.status).toBe(400)
    expect(english.body.error.details).toEqual([
      { path: 'body.data.people', code: 'validation.number', message: 'Enter a number.', params: {} },
    ])
    const tooLong = await post(site, 'contact', contactBody(email, { message: 'x'.repeat(2001) }))
    expect(tooLong.body.error.details).toEqual([
      {
        path: 'body.data.message',
        code: 'validation.tooLong',
        message: '2000文字以内で入力してください。',
        params: { max: 2000 },
      },
    ])
    const wrongShape = await post(site, 'contact', { lang: 'JP', data: { email: 42 } })
    expect(wrongShape.status).toBe(400)
    expect(wrongShape.body.error.details[0].path).toBe('body.data.email')
    const tooBig = await post(site, 'contact', {
      lang: 'JP',
      data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'.repeat(2000)])),
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.error.code).toBe('error.payloadTooLarge')
    expect(await submissionOf(site.siteId, 'contact', email)).toEqual([])
    expect(await submissionOf(site.siteId, 'form', email)).toEqual([])
    expect(await mailsAbout(site.recipient, email)).toEqual([])
  })

  it('refuses a filled honeypot (400 endUser.refused) and stores and mails nothing', async () => {
    const email = newEmail()
    for (const form of ['contact', 'homepage'] as const) {
      const refused = await post(site, form, { ...contactBody(email), website: 'http://spam.example.com' })
      expect(refused.status, form).toBe(400)
      expect(refused.body.error).toEqual({
        code: 'endUser.refused',
        message: translate('ja', 'endUser.refused'),
      })
    }
    expect(await submissionOf(site.siteId, 'contact', email)).toEqual([])
    expect(await submissionOf(site.siteId, 'form', email)).toEqual([])
    expect(await mailsAbout(site.recipient, email)).toEqual([])
  })

  it('answers the first request past 30 a minute from one address with 429 and stores nothing', {
    timeout: 90_000,
  }, async () => {
    const ip = testIp()
    const email = newEmail()
    await freshWindow(MINUTE)
    // Every visitor POST counts, refused ones too: 30 invalid submissions use the minute's allowance.
    for (let i = 0; i < 30; i += 1) {
      const answer = await post(site, 'contact', contactBody(email, { topic: 'Other' }), ip)
      expect(answer.status, `request ${i + 1}`).toBe(400)
    }
    const limited = await post(site, 'contact', contactBody(email), ip)
    expect(limited.status).toBe(429)
    expect(limited.body.error).toEqual({
      code: 'error.tooManyRequests',
      message: translate('ja', 'error.tooManyRequests'),
    })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // The window is the address's: sign-in from it is limited too; another address is not.
    const signIn = await call('POST', `/end-user/site/${site.siteId}/login?lang=EN`, {
      body: { email, password: 'x' },
      ip,
    })
    expect(signIn.status).toBe(429)
    expect(signIn.body.error.message).toBe(translate('en', 'error.tooManyRequests'))
    expect(await submissionOf(site.siteId, 'contact', email)).toEqual([])
    expect(await mailsAbout(site.recipient, email)).toEqual([])
    expect((await post(site, 'contact', contactBody(email), testIp())).status).toBe(201)
  })

  it('takes the allowance before the body is checked: 30 malformed bodies use the minute', {
    timeout: 90_000,
  }, async () => {
    const ip = testIp()
    await freshWindow(MINUTE)
    for (let i = 0; i < 30; i += 1) {
      const answer = await post(site, 'contact', { data: 'not answers' }, ip)
      expect(answer.status, `request ${i + 1}`).toBe(400)
      expect(answer.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
        'body.data',
        'body.lang',
      ])
    }
    const limited = await post(site, 'contact', { data: 'not answers' }, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('error.tooManyRequests')
  })

  it('limits a site to 300 form requests a minute from all addresses together', {
    timeout: 120_000,
  }, async () => {
    const token = await formsCreator(http)
    const busy = await publishVisitorSite(http, token)
    const email = newEmail()
    await freshWindow(MINUTE)
    let statuses: number[] = []
    for (let batch = 0; batch < 15; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(busy, 'contact', contactBody(email, { topic: 'Other' }))),
      )
      statuses = [...statuses, ...answers.map((a) => a.status)]
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(300)
    const limited = await post(busy, 'homepage', { lang: 'JP', data: { email, company: 'x' } })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
    expect(await submissionOf(busy.siteId, 'form', email)).toEqual([])
    // Other sites are not affected.
    expect((await post(site, 'homepage', { lang: 'JP', data: { email, company: 'x' } })).status).toBe(201)
  })

  it('knows no unpublished site and takes nothing on a form that is not enabled', async () => {
    const email = newEmail()
    for (const form of ['contact', 'homepage'] as const) {
      const answer = await post(draft, form, contactBody(email))
      expect(answer.status, form).toBe(404)
      expect(answer.body.error).toEqual({
        code: 'error.notFound',
        message: 'ページまたはデータが見つかりません。',
      })
      expect((await call('GET', `/end-user/site/${draft.siteId}/${form}-setting`)).status).toBe(404)
      expect((await post(formless, form, contactBody(email))).status).toBe(404)
      expect((await call('GET', `/end-user/site/${formless.siteId}/${form}-setting`)).body).toMatchObject({
        enabled: false,
      })
    }
    expect(await submissionOf(draft.siteId, 'contact', email)).toEqual([])
    expect(await submissionOf(formless.siteId, 'contact', email)).toEqual([])
  })

  it('sends the creator’s automatic reply to the visitor, never their answers, at most 3 an hour per address', async () => {
    const email = newEmail()
    await freshWindow(60 * MINUTE)
    for (let i = 0; i < 4; i++) {
      const sent = await post(replying, 'contact', contactBody(email, { message: `秘密の相談 ${i}` }))
      expect(sent.status, sent.text).toBe(201)
    }
    // Every submission is stored and reaches the recipient; the visitor gets three replies, not four.
    expect(await submissionOf(replying.siteId, 'contact', email)).toHaveLength(4)
    expect(await mailsAbout(replying.recipient, email)).toHaveLength(4)
    const replies = await mailsTo(urls.mail, email)
    expect(replies).toHaveLength(3)
    for (const reply of replies) {
      expect(reply).toMatchObject({
        subject: 'お問い合わせを受け付けました',
        replyTo: [replying.recipient],
        body: {
          text: [
            'お問い合わせありがとうございます。',
            '担当より2営業日以内にご連絡します。',
            '',
            '--',
            'このメールは フォームのテスト のフォームに入力されたメールアドレスへの自動返信です。お心当たりのない場合は、このメールを破棄してください。',
          ].join('\n'),
        },
      })
      expect(reply.body.html).toBeUndefined()
    }
    // A form without one sends none.
    const other = newEmail()
    expect((await post(site, 'contact', contactBody(other))).status).toBe(201)
    expect(await mailsTo(urls.mail, other)).toEqual([])
  })

  it('serves the creator’s sent text, and a disabled form’s page says it is not accepting', async () => {
    const page = (target: VisitorSite, path: string) =>
      edgeGet(urls.edge, `${target.siteUuid}.sites.localhost`, path)
    const sent = await page(replying, '/contact-success')
    expect(sent.status).toBe(200)
    expect(sent.text).toContain(
      '<p class="st">ありがとうございました。\n担当より2営業日以内にご連絡します。</p>',
    )
    const closed = await page(formless, '/contact')
    expect(closed.status).toBe(200)
    expect(closed.text).toContain('<h1 id="h" tabindex="-1">現在受け付けていません</h1>')
    expect(closed.text).not.toContain('<form')
  })

  it('keeps a submission whose mail fails, marked FAILED, and still answers 201', async () => {
    // In this worker SES is unreachable (above): the handler runs here, against the same table.
    const { handler } = await import('../../functions/src/endUser/contact.ts')
    const email = newEmail()
    const body = JSON.stringify(contactBody(email))
    const event = {
      version: '2.0',
      routeKey: 'POST /api/v1/end-user/site/{siteId}/contact',
      rawPath: `/api/v1/end-user/site/${site.siteId}/contact`,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', 'x-viewer-address': `${testIp()}:443` },
      pathParameters: { siteId: site.siteId },
      requestContext: {
        http: { method: 'POST', path: `/api/v1/end-user/site/${site.siteId}/contact`, sourceIp: '127.0.0.1' },
        requestId: randomUUID(),
      },
      body,
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2
    const result = await handler(event, {} as Context)
    expect(result.statusCode).toBe(201)
    expect(JSON.parse(String(result.body))).toEqual({ status: 'received' })
    const [stored] = await submissionOf(site.siteId, 'contact', email)
    expect(stored).toMatchObject({ email, mailStatus: 'FAILED' })
  })
})
