import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { REFUSED_ADDRESSES } from '../../functions/src/platform/services/outbound.cases.ts'
import { twoTenants } from '../support/accounts.ts'
import { api, waitForMail } from '../support/api.ts'
import { advanceStackClock, stackNow } from '../support/clock.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { publishVisitorSite, testIp, visitorCall } from '../support/visitor-site.ts'
import { standardVerify } from '../support/webhooks.ts'

/**
 * The site's signed webhooks (issue 21 Deliver 6; docs/decisions/0040-site-api.md): endpoints managed through
 * the real handlers, a contact sent on the site delivered to a receiver started here on 127.0.0.1 (allowed
 * explicitly through the stack's receiver file), signed as documented, retried after a 500 by the sweep on
 * the stack's clock, refused for private and metadata targets at creation and at delivery, resent, and kept
 * from other tenants. Issue 29: every spelling of the outbound-address policy's table is refused at creation;
 * an attempt whose receiver drips its answer ends at its deadline as a `timeout`, and a resend answers at
 * once.
 */

const receiverFile = join(dirname(inject('stack').clockFile), 'webhook-receiver')
const { urls } = useStackEnv({ SWIPE_WEBHOOK_TEST_RECEIVER_FILE: receiverFile })
// The sweep runs here, on the stack's platform and clock, as the schedule runs it in the stack.
useStackPlatform()
const http = api(urls.api)

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

// biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
type Json = any

