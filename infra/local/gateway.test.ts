import { describe, expect, it } from 'vitest'
import { matchRoute } from './gateway.ts'

const compiled = (method: 'GET' | 'POST', path: string) => {
  const params: string[] = []
  const source = `/api/v1${path}`
    .split('/')
    .map((s) => {
      const m = s.match(/^\{(\w+)\}$/)
      if (!m) return s
      params.push(m[1]!)
      return '([^/]+)'
    })
    .join('/')
  return {
    def: { method, path, context: 'sites' as const, action: path, auth: 'public' as const, summary: '' },
    key: `${method} /api/v1${path}`,
    pattern: new RegExp(`^${source}$`),
    params,
    literalLength: `/api/v1${path}`.replace(/\{[^}]+\}/g, '').length,
  }
}

describe('matchRoute', () => {
  const routes = [
    compiled('GET', '/site/{id}'),
    compiled('GET', '/site/export'),
    compiled('POST', '/site/{id}'),
  ]
  it('prefers the most specific route, like API Gateway', () => {
    expect(matchRoute(routes, 'GET', '/api/v1/site/export')?.route.key).toBe('GET /api/v1/site/export')
    expect(matchRoute(routes, 'GET', '/api/v1/site/abc')).toMatchObject({
      route: { key: 'GET /api/v1/site/{id}' },
      pathParameters: { id: 'abc' },
    })
  })
  it('decodes path parameters and matches the method', () => {
    expect(matchRoute(routes, 'POST', '/api/v1/site/a%20b')?.pathParameters).toEqual({ id: 'a b' })
    expect(matchRoute(routes, 'DELETE', '/api/v1/site/abc')).toBeUndefined()
    expect(matchRoute(routes, 'GET', '/api/v1/site/a/b')).toBeUndefined()
  })
})
