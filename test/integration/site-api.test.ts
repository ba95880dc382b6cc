import { createHash, randomUUID } from 'node:crypto'
import SwaggerParser from '@apidevtools/swagger-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { advanceStackClock, freshWindow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

/**
 * API issuing per site (issue 21; docs/decisions/0040-site-api.md): the
 * creator's settings and keys, and the site API (`/open/site/{siteId}/<tag>`) behind its
 * authentication — a key, basic credentials or an address list — with the rate limit.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; idempotencyKey?: string } = {},
) =>
  http.call(method, path, {
    ...options,
    lang: 'en',
    headers: {
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
  })

/** A site API call; `viewer` is an address the edge vouches for (the origin secret). */
const open = (siteId: string, tag: string, auth?: string, viewer?: string) =>
  send('GET', `/open/site/${siteId}/${tag}`, {
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(viewer
        ? { 'x-viewer-address': viewer, 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET ?? '' }
        : {}),
    },
  })

const bearer = (key: string) => `Bearer ${key}`
const basic = (id: string, password: string) => `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`

const KEY_FORMAT = /^slp_live_[0-9A-Za-z]{36}$/

const seedMember = async (siteId: string, email: string, createdAt: string) => {
  const { SiteMembers } = await import('../../functions/src/data/submissions.ts')
  await SiteMembers.create({
    siteId,
    email,
    memberId: randomUUID(),
    status: 'ACTIVE',
    lang: 'JP',
    company: '',
    answers: [{ name: 'email', title: 'メールアドレス', value: email }],
    createdAt,
    confirmedAt: createdAt,
  }).go()
}

const seedSubmission = async (siteId: string, kind: 'contact' | 'form', email: string) => {
  const { SiteSubmissions } = await import('../../functions/src/data/submissions.ts')
  await SiteSubmissions.create({
    siteId,
    kind,
    submissionId: randomUUID(),
    createdAt: new Date('2025-04-01T00:00:00.000Z').toISOString(),
    lang: 'JP',
    email,
    company: '',
    answers: [{ name: 'f-body', title: 'お問い合わせ内容', value: `${kind} from ${email}` }],
    mailStatus: 'NONE',
  }).go()
}

/** Every stored item of a site's API partition and of the hash index, as raw DynamoDB items. */
const storedApiItems = async (siteId: string) => {
  const { documentClient, tableName } = await import('../../functions/src/platform/services/dynamo.ts')
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb')
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `siteapi#${siteId}` },
      ConsistentRead: true,
    }),
  )
  return result.Items ?? []
}

