import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { twoTenants } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv } from '../support/env.ts'
import { publishVisitorSite, testIp, visitorCall } from '../support/visitor-site.ts'
import { standardVerify } from '../support/webhooks.ts'

/**
 * Webhooks one can see (issue 30): the local stack's webhook inspector (infra/local/
 * webhook-inspector.ts) is the one loopback receiver a creator may register; a contact sent on the
 * site reaches it signed by the Standard Webhooks scheme, which the `standardwebhooks` library
 * verifies and the inspector reports as verified with the secret it is given. A rotated secret
 * signs beside the new one until its overlap ends. Any other loopback port, host spelling or
 * scheme is still refused.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

interface Inspected {
  seq: number
  path: string
  headers: IncomingHttpHeaders
  body: string
  signature: 'valid' | 'invalid' | 'unchecked'
}

/** What the inspector holds for `path`, newest first, checked with `secrets`. */
const inspected = async (path: string, secrets: string[] = []) => {
  const query = secrets.map((s) => `secret=${encodeURIComponent(s)}`).join('&')
  const answer = await fetch(`${urls.webhooks}/deliveries${query ? `?${query}` : ''}`)
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { items: Inspected[] }).items.filter((d) => d.path === path)
}

/** Waits for the inspector to hold `count` deliveries for `path` (the attempt is a job), at most 15 s. */
const received = async (path: string, count: number) => {
  for (let i = 0; i < 300; i++) {
    const items = await inspected(path)
    if (items.length >= count) return items
    await sleep(50)
  }
  throw new Error(`the inspector got no delivery ${count} on ${path} in 15 s`)
}

describe('the local webhook inspector', () => {
  let token: string
  let siteId: string
  const path = `/hooks/${randomUUID()}`

  const send = (method: 'POST' | 'GET', route: string, body?: unknown) =>
    http.call(method, route, { token, lang: 'en', ...(body === undefined ? {} : { body }) })
  const contact = async () => {
    const sent = await visitorCall(urls.api, 'POST', `/end-user/site/${siteId}/contact`, {
      body: {
        lang: 'JP',
        data: {
          email: `inspect-${randomUUID().slice(0, 8)}@example.com`,
          company: '株式会社ビジター',
          topic: 'Support',
          message: 'こんにちは',
        },
      },
      ip: testIp(),
    })
    expect(sent.status, sent.text).toBe(201)
  }

  beforeAll(async () => {
    token = (await twoTenants(http)).token
    siteId = (await publishVisitorSite(http, token)).siteId
  })

  it('refuses every other loopback target: another port, another spelling, HTTPS, credentials', async () => {
    const inspector = new URL(urls.webhooks)
    const otherPort = Number(inspector.port) === 65535 ? 65534 : Number(inspector.port) + 1
    for (const url of [
      `http://127.0.0.1:${otherPort}/hooks`,
      `http://localhost:${inspector.port}/hooks`,
      `http://[::1]:${inspector.port}/hooks`,
      `http://127.0.0.2:${inspector.port}/hooks`,
      `https://127.0.0.1:${inspector.port}/hooks`,
      `http://user:pw@127.0.0.1:${inspector.port}/hooks`,
    ]) {
      const refused = await send('POST', `/site/${siteId}/api/webhooks`, {
        url,
        events: ['contact.received'],
      })
      expect(refused.status, url).toBe(400)
      expect(refused.body.error.code, url).toBe('siteApi.webhookUrlInvalid')
    }
    expect((await send('GET', `/site/${siteId}/api/webhooks`)).body.items).toEqual([])
  })

  it('receives a delivery the standardwebhooks library verifies, and says so with the secret given', async () => {
    const created = await send('POST', `/site/${siteId}/api/webhooks`, {
      url: `${urls.webhooks}${path}`,
      events: ['contact.received'],
    })
    expect(created.status, created.text).toBe(201)
    const { secret } = created.body
    await contact()
    const [delivery] = await received(path, 1)
    expect(delivery!.headers).toMatchObject({
      'content-type': 'application/json',
      'swipe-event': 'contact.received',
      'webhook-id': JSON.parse(delivery!.body).id,
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    })
    expect(standardVerify(secret, delivery!.headers, delivery!.body)).toBe(true)
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'contact.received', site_id: siteId })
    // The inspector knows no secret: it checks with the one it is given, and says when none is.
    expect(delivery!.signature).toBe('unchecked')
    expect((await inspected(path, [secret]))[0]!.signature).toBe('valid')
    const wrong = `whsec_${Buffer.alloc(24, 7).toString('base64')}`
    expect((await inspected(path, [wrong]))[0]!.signature).toBe('invalid')
    // The page a developer opens shows the same, the body escaped.
    const page = await (await fetch(`${urls.webhooks}/?secret=${encodeURIComponent(secret)}`)).text()
    expect(page).toContain(`data-seq="${delivery!.seq}"`)
    expect(page).toContain('data-check="valid"')
    expect(page).toContain(path)
  })

  it('signs with both secrets during a rotation, and with the new one only after its overlap', async () => {
    const [hook] = (await send('GET', `/site/${siteId}/api/webhooks`)).body.items
    const before = (await inspected(path)).length
    const rotated = await send('POST', `/site/${siteId}/api/webhooks/${hook.id}/rotate-secret`)
    expect(rotated.status, rotated.text).toBe(200)
    const secret: string = rotated.body.secret
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(rotated.body.item).toMatchObject({
      id: hook.id,
      secret_prefix: secret.slice(0, 10),
      previous_secret_prefix: hook.secret_prefix,
    })
    const until = Date.parse(rotated.body.item.previous_secret_until)
    expect(Math.abs(until - (stackNow() + 24 * 3_600_000))).toBeLessThan(60_000)
    expect(rotated.body.message).toMatch(/24 hours/)

    await contact()
    const [both] = await received(path, before + 1)
    expect(String(both!.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(standardVerify(secret, both!.headers, both!.body)).toBe(true)
    // The receiver still holding the old secret verifies too: that is what the overlap is for.
    const { SiteWebhookEndpoints } = await import('../../functions/src/data/site-webhooks.ts')
    const stored = (await SiteWebhookEndpoints.get({ siteId, endpointId: hook.id }).go()).data!
    expect(standardVerify(stored.previousSecret!, both!.headers, both!.body)).toBe(true)
    expect((await inspected(path, [secret]))[0]!.signature).toBe('valid')

    // The overlap over (stored as if 24 hours had passed): one signature, the old secret no longer verifies.
    await SiteWebhookEndpoints.patch({ siteId, endpointId: hook.id })
      .set({ previousSecretUntil: new Date(stackNow() - 1_000).toISOString() })
      .go()
    expect((await send('GET', `/site/${siteId}/api/webhooks`)).body.items[0]).toMatchObject({
      previous_secret_prefix: null,
      previous_secret_until: null,
    })
    await contact()
    const [after] = await received(path, before + 2)
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(standardVerify(secret, after!.headers, after!.body)).toBe(true)
    expect(standardVerify(stored.previousSecret!, after!.headers, after!.body)).toBe(false)
    const settings = await send('GET', `/site/${siteId}/api`)
    expect(settings.body.audit[0]).toMatchObject({ action: 'webhook.rotateSecret' })
    expect(settings.text).not.toContain(secret)
    expect(settings.text).not.toContain(stored.previousSecret!)
  })
})
