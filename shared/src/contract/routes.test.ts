import { describe, expect, it } from 'vitest'
import { API_BASE_PATH, CONTEXTS, routeKey, routeList } from './routes.ts'

describe('route table', () => {
  it('has one entry per method and path', () => {
    const keys = routeList().map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
  })
  it('uses API Gateway paths below the base path and known contexts', () => {
    for (const route of routeList()) {
      expect(route.path).toMatch(/^\/[a-z0-9\-_/{}+.]*$/i)
      expect(CONTEXTS).toContain(route.context)
      expect(route.id).toBe(`${route.context}.${route.action}`)
      expect(routeKey(route).startsWith(`${route.method} ${API_BASE_PATH}/`)).toBe(true)
    }
  })
  it('gives every admin route a policy action, and no other route one', () => {
    for (const route of routeList()) {
      if (route.auth === 'admin') expect(route.permission, route.id).toBeDefined()
      else expect(route.permission, route.id).toBeUndefined()
    }
  })
})