describe('API issuing per site', () => {
  let token: string
  let otherToken: string
  let viewerToken: string
  let siteA: string
  let siteB: string
  let keyA: string
  let keyAId: string

  const put = (siteId: string, body: Record<string, unknown>) =>
    send('PUT', `/site/${siteId}/api`, { token, body })
  const versionOf = async (siteId: string) =>
    ((await send('GET', `/site/${siteId}/api`, { token })).body.version as number | null) ?? undefined
  const newKey = async (siteId: string, name: string) => {
    const created = await send('POST', `/site/${siteId}/api/keys`, { token, body: { name } })
    expect(created.status, created.text).toBe(201)
    return { key: created.body.key as string, id: created.body.item.id as string }
  }

  beforeAll(async () => {
    const tenants = await twoTenants(http)
    token = tenants.token
    otherToken = tenants.otherToken
    const viewer = await createAccount({ type: 'SUB_ADMIN', parent: tenants.user, adminRole: 'VIEWER' })
    viewerToken = (await http.post('/auth/login', { login_id: viewer.email, password: viewer.password })).body
      .access_token
    siteA = (await publishVisitorSite(http, token)).siteId
    const b = await http.post('/site', { name: 'B', number_horizontal: 1, number_vertical: 1 }, { token })
    siteB = b.body.global_setting.id
    await seedMember(siteA, 'alice@example.com', '2025-04-01T01:00:00.000Z')
    await seedMember(siteA, 'bob@example.com', '2025-04-02T01:00:00.000Z')
    await seedMember(siteB, 'other-site@example.com', '2025-04-02T01:00:00.000Z')
    await seedSubmission(siteA, 'contact', 'carol@example.com')
    await seedSubmission(siteA, 'form', 'dave@example.com')
  })

  it('starts disabled; the key method is refused without a key, and nothing is stored', async () => {
    const initial = await send('GET', `/site/${siteA}/api`, { token })
    expect(initial.status).toBe(200)
    expect(initial.body).toMatchObject({
      site_id: siteA,
      enabled: false,
      auth_method: 'API_KEY',
      keys: [],
      version: null,
      has_basic_password: false,
    })
    expect(
      initial.body.endpoints.map((e: { tag: string; method: string }) => `${e.method} ${e.tag}`),
    ).toEqual(['GET members', 'GET contacts', 'GET forms', 'GET analytics', 'GET content'])
    expect(initial.body.endpoints[0].url).toMatch(new RegExp(`/api/v1/open/site/${siteA}/members$`))
    const refused = await put(siteA, { enabled: true, auth_method: 'API_KEY' })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([
      {
        path: 'body.authMethod',
        code: 'validation.apiKeyRequired',
        message: 'Generate or enter an API key.',
      },
    ])
    const ipMissing = await put(siteA, { enabled: true, auth_method: 'IP_RESTRICTION', ip_list: [] })
    expect(ipMissing.status).toBe(400)
    expect(ipMissing.body.error.details[0]).toMatchObject({
      path: 'body.ipList',
      code: 'validation.ipRequired',
    })
    const badIp = await put(siteA, {
      enabled: true,
      auth_method: 'IP_RESTRICTION',
      ip_list: ['203.0.113.0/33'],
    })
    expect(badIp.status).toBe(400)
    expect(badIp.body.error.details[0]).toMatchObject({ path: 'body.ipList.0', code: 'validation.ipRange' })
    expect(await storedApiItems(siteA)).toEqual([])
  })

  it('issues a key once (idempotently), stores only its hash and prefix, and lists it', async () => {
    const idempotencyKey = randomUUID()
    const first = await send('POST', `/site/${siteA}/api/keys`, {
      token,
      body: { name: 'CRM' },
      idempotencyKey,
    })
    expect(first.status, first.text).toBe(201)
    expect(first.body.key).toMatch(KEY_FORMAT)
    expect(first.body.item).toMatchObject({
      name: 'CRM',
      prefix: first.body.key.slice(0, 13),
      status: 'ACTIVE',
      valid_until: null,
      revoked_at: null,
      last_used_at: null,
      rate_limit_per_minute: 60,
    })
    const again = await send('POST', `/site/${siteA}/api/keys`, {
      token,
      body: { name: 'CRM' },
      idempotencyKey,
    })
    expect(again.status).toBe(201)
    expect(again.body.key).toBe(first.body.key)
    keyA = first.body.key
    keyAId = first.body.item.id

    const listed = await send('GET', `/site/${siteA}/api`, { token })
    expect(listed.body.keys).toHaveLength(1)
    expect(listed.text).not.toContain(keyA)
    expect(listed.text).not.toContain(keyA.slice(13))

    // The table holds the SHA-256 and the prefix: neither the key nor its secret part.
    const stored = await storedApiItems(siteA)
    const dump = JSON.stringify(stored)
    expect(dump).not.toContain(keyA)
    expect(dump).not.toContain(keyA.slice(13, 40))
    const keyItem = stored.find((item) => item.keyId === keyAId)
    expect(keyItem?.keyHash).toBe(createHash('sha256').update(keyA).digest('hex'))
    expect(keyItem?.prefix).toBe(keyA.slice(0, 13))
  })

  it('with the key the members endpoint answers the site’s members; without it 401', async () => {
    const enabled = await put(siteA, { enabled: true, auth_method: 'API_KEY' })
    expect(enabled.status, enabled.text).toBe(200)
    expect(enabled.body).toMatchObject({
      enabled: true,
      auth_method: 'API_KEY',
      version: 1,
      message: 'The API settings were saved.',
    })

    const members = await open(siteA, 'members', bearer(keyA))
    expect(members.status, members.text).toBe(200)
    expect(members.body.site).toEqual({ id: siteA, name: 'フォームのテスト' })
    expect(members.body.items.map((m: { email: string }) => m.email)).toEqual([
      'bob@example.com',
      'alice@example.com',
    ])
    expect(members.body.items[0]).toMatchObject({
      status: 'ACTIVE',
      confirmed_at: '2025-04-02T01:00:00.000Z',
    })

    const filtered = await open(siteA, 'members?from=2025-04-02&to=2025-04-02&limit=1', bearer(keyA))
    expect(filtered.body.items.map((m: { email: string }) => m.email)).toEqual(['bob@example.com'])

    const none = await open(siteA, 'members')
    expect(none.status).toBe(401)
    expect(none.body.error).toMatchObject({ code: 'siteApi.unauthorized' })
    // A key with a wrong checksum (one character changed) never reaches the table.
    const typo = `${keyA.slice(0, 20)}${keyA[20] === 'a' ? 'b' : 'a'}${keyA.slice(21)}`
    expect((await open(siteA, 'members', bearer(typo))).status).toBe(401)
    expect((await open(siteA, 'members', 'Token abc')).status).toBe(401)

    const used = await send('GET', `/site/${siteA}/api`, { token })
    expect(used.body.keys[0].last_used_at).not.toBeNull()
    expect(used.body.keys[0].last_used_ip).toBe('127.0.0.1')
  })

  it('answers contacts, forms, analytics and the published content with the same key', async () => {
    const contacts = await open(siteA, 'contacts', bearer(keyA))
    expect(contacts.status, contacts.text).toBe(200)
    expect(contacts.body.items.map((s: { email: string }) => s.email)).toEqual(['carol@example.com'])
    expect(contacts.body.items[0].answers).toEqual([
      { name: 'f-body', title: 'お問い合わせ内容', value: 'contact from carol@example.com' },
    ])
    const forms = await open(siteA, 'forms', bearer(keyA))
    expect(forms.body.items.map((s: { email: string }) => s.email)).toEqual(['dave@example.com'])

    const analytics = await open(siteA, 'analytics', bearer(keyA))
    expect(analytics.status, analytics.text).toBe(200)
    expect(analytics.body.kpis.site.id).toBe(siteA)
    expect(Object.keys(analytics.body.kpis.kpis)).toContain('pv')
    expect(analytics.body.daily.unit).toBe('day')
    expect(analytics.body.daily.points.length).toBeGreaterThan(0)

    const content = await open(siteA, 'content', bearer(keyA))
    expect(content.status, content.text).toBe(200)
    expect(content.body.languages.map((l: { lang: string }) => l.lang)).toEqual(['JP', 'EN'])
    const jp = content.body.languages[0].pages
    expect(jp.map((p: { position: string; locked: boolean }) => `${p.position}:${p.locked}`)).toEqual([
      'A1:false',
      'B1:false',
    ])
    // The members-only page is the creator's own content: unlocked, with its product.
    expect(jp[1].products.map((p: { product_name: string }) => p.product_name)).toEqual(['秘密の商品'])
    expect(jp[0].media_url).toMatch(/^https?:\/\//)
  })

  it('refuses a key of another site as an unknown one (401), and another tenant or a viewer cannot manage the API', async () => {
    const b = await newKey(siteB, 'B')
    expect((await put(siteB, { enabled: true, auth_method: 'API_KEY' })).status).toBe(200)
    expect(
      (await open(siteB, 'members', bearer(b.key))).body.items.map((m: { email: string }) => m.email),
    ).toEqual(['other-site@example.com'])
    const cross = await open(siteB, 'members', bearer(keyA))
    expect(cross.status).toBe(401)
    expect(cross.body.error).toMatchObject({ code: 'siteApi.unauthorized' })
    const crossBack = await open(siteA, 'members', bearer(b.key))
    expect(crossBack.status).toBe(401)

    expect((await send('GET', `/site/${siteA}/api`, { token: otherToken })).status).toBe(404)
    expect(
      (await send('POST', `/site/${siteA}/api/keys`, { token: otherToken, body: { name: 'x' } })).status,
    ).toBe(404)
    expect((await send('GET', `/site/${siteA}/api`, { token: viewerToken })).status).toBe(403)
    expect((await send('DELETE', `/site/${siteA}/api/keys/${keyAId}`, { token: viewerToken })).status).toBe(
      403,
    )
    expect((await open(siteA, 'members', bearer(keyA))).status).toBe(200)
  })

  it('refuses a revoked key at once', async () => {
    const second = await newKey(siteA, 'revoke me')
    expect((await open(siteA, 'members', bearer(second.key))).status).toBe(200)
    const revoked = await send('DELETE', `/site/${siteA}/api/keys/${second.id}`, { token })
    expect(revoked.status, revoked.text).toBe(200)
    expect(revoked.body.item).toMatchObject({ id: second.id, status: 'REVOKED' })
    const after = await open(siteA, 'members', bearer(second.key))
    expect(after.status).toBe(401)
    expect(after.body.error).toMatchObject({ code: 'siteApi.unauthorized' })
    expect((await send('DELETE', `/site/${siteA}/api/keys/${randomUUID()}`, { token })).status).toBe(404)
  })

  it('keeps a rotated key working for its 1-hour grace and refuses it after (stack clock)', async () => {
    const old = await newKey(siteA, 'rotating')
    const rotated = await send('POST', `/site/${siteA}/api/keys/${old.id}/rotate`, {
      token,
      body: { grace_minutes: 60 },
    })
    expect(rotated.status, rotated.text).toBe(201)
    expect(rotated.body.key).toMatch(KEY_FORMAT)
    expect(rotated.body.key).not.toBe(old.key)
    expect(rotated.body.item).toMatchObject({ name: 'rotating', status: 'ACTIVE' })
    expect(rotated.body.previous).toMatchObject({
      id: old.id,
      status: 'EXPIRING',
      rotated_to: rotated.body.item.id,
    })
    expect((await open(siteA, 'members', bearer(old.key))).status).toBe(200)
    expect((await open(siteA, 'members', bearer(rotated.body.key))).status).toBe(200)

    advanceStackClock(61 * 60_000)
    expect((await open(siteA, 'members', bearer(old.key))).status).toBe(401)
    expect((await open(siteA, 'members', bearer(rotated.body.key))).status).toBe(200)
    const listed = await send('GET', `/site/${siteA}/api`, { token })
    expect(listed.body.keys.find((k: { id: string }) => k.id === old.id).status).toBe('EXPIRED')

    // Grace 0 revokes at once; a key no longer active cannot be rotated.
    const now = await send('POST', `/site/${siteA}/api/keys/${rotated.body.item.id}/rotate`, {
      token,
      body: { grace_minutes: 0 },
    })
    expect(now.status).toBe(201)
    expect(now.body.previous.status).toBe('REVOKED')
    expect((await open(siteA, 'members', bearer(rotated.body.key))).status).toBe(401)
    expect((await open(siteA, 'members', bearer(now.body.key))).status).toBe(200)
    const again = await send('POST', `/site/${siteA}/api/keys/${old.id}/rotate`, { token, body: {} })
    expect(again.status).toBe(409)
  })

  it('answers the 61st request of a minute with 429 and Retry-After', async () => {
    const limited = await newKey(siteA, 'limited')
    await freshWindow(60_000)
    for (let i = 0; i < 60; i++) {
      const answer = await open(siteA, 'members?limit=1', bearer(limited.key))
      expect(answer.status, `request ${i + 1}`).toBe(200)
    }
    const refused = await open(siteA, 'members?limit=1', bearer(limited.key))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    // Per key: another key of the same site is not held back.
    expect((await open(siteA, 'members?limit=1', bearer(keyA))).status).toBe(200)
  })

  it('restricts by address: 203.0.113.0/24 refuses 127.0.0.1 (401); IPv6 ranges work too', async () => {
    const saved = await put(siteA, {
      enabled: true,
      auth_method: 'IP_RESTRICTION',
      ip_list: ['203.0.113.0/24', '2001:db8::/32'],
      version: await versionOf(siteA),
    })
    expect(saved.status, saved.text).toBe(200)
    const local = await open(siteA, 'members')
    expect(local.status).toBe(401)
    expect(local.body.error).toMatchObject({ code: 'siteApi.unauthorized' })
    expect((await open(siteA, 'members', undefined, '203.0.113.9')).status).toBe(200)
    expect((await open(siteA, 'members', undefined, '2001:db8:1::5')).status).toBe(200)
    expect((await open(siteA, 'members', undefined, '198.51.100.1')).status).toBe(401)
    // A viewer header without the origin secret is not believed.
    const forged = await send('GET', `/open/site/${siteA}/members`, {
      headers: { 'x-viewer-address': '203.0.113.9' },
    })
    expect(forged.status).toBe(401)
  })

  it('checks basic credentials against the stored scrypt hash: a wrong password is 401', async () => {
    const password = 'correct-horse-battery'
    const saved = await put(siteA, {
      enabled: true,
      auth_method: 'BASIC_AUTH',
      basic_id: 'crm',
      basic_password: password,
      version: await versionOf(siteA),
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({ basic_id: 'crm', has_basic_password: true })
    expect(saved.text).not.toContain(password)
    const settings = (await storedApiItems(siteA)).find((item) => item.sk === 'settings')
    expect(settings?.basicPasswordHash).toMatch(/^scrypt\$16384\$8\$1\$/)
    expect(JSON.stringify(settings)).not.toContain(password)

    expect((await open(siteA, 'members', basic('crm', password))).status).toBe(200)
    const wrong = await open(siteA, 'members', basic('crm', 'wrong-password-here'))
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toMatchObject({ code: 'siteApi.unauthorized' })
    expect((await open(siteA, 'members', basic('other', password))).status).toBe(401)
    expect((await open(siteA, 'members')).status).toBe(401)

    // Saved again without a password: the stored one is kept.
    const kept = await put(siteA, {
      enabled: true,
      auth_method: 'BASIC_AUTH',
      basic_id: 'crm',
      version: await versionOf(siteA),
    })
    expect(kept.status).toBe(200)
    expect((await open(siteA, 'members', basic('crm', password))).status).toBe(200)
    // A stale version is a conflict, and changes nothing.
    const stale = await put(siteA, { enabled: false, auth_method: 'BASIC_AUTH', basic_id: 'crm', version: 1 })
    expect(stale.status).toBe(409)
    expect((await open(siteA, 'members', basic('crm', password))).status).toBe(200)
  })

  it('refuses every request once the API is disabled, and audits each change', async () => {
    const disabled = await put(siteA, {
      enabled: false,
      auth_method: 'API_KEY',
      version: await versionOf(siteA),
    })
    expect(disabled.status, disabled.text).toBe(200)
    const refused = await open(siteA, 'members', bearer(keyA))
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'siteApi.disabled' })
    const view = await send('GET', `/site/${siteA}/api`, { token })
    const actions = view.body.audit.map((entry: { action: string }) => entry.action)
    expect(actions).toContain('settings.update')
    expect(actions).toContain('key.create')
    expect(actions).toContain('key.revoke')
    expect(actions).toContain('key.rotate')
    expect(JSON.stringify(view.body.audit)).not.toContain('correct-horse-battery')
    expect(JSON.stringify(view.body.audit)).not.toContain(keyA)
  })

  it('downloads the documentation: a valid OpenAPI 3.1 listing the site’s endpoint, Markdown and HTML in ja and en', async () => {
    const docs = await send('GET', `/site/${siteB}/api/docs?format=openapi&lang=en`, { token })
    expect(docs.status, docs.text).toBe(200)
    expect(docs.body.content_type).toBe('application/json')
    expect(docs.body.file_name).toMatch(/\.openapi\.json$/)
    const document = JSON.parse(docs.body.content)
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy()
    expect(document.openapi).toBe('3.1.0')
    const view = await send('GET', `/site/${siteB}/api`, { token })
    expect(document.servers[0].url).toBe(new URL(view.body.base_url).origin)
    expect(Object.keys(document.paths).sort()).toEqual(
      ['analytics', 'contacts', 'content', 'forms', 'members'].map(
        (tag) => `/api/v1/open/site/${siteB}/${tag}`,
      ),
    )
    expect(document.components.securitySchemes).toEqual({
      siteApiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    })
    // The site's one method applies to every operation (none overrides it).
    expect(document.security).toEqual([{ siteApiKey: [] }])
    const members = document.paths[`/api/v1/open/site/${siteB}/members`].get
    expect(members.security).toBeUndefined()
    expect(members['x-codeSamples'][0].source).toBe(
      `curl -sS -H "Authorization: Bearer $SLP_API_KEY" '${view.body.base_url}/members'`,
    )

    const markdown = await send('GET', `/site/${siteB}/api/docs?format=markdown&lang=ja`, { token })
    expect(markdown.body.content_type).toBe('text/markdown; charset=utf-8')
    expect(markdown.body.content).toContain('# B サイト API')
    expect(markdown.body.content).toContain(`GET ${view.body.base_url}/members`)
    expect(markdown.body.content).toContain('Authorization: Bearer')
    const html = await send('GET', `/site/${siteB}/api/docs?format=html&lang=en`, { token })
    expect(html.body.content).toContain('<h1>B site API</h1>')
    expect(html.body.content).not.toContain('<script')
    expect((await send('GET', `/site/${siteB}/api/docs`, { token: otherToken })).status).toBe(404)
  })
})