const send = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; text: string; body: Json }> => {
  const response = await fetch(`${urls.api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-lang': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined }
}

/** Waits for something the stack does after its answer (a job), never longer than 15 s. */
const eventually = async <T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read()
    if (done(value)) return value
    await sleep(50)
  }
  throw new Error('The stack did not get there in 15 s')
}

const allowReceiver = (hostPort: string) => writeFileSync(receiverFile, hostPort)

describe('site webhooks', () => {
  let server: Server
  let port: number
  const received: Received[] = []
  const answers: number[] = []
  let token: string
  let otherToken: string
  let siteId: string
  let otherSiteId: string
  let sweep: () => Promise<{ attempted: number; delivered: number; failed: number }>
  /** Answers on `/drip…` that send a byte every 50 ms and never end (until the test closes them). */
  const drips = new Set<import('node:http').ServerResponse>()

  const contact = async (email: string) => {
    const sent = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/contact`, {
      body: {
        lang: 'JP',
        data: { email, company: '株式会社ビジター', topic: 'Support', message: 'こんにちは' },
      },
      ip: testIp(),
    })
    expect(sent.status, sent.text).toBe(201)
  }
  const deliveriesOf = async (webhookId: string) => {
    const answer = await send('GET', `/site/${siteId}/api/webhooks/${webhookId}/deliveries`, token)
    expect(answer.status, answer.text).toBe(200)
    return answer.body.items as Json[]
  }
  const create = (body: unknown, as = token, site = siteId) =>
    send('POST', `/site/${site}/api/webhooks`, as, body)

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        if (!req.url?.startsWith('/drip')) return res.writeHead(answers.shift() ?? 200).end('ok')
        res.writeHead(200)
        drips.add(res)
        const timer = setInterval(() => res.write('.'), 50)
        res.on('close', () => {
          clearInterval(timer)
          drips.delete(res)
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    allowReceiver('')
    sweep = (await import('../../functions/src/domain/site-webhooks.ts')).sweepDueDeliveries
    const tenants = await twoTenants(http)
    token = tenants.token
    otherToken = tenants.otherToken
    siteId = (await publishVisitorSite(http, token)).siteId
    const other = await http.post(
      '/site',
      { name: 'B', number_horizontal: 1, number_vertical: 1 },
      { token: otherToken },
    )
    expect(other.status).toBe(201)
    otherSiteId = other.body.global_setting.id
  })
  afterAll(async () => {
    allowReceiver('')
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  let hookId: string
  let secret: string

  it('refuses private, loopback, link-local and metadata targets and plain HTTP at creation, storing nothing', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      `http://127.0.0.1:${port}/hook`,
      'ftp://example.com/hook',
      'not a url',
    ]) {
      const refused = await create({ url, events: ['contact.received'] })
      expect(refused.status, url).toBe(400)
      expect(refused.body.error.code, url).toBe('siteApi.webhookUrlInvalid')
    }
    // Every spelling of the outbound-address policy's table (functions/src/platform/services/outbound.cases.ts).
    for (const [spelling, what] of REFUSED_ADDRESSES) {
      const bare = spelling.replace(/^\[(.*)\]$/, '$1')
      const url = `https://${bare.includes(':') ? `[${bare}]` : bare}/hook`
      const refused = await create({ url, events: ['contact.received'] })
      expect(refused.status, `${url} (${what})`).toBe(400)
      expect(refused.body.error.code, url).toBe('siteApi.webhookUrlInvalid')
    }
    const noEvents = await create({ url: 'https://hooks.example.com/x', events: [] })
    expect(noEvents.status).toBe(400)
    const list = await send('GET', `/site/${siteId}/api/webhooks`, token)
    expect(list.body).toEqual({
      items: [],
      events: ['member.registered', 'contact.received', 'form.received'],
      max: 5,
    })
  })

  it('adds the allowed test receiver and shows its secret once', async () => {
    allowReceiver(`127.0.0.1:${port}`)
    const created = await create({
      url: `http://127.0.0.1:${port}/hook`,
      events: ['form.received', 'contact.received'],
    })
    expect(created.status, created.text).toBe(201)
    secret = created.body.secret
    hookId = created.body.item.id
    // Standard Webhooks: `whsec_` and the base64 of 24 random bytes.
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(created.body.item).toEqual({
      id: hookId,
      url: `http://127.0.0.1:${port}/hook`,
      events: ['contact.received', 'form.received'],
      enabled: true,
      secret_prefix: secret.slice(0, 10),
      previous_secret_prefix: null,
      previous_secret_until: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const list = await send('GET', `/site/${siteId}/api/webhooks`, token)
    expect(list.body.items).toEqual([created.body.item])
    expect(list.text).not.toContain(secret)
    const settings = await send('GET', `/site/${siteId}/api`, token)
    expect(settings.body.audit[0]).toMatchObject({ action: 'webhook.create' })
    expect(settings.text).not.toContain(secret)
  })

  it('delivers a contact sent on the site, signed as documented', async () => {
    const email = `hook-${randomUUID().slice(0, 8)}@example.com`
    await contact(email)
    const [got] = await eventually(
      () => received,
      (r) => r.length === 1,
    )
    expect(got!.headers['content-type']).toBe('application/json')
    expect(got!.headers['swipe-event']).toBe('contact.received')
    // Signed as Standard Webhooks sign (issue 30), verified by its own library.
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    expect(got!.headers['webhook-timestamp']).toMatch(/^\d+$/)
    expect(standardVerify(secret, got!.headers, got!.body)).toBe(true)
    expect(standardVerify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, got!.headers, got!.body)).toBe(
      false,
    )
    const payload = JSON.parse(got!.body)
    expect(got!.headers['webhook-id']).toBe(payload.id)
    expect(payload).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'contact.received',
      site_id: siteId,
      data: {
        email,
        company: '株式会社ビジター',
        lang: 'JP',
        answers: expect.arrayContaining([
          { name: 'message', title: 'お問い合わせ内容', value: 'こんにちは' },
        ]),
      },
    })
    const [delivery] = await eventually(
      () => deliveriesOf(hookId),
      (items) => items[0]?.state === 'DELIVERED',
    )
    expect(delivery).toMatchObject({
      event_id: payload.id,
      event: 'contact.received',
      state: 'DELIVERED',
      attempts: 1,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
      payload: got!.body,
    })
    expect(got!.headers['swipe-delivery']).toBe(delivery.id)
    received.length = 0
  })

  it('retries a receiver that answered 500 with backoff (sweep on the stack clock), then delivers', async () => {
    answers.push(500)
    await contact(`retry-${randomUUID().slice(0, 8)}@example.com`)
    const [pending] = await eventually(
      () => deliveriesOf(hookId),
      (items) => items[0]?.attempts === 1 && items[0]?.last_status === 500,
    )
    expect(pending).toMatchObject({ state: 'PENDING', attempts: 1, last_status: 500 })
    const due = Date.parse(pending.next_attempt_at)
    expect(due - Date.parse(pending.last_attempt_at)).toBeGreaterThanOrEqual(29_000)
    expect(due - Date.parse(pending.last_attempt_at)).toBeLessThanOrEqual(31_000)
    // Not due yet: the sweep leaves it. (The sweep covers every site: other test files' deliveries
    // may be due on the shared stack, so what is asserted is this delivery's own record.)
    await sweep()
    expect(received).toHaveLength(1)
    expect((await deliveriesOf(hookId))[0]).toMatchObject({ id: pending.id, state: 'PENDING', attempts: 1 })
    advanceStackClock(due - stackNow() + 1_000)
    expect((await sweep()).delivered).toBeGreaterThanOrEqual(1)
    expect(received).toHaveLength(2)
    expect(received[1]!.body).toBe(received[0]!.body)
    expect(received[1]!.headers['swipe-delivery']).toBe(received[0]!.headers['swipe-delivery'])
    // One message id over every attempt, so a receiver drops the repeat (Standard Webhooks).
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id'])
    expect(standardVerify(secret, received[1]!.headers, received[1]!.body)).toBe(true)
    const [done] = await deliveriesOf(hookId)
    expect(done).toMatchObject({ id: pending.id, state: 'DELIVERED', attempts: 2, last_status: 200 })
    received.length = 0
  })

  it('sends member.registered when a visitor confirms a sign-up, without the password', async () => {
    const subscribed = await send('PUT', `/site/${siteId}/api/webhooks/${hookId}`, token, {
      enabled: true,
      events: ['member.registered', 'contact.received', 'form.received'],
    })
    expect(subscribed.status, subscribed.text).toBe(200)
    const email = `member-${randomUUID().slice(0, 8)}@example.com`
    const password = 'Member#Pass1'
    const registered = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/register`, {
      body: { lang: 'EN', data: { email, password, confirm_password: password, nickname: 'Neo' } },
    })
    expect(registered.status, registered.text).toBe(202)
    // Signing up sends nothing yet: the member is PENDING until the mailed link is opened.
    const mail = await waitForMail(urls.mail, email)
    const link = mail.body.text?.match(/https?:\/\/\S+register-complete\?token=\S+/)?.[0]
    expect(link, mail.body.text).toBeDefined()
    expect(received).toEqual([])
    const confirmed = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/register/confirm`, {
      body: { token: new URL(link!).searchParams.get('token') },
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    const [got] = await eventually(
      () => received,
      (r) => r.length === 1,
    )
    expect(got!.headers['swipe-event']).toBe('member.registered')
    expect(standardVerify(secret, got!.headers, got!.body)).toBe(true)
    expect(JSON.parse(got!.body)).toMatchObject({
      type: 'member.registered',
      site_id: siteId,
      data: { email, status: 'ACTIVE', lang: 'EN', answers: [{ name: 'nickname', value: 'Neo' }] },
    })
    expect(got!.body).not.toContain(password)
    received.length = 0
  })

  it('refuses the receiver at delivery once it is no longer allowed, and a metadata target every time', async () => {
    const { SiteWebhookEndpoints } = await import('../../functions/src/data/site-webhooks.ts')
    // Stored past the creation check, as if a name had resolved to the metadata address.
    const metadataId = randomUUID()
    const now = new Date().toISOString()
    await SiteWebhookEndpoints.create({
      siteId,
      endpointId: metadataId,
      url: 'https://169.254.169.254/latest/meta-data/',
      events: ['contact.received'],
      secret: 'whsec_metadata',
      enabled: true,
      createdAt: now,
      createdBy: 'test',
      updatedAt: now,
    }).go()
    allowReceiver('')
    await contact(`refused-${randomUUID().slice(0, 8)}@example.com`)
    const [ours] = await eventually(
      () => deliveriesOf(hookId),
      (items) => items[0]?.attempts === 1 && items[0]?.last_error !== null,
    )
    expect(ours).toMatchObject({ state: 'PENDING', last_status: null, last_error: 'refusedAddress' })
    const [metadata] = await eventually(
      async () =>
        (await send('GET', `/site/${siteId}/api/webhooks/${metadataId}/deliveries`, token)).body
          .items as Json[],
      (items) => items[0]?.last_error !== null && items[0]?.last_error !== undefined,
    )
    // A category, never the address or the socket's text.
    expect(metadata).toMatchObject({ state: 'PENDING', attempts: 1, last_error: 'refusedAddress' })
    expect(received).toEqual([])
    await send('DELETE', `/site/${siteId}/api/webhooks/${metadataId}`, token)

    // Allowed again: the resend queues the same event, due now, and a job sends it.
    allowReceiver(`127.0.0.1:${port}`)
    const resent = await send(
      'POST',
      `/site/${siteId}/api/webhooks/${hookId}/deliveries/${ours.id}/resend`,
      token,
    )
    expect(resent.status, resent.text).toBe(202)
    expect(resent.body).toMatchObject({
      message: 'The event will be sent again shortly.',
      item: { id: ours.id, state: 'PENDING', attempts: 1, next_attempt_at: expect.any(String) },
    })
    const [delivered] = await eventually(
      () => deliveriesOf(hookId),
      (items) => items[0]?.state === 'DELIVERED',
    )
    expect(delivered).toMatchObject({ id: ours.id, attempts: 2, last_status: 200, last_error: null })
    expect(received).toHaveLength(1)
    expect(received[0]!.body).toBe(ours.payload)
    const settings = await send('GET', `/site/${siteId}/api`, token)
    expect(settings.body.audit[0]).toMatchObject({ action: 'webhook.resend' })
    received.length = 0
  })

  it('ends an attempt at its deadline when the receiver drips its answer, and resends at once', async () => {
    const { SiteWebhookDeliveries } = await import('../../functions/src/data/site-webhooks.ts')
    const { attemptStoredDelivery } = await import('../../functions/src/domain/site-webhooks.ts')
    const drip = await create({ url: `http://127.0.0.1:${port}/drip`, events: ['form.received'] })
    expect(drip.status, drip.text).toBe(201)
    const dripId = drip.body.item.id
    const key = {
      siteId,
      endpointId: dripId,
      createdAt: new Date(stackNow() - 60_000).toISOString(),
      deliveryId: randomUUID(),
    }
    await SiteWebhookDeliveries.create({
      ...key,
      eventId: 'evt_drip',
      event: 'form.received',
      payload: '{"id":"evt_drip"}',
      state: 'PENDING',
      dueAt: new Date(stackNow() - 1_000).toISOString(),
      windowStart: key.createdAt,
      attempts: 0,
      updatedAt: key.createdAt,
    }).go()
    // The attempt as the job or the sweep makes it, with its deadline shortened (10 s on the stack).
    const started = Date.now()
    const attempted = await attemptStoredDelivery(key, { deadlineMs: 400 })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(attempted).toMatchObject({ state: 'PENDING', attempts: 1, lastError: 'timeout' })
    expect(attempted?.lastStatus).toBeUndefined()
    const log = async () =>
      (await send('GET', `/site/${siteId}/api/webhooks/${dripId}/deliveries`, token)).body.items as Json[]
    expect((await log())[0]).toMatchObject({ id: key.deliveryId, last_status: null, last_error: 'timeout' })
    await eventually(
      () => drips.size,
      (open) => open === 0,
    )

    // The resend answers at once; its attempt runs in a job, still held by the dripping receiver.
    const asked = Date.now()
    const resent = await send(
      'POST',
      `/site/${siteId}/api/webhooks/${dripId}/deliveries/${key.deliveryId}/resend`,
      token,
    )
    expect(Date.now() - asked).toBeLessThan(2_000)
    expect(resent.status, resent.text).toBe(202)
    expect(resent.body.item).toMatchObject({ id: key.deliveryId, state: 'PENDING', attempts: 1 })
    await eventually(
      () => drips.size,
      (open) => open === 1,
    )
    expect((await log())[0]).toMatchObject({ state: 'PENDING', attempts: 2 })
    // The receiver gives up: the stack's attempt ends (no answer), then the endpoint goes.
    for (const res of drips) res.destroy()
    await eventually(log, (items) => items[0]?.attempts === 2 && items[0]?.last_error !== null)
    expect((await send('DELETE', `/site/${siteId}/api/webhooks/${dripId}`, token)).status).toBe(200)
    received.length = 0
  })

  it('gives a delivery up once its next attempt would fall past 24 hours after the event', async () => {
    const { SiteWebhookDeliveries } = await import('../../functions/src/data/site-webhooks.ts')
    // An event of almost 24 hours ago whose attempt is due (stored as the stack would have).
    const now = stackNow()
    const eventAt = new Date(now - 24 * 3600_000 + 10_000).toISOString()
    const deliveryId = randomUUID()
    await SiteWebhookDeliveries.create({
      siteId,
      endpointId: hookId,
      deliveryId,
      eventId: 'evt_old',
      event: 'contact.received',
      payload: '{"id":"evt_old"}',
      createdAt: eventAt,
      state: 'PENDING',
      dueAt: new Date(now - 1_000).toISOString(),
      windowStart: eventAt,
      attempts: 9,
      updatedAt: eventAt,
    }).go()
    answers.push(503)
    expect((await sweep()).failed).toBeGreaterThanOrEqual(1)
    expect(received).toHaveLength(1)
    const stored = (await deliveriesOf(hookId)).find((d) => d.id === deliveryId)
    expect(stored).toMatchObject({ state: 'FAILED', attempts: 10, last_status: 503, next_attempt_at: null })
    received.length = 0
  })

  it('keeps another tenant out: 404 for the list, the log, a resend, a change and a delete', async () => {
    const [delivery] = await deliveriesOf(hookId)
    const base = `/site/${siteId}/api/webhooks`
    const tries = [
      await send('GET', base, otherToken),
      await send('POST', base, otherToken, { url: `http://127.0.0.1:${port}/x`, events: ['form.received'] }),
      await send('GET', `${base}/${hookId}/deliveries`, otherToken),
      await send('POST', `${base}/${hookId}/deliveries/${delivery.id}/resend`, otherToken),
      await send('PUT', `${base}/${hookId}`, otherToken, { enabled: false, events: ['form.received'] }),
      await send('DELETE', `${base}/${hookId}`, otherToken),
      // Their own site does not open ours either.
      await send('GET', `/site/${otherSiteId}/api/webhooks/${hookId}/deliveries`, otherToken),
      await send(
        'POST',
        `/site/${otherSiteId}/api/webhooks/${hookId}/deliveries/${delivery.id}/resend`,
        otherToken,
      ),
    ]
    expect(tries.map((t) => t.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404])
    const [after] = await deliveriesOf(hookId)
    expect(after).toEqual(delivery)
  })

  it('disables, limits to 5 endpoints, and deletes an endpoint with its log', async () => {
    const disabled = await send('PUT', `/site/${siteId}/api/webhooks/${hookId}`, token, {
      enabled: false,
      events: ['contact.received'],
    })
    expect(disabled.status, disabled.text).toBe(200)
    expect(disabled.body.item).toMatchObject({ enabled: false, events: ['contact.received'] })
    const before = (await deliveriesOf(hookId)).length
    await contact(`off-${randomUUID().slice(0, 8)}@example.com`)
    expect(await deliveriesOf(hookId)).toHaveLength(before)

    for (let i = 0; i < 4; i++)
      expect(
        (await create({ url: `http://127.0.0.1:${port}/n${i}`, events: ['member.registered'] })).status,
      ).toBe(201)
    const sixth = await create({ url: `http://127.0.0.1:${port}/n6`, events: ['member.registered'] })
    expect(sixth.status).toBe(409)
    expect(sixth.body.error.code).toBe('siteApi.tooManyWebhooks')

    const removed = await send('DELETE', `/site/${siteId}/api/webhooks/${hookId}`, token)
    expect(removed.status, removed.text).toBe(200)
    expect(removed.body).toEqual({ id: hookId, message: 'The webhook endpoint was deleted.' })
    const list = await send('GET', `/site/${siteId}/api/webhooks`, token)
    expect(list.body.items.map((i: Json) => i.id)).not.toContain(hookId)
    expect((await send('GET', `/site/${siteId}/api/webhooks/${hookId}/deliveries`, token)).status).toBe(404)
    const { SiteWebhookDeliveries } = await import('../../functions/src/data/site-webhooks.ts')
    const left = await SiteWebhookDeliveries.query.delivery({ siteId, endpointId: hookId }).go()
    expect(left.data).toEqual([])
  })
})
