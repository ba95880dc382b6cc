import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'

const { urls } = useStackEnv()
// The publishing Lambda's code runs in this process on the stack's platform (its host map, its clock).
useStackPlatform()
const http = api(urls.api)

/**
 * The publishing Lambda (functions/src/publishing/index.ts) as AWS runs it: the sites API invokes
 * it with a publish event and turns its answer back into the response (#platform/services/publisher). Locally
 * the API publishes in process (test/integration/publishing.test.ts); this is the other side.
 */
describe('the publishing Lambda', () => {
  let token: string
  const publishing = async () => (await import('../../functions/src/publishing/index.ts')).handler

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  const makeSite = async () => {
    const created = await http.post(
      '/site',
      { name: '公開 Lambda', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return { id: created.body.global_setting.id as string, version: created.body.version as number }
  }

  it('publishes the site it is asked for under the version the editor saw', async () => {
    const site = await makeSite()
    const handler = await publishing()
    const answer = await handler({ source: 'swipe.publish', siteId: site.id, expectVersion: site.version })
    expect(answer).toEqual({ ok: true })
    const read = await http.get(`/site/${site.id}`, { token })
    expect(read.status).toBe(200)
    expect(read.body.global_setting.status).toBe('PUBLISH')
    expect(read.body.version).toBe(site.version + 1)
  })

  it('answers a stale version with the 409 the API answers, and publishes nothing', async () => {
    const site = await makeSite()
    const handler = await publishing()
    const answer = await handler({
      source: 'swipe.publish',
      siteId: site.id,
      expectVersion: site.version - 1,
    })
    expect(answer).toEqual({
      ok: false,
      error: { status: 409, code: 'error.conflict', params: {}, headers: {} },
    })
    // Across the invoke, the answer becomes the error the in-process publish throws.
    const { settle } = await import('../../functions/src/platform/services/publisher.ts')
    const raised = (() => {
      try {
        settle(JSON.parse(JSON.stringify(answer)))
      } catch (error) {
        return error
      }
    })()
    expect(raised).toMatchObject({ name: 'AppError', status: 409, code: 'error.conflict' })
    const read = await http.get(`/site/${site.id}`, { token })
    expect(read.body.global_setting.status).toBe('DRAFT')
    expect(read.body.version).toBe(site.version)
  })

  it('answers a site that does not exist with 404', async () => {
    const handler = await publishing()
    expect(await handler({ source: 'swipe.publish', siteId: randomUUID(), expectVersion: 1 })).toEqual({
      ok: false,
      error: { status: 404, code: 'error.notFound', params: {}, headers: {} },
    })
  })

  it('takes nothing but a publish or host-map event', async () => {
    const handler = await publishing()
    const refusal = 'The publishing Lambda takes only publish and host-map events'
    await expect(handler({ source: 'swipe.job', siteId: randomUUID(), expectVersion: 1 })).rejects.toThrow(
      refusal,
    )
    await expect(handler({ source: 'swipe.publish', siteId: randomUUID() })).rejects.toThrow(refusal)
    await expect(handler({ source: 'swipe.hostMap', method: 'put', host: 'x.example.test' })).rejects.toThrow(
      refusal,
    )
  })

  it('keeps the host map for the sites and domains Lambdas: each call lands in the stack’s own map', async () => {
    // The sites and domains Lambdas send these on AWS (functions/src/platform/aws/invoked-host-map.ts).
    const handler = await publishing()
    const { platform } = await import('../../functions/src/platform/index.ts')
    const hosts = platform().hostMap
    const a = `${randomUUID()}.example.test`
    const b = `${randomUUID()}.example.test`
    const live = { siteId: randomUUID(), prefix: `sites/${randomUUID()}/r1` }
    expect(await handler({ source: 'swipe.hostMap', method: 'put', host: a, target: live })).toEqual({
      ok: true,
    })
    expect(await hosts.get(a)).toEqual(live)
    expect(await handler({ source: 'swipe.hostMap', method: 'get', host: a })).toEqual({
      ok: true,
      target: live,
    })
    const moved = { ...live, matches: { line: 'B2' } }
    expect(
      await handler({ source: 'swipe.hostMap', method: 'update', puts: [[b, moved]], deletes: [a] }),
    ).toEqual({ ok: true })
    expect(await hosts.get(a)).toBeUndefined()
    expect(await hosts.get(b)).toEqual(moved)
    expect(await handler({ source: 'swipe.hostMap', method: 'delete', host: b })).toEqual({ ok: true })
    expect(await hosts.get(b)).toBeUndefined()
    expect(await handler({ source: 'swipe.hostMap', method: 'get', host: b })).toEqual({ ok: true })
  })
})
