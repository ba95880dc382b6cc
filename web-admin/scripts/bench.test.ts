import { contractList } from '@swipe/shared/contract'
import { describe, expect, it } from 'vitest'
import { checkStubs, stubWire } from './bench.ts'

/** Every key of a JSON value, nested ones included. */
const keysOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
}

const wireOf = (route: string): unknown => {
  const body = stubWire().get(route)
  if (body === undefined) throw new Error(`no stub for ${route}`)
  return JSON.parse(body)
}

describe('bench:console stubs', () => {
  it('answers every read of the summary and its platform dashboard, and nothing else', () => {
    const dashboard = contractList()
      .filter((route) => route.method === 'GET' && route.path.startsWith('/dashboard/'))
      .map((route) => `GET ${route.path}`)
    // A dashboard read added to the contract without a stub fails here, not as a silent 404.
    expect(dashboard.length).toBeGreaterThan(0)
    expect([...stubWire().keys()].sort()).toEqual(
      ['GET /auth/user-info', 'GET /summary', 'GET /news/show', ...dashboard].sort(),
    )
  })

  it('parses every stub with its route’s response schema, as the console reads it', () => {
    expect(() => checkStubs()).not.toThrow()
  })

  it('sends snake_case on the wire, as the API does', () => {
    for (const [route, body] of stubWire()) {
      const camel = keysOf(JSON.parse(body)).filter((key) => /[A-Z]/.test(key))
      expect(camel, route).toEqual([])
    }
    expect(wireOf('GET /dashboard/revenue')).toMatchObject({
      paying_accounts: 7,
      mrr: 178_600,
      arr: 2_143_200,
    })
  })

  it('refuses a stub the contract no longer accepts, naming its route and fields', () => {
    const stale = () =>
      checkStubs({
        // A site status the contract does not know, and a revenue without its movement.
        'accounts.summary': {
          users: null,
          sites: { total: 7, by_status: [{ status: 'PUBLISHED', count: 7 }] },
        },
        'billing.dashboardRevenue': { month: '2026-11', mrr: 178_600, arr: 2_143_200, paying_accounts: 7 },
        'billing.dashboardSites': wireOf('GET /dashboard/user-site'),
      })
    expect(stale).toThrow(/accounts\.summary \(GET \/summary\): .*"path":\["sites","byStatus",0,"status"\]/)
    expect(stale).toThrow(/billing\.dashboardRevenue \(GET \/dashboard\/revenue\): .*"path":\["movement"\]/)
    expect(stale).not.toThrow(/billing\.dashboardSites/)
  })
})
