import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newWebhookSecret, signatureHeader } from '../../functions/src/domain/webhooks-signature.ts'
import { KEPT, startWebhookInspector } from './webhook-inspector.ts'

describe('the local webhook inspector', () => {
  let inspector: Awaited<ReturnType<typeof startWebhookInspector>>
  beforeAll(async () => {
    inspector = await startWebhookInspector(0)
  })
  afterAll(() => inspector.stop())

  const deliver = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${inspector.url}${path}`, { method: 'POST', headers, body })

  it('keeps what it receives, checks the signature only with a secret it is given, and escapes the page', async () => {
    const secret = newWebhookSecret()
    const body = '{"html":"<script>alert(1)</script>"}'
    const timestamp = Math.floor(Date.now() / 1000)
    const answer = await deliver('/hooks/a?x=1', body, {
      'content-type': 'application/json',
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([newWebhookSecret(), secret], 'evt_1', timestamp, body),
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ received: true })
    const list = async (query = '') =>
      ((await (await fetch(`${inspector.url}/deliveries${query}`)).json()) as { items: Json[] }).items
    type Json = { path: string; body: string; signature: string; headers: Record<string, string> }
    const [got] = await list()
    expect(got).toMatchObject({ path: '/hooks/a?x=1', body, signature: 'unchecked' })
    expect(got!.headers['webhook-id']).toBe('evt_1')
    // Either of a rotation's two signatures is enough; a wrong secret is said to fail.
    expect((await list(`?secret=${encodeURIComponent(secret)}`))[0]!.signature).toBe('valid')
    expect((await list(`?secret=${encodeURIComponent(newWebhookSecret())}`))[0]!.signature).toBe('invalid')
    const page = await (await fetch(`${inspector.url}/?secret=${encodeURIComponent(secret)}`)).text()
    expect(page).toContain('data-check="valid"')
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // An unsigned request is kept and shown as failing the check.
    await deliver('/other', 'plain')
    expect((await list(`?secret=${encodeURIComponent(secret)}`))[0]).toMatchObject({
      path: '/other',
      signature: 'invalid',
    })
    expect((await fetch(`${inspector.url}/`, { method: 'PUT' })).status).toBe(405)
  })

  it(`keeps the latest ${KEPT} deliveries and forgets them on DELETE`, async () => {
    for (let i = 0; i < KEPT + 2; i++) await deliver(`/n${i}`, String(i))
    const items = (
      (await (await fetch(`${inspector.url}/deliveries`)).json()) as { items: { path: string }[] }
    ).items
    expect(items).toHaveLength(KEPT)
    expect(items[0]!.path).toBe(`/n${KEPT + 1}`)
    expect((await fetch(`${inspector.url}/deliveries`, { method: 'DELETE' })).status).toBe(204)
    expect(
      ((await (await fetch(`${inspector.url}/deliveries`)).json()) as { items: unknown[] }).items,
    ).toEqual([])
  })
})
