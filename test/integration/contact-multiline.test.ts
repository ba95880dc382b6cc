import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, mailsTo } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import {
  formsCreator,
  publishVisitorSite,
  testIp,
  type VisitorSite,
  visitorCall,
} from '../support/visitor-site.ts'

/**
 * Issue 15 point 7: a contact form a Japanese business expects. A multi-line message arrives in the
 * creator's mail with its lines, Reply-To is the visitor's address, and the CSV keeps the lines.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

const newEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.com`
const MESSAGE = [
  'お世話になっております。',
  '見積もりをお願いできますでしょうか。',
  '',
  '=SUM(A1) 山田',
].join('\n')

describe('a multi-line contact message', () => {
  let site: VisitorSite
  let token: string

  beforeAll(async () => {
    token = await formsCreator(http)
    site = await publishVisitorSite(http, token, { messageType: 'TEXT_AREA' })
  })

  const post = (data: Record<string, unknown>) =>
    visitorCall(urls.api, 'POST', `/end-user/site/${site.siteId}/contact`, {
      body: { lang: 'JP', data },
      ip: testIp(),
    })
  const mailsAbout = async (email: string) =>
    (await mailsTo(urls.mail, site.recipient)).filter((m) => m.subject.includes(email))

  it('describes the message field as multi-line', async () => {
    const setting = await visitorCall(
      urls.api,
      'GET',
      `/end-user/site/${site.siteId}/contact-setting?lang=JP`,
    )
    expect(setting.status).toBe(200)
    expect(setting.body.fields.find((f: { name: string }) => f.name === 'message')).toEqual({
      name: 'message',
      key: null,
      type_input: 'TEXT_AREA',
      title: 'お問い合わせ内容',
      placeholder: '',
      is_required: false,
      options: [],
    })
  })

  it('mails the creator every line, with Reply-To set to the visitor, and stores the lines', async () => {
    const email = newEmail()
    const sent = await post({
      email: email.toUpperCase(),
      company: '株式会社ビジター',
      topic: 'Sales',
      // As a browser may send it: CRLF breaks.
      message: MESSAGE.replaceAll('\n', '\r\n'),
    })
    expect(sent.status, sent.text).toBe(201)

    const [mail, ...more] = await mailsAbout(email)
    expect(more).toEqual([])
    expect(mail!.destination.to).toEqual([site.recipient])
    expect(mail!.replyTo).toEqual([email])
    expect(mail!.body.text).toContain(`ご用件: Sales\nお問い合わせ内容: ${MESSAGE}`)

    const { SiteSubmissions } = await import('../../functions/src/data/submissions.ts')
    const stored = (await SiteSubmissions.query.byKind({ siteId: site.siteId, kind: 'contact' }).go()).data
    expect(stored.find((s) => s.email === email)?.answers).toContainEqual({
      name: 'message',
      title: 'お問い合わせ内容',
      value: MESSAGE,
    })

    // The CSV keeps the lines in one quoted cell; a message that starts like a formula is neutralised.
    const formulaEmail = newEmail()
    const formula = await post({ email: formulaEmail, company: 'x', topic: 'Sales', message: '=1+1\n2行目' })
    expect(formula.status).toBe(201)
    const csv = await fetch(`${urls.api}/site-contact/${site.siteId}/export-csv`, {
      headers: { authorization: `Bearer ${token}`, 'x-lang': 'ja' },
    })
    expect(csv.status).toBe(200)
    const rows = parse((await csv.text()).replace(/^\uFEFF/, '')) as string[][]
    const column = rows[0]!.indexOf('お問い合わせ内容')
    expect(column).toBeGreaterThan(-1)
    expect(rows.find((row) => row.includes(email))?.[column]).toBe(MESSAGE)
    expect(rows.find((row) => row.includes(formulaEmail))?.[column]).toBe("'=1+1\n2行目")
  })

  it('takes 5,000 characters, refuses more with the field’s path, and mails nothing then', async () => {
    const email = newEmail()
    const refused = await post({ email, company: 'x', topic: 'Sales', message: 'あ'.repeat(5001) })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([
      {
        path: 'body.data.message',
        code: 'validation.tooLong',
        message: '5000文字以内で入力してください。',
        params: { max: 5000 },
      },
    ])
    expect(await mailsAbout(email)).toEqual([])
    const long = await post({ email, company: 'x', topic: 'Sales', message: 'あ'.repeat(5000) })
    expect(long.status, long.text).toBe(201)
  })
})
