import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { storeSite } from '../support/sites.ts'

/** Issue 12's lower findings, through the real handlers: headers, cursors, CSV cells. */
const { urls } = useStackEnv()
const http = api(urls.api)

let user: TestAccount
let userToken: string
let oemToken: string

/** A site stored straight through the entity, with a name the API would refuse to take. */
const seedSite = async (owner: TestAccount, name: string) => (await storeSite({ owner, name })).id

beforeAll(async () => {
  const oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
  user = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
  ;[userToken, oemToken] = await Promise.all([
    tokenFor(http, user.email, user.password),
    tokenFor(http, oem.email, oem.password),
  ])
})

describe('response headers', () => {
  it('every API response type carries nosniff; authenticated JSON and errors are no-store', async () => {
    await seedSite(user, 'ヘッダー確認')
    const answers = {
      json: await http.get('/site', { token: userToken }),
      csv: await http.get('/site/export', { token: userToken }),
      validation: await http.get('/site?limit=0', { token: userToken }),
      unauthorized: await http.get('/site'),
      forbidden: await http.get('/users', { token: userToken }),
      unknownRoute: await http.get('/no-such-route', { token: userToken }),
      publicJson: await http.get('/health'),
    }
    expect(Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.status]))).toEqual({
      json: 200,
      csv: 200,
      validation: 400,
      unauthorized: 401,
      forbidden: 403,
      unknownRoute: 404,
      publicJson: 200,
    })
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff')
      expect(answer.headers.get('cache-control'), name).toBe('no-store')
    }
    expect(answers.csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  })
})

describe('list cursors', () => {
  const malformed = ['not-a-cursor', '%%%', Buffer.from('[1,"x"]').toString('base64url'), 'e30']
  // A key of the right shape that the query refuses: another index's attributes.
  const foreign = Buffer.from(JSON.stringify({ pk: '$swipe#nope', sk: '$x' })).toString('base64url')

  it.each([...malformed, foreign])('GET /site with cursor %j is 400 on query.cursor', async (cursor) => {
    const answer = await http.get(`/site?cursor=${encodeURIComponent(cursor)}`, {
      token: userToken,
      lang: 'en',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: {
        code: 'error.validation',
        message: 'Some fields are not valid.',
        details: [{ path: 'query.cursor', code: 'validation.invalid', message: 'The value is not valid.' }],
      },
    })
  })

  it.each([...malformed, foreign])('GET /users with cursor %j is 400 on query.cursor', async (cursor) => {
    const answer = await http.get(`/users?cursor=${encodeURIComponent(cursor)}`, { token: oemToken })
    expect(answer.status).toBe(400)
    expect(answer.body.error.details).toEqual([
      { path: 'query.cursor', code: 'validation.invalid', message: expect.any(String) },
    ])
  })

  it('a cursor the API handed out still pages', async () => {
    await Promise.all([seedSite(user, 'ページ1'), seedSite(user, 'ページ2'), seedSite(user, 'ページ3')])
    const first = await http.get('/site?limit=2', { token: userToken })
    expect(first.status).toBe(200)
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const second = await http.get(`/site?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      token: userToken,
    })
    expect(second.status).toBe(200)
    expect(second.body.items.length).toBeGreaterThan(0)
  })
})

describe('CSV cells', () => {
  it('a NUL or other control character before a formula is removed and the cell neutralised', async () => {
    const oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
    const owner = await createAccount({ type: 'USER', parent: oem })
    const token = await tokenFor(http, owner.email, owner.password)
    await seedSite(owner, '\u0000=HYPERLINK("http://evil.example","x")')
    await seedSite(owner, '\u0001\u001f@SUM(A1)')
    const answer = await http.get('/site/export', { token })
    expect(answer.status).toBe(200)
    const text = String(answer.body)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not survive.
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(text).toContain(`'@SUM(A1)`)
  })
})
