import { deployedContexts, routeList } from '@swipe/shared/contract/routes'
import { describe, expect, it } from 'vitest'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()
const adminOrigin = urls.admin

describe('local API gateway', () => {
  it('loads every deployed context, whose router covers exactly its routes', async () => {
    for (const context of deployedContexts()) {
      const module = await import(`../../functions/src/${context}/index.ts`)
      expect(typeof module.handler).toBe('function')
    }
  })

  it('reaches a handler for every route in the table (never the gateway 404)', async () => {
    for (const route of routeList()) {
      const path = route.path.replace(/\{(\w+)\+?\}/g, 'test-$1')
      const response = await fetch(`${urls.api}${path}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
      })
      const body = await response.text()
      // The gateway's 404 and a context router's unmatched route both name `error.routeNotFound`.
      expect(body, `${route.method} ${route.path}`).not.toContain('error.routeNotFound')
    }
  })

  it("answers an unknown route in the error envelope, in the caller's language", async () => {
    const response = await fetch(`${urls.api}/no-such-route`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      error: { code: 'error.routeNotFound', message: 'このAPIエンドポイントは存在しません。' },
    })
    // A known path with a method it does not take is unmatched too.
    const english = await fetch(`${urls.api}/health`, { method: 'DELETE', headers: { 'x-lang': 'en' } })
    expect(english.status).toBe(404)
    expect(await english.json()).toEqual({
      error: { code: 'error.routeNotFound', message: 'No such API endpoint.' },
    })
  })

  it('answers CORS preflight for the admin origin only', async () => {
    const allowed = await fetch(`${urls.api}/health`, {
      method: 'OPTIONS',
      headers: { origin: adminOrigin, 'access-control-request-method': 'GET' },
    })
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(adminOrigin)
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization')
    const other = await fetch(`${urls.api}/health`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const simple = await fetch(`${urls.api}/health`, { headers: { origin: adminOrigin } })
    expect(simple.headers.get('access-control-allow-origin')).toBe(adminOrigin)
  })
})
