import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { type AnyRoute, defineContext } from './define.ts'
import { routes } from './routes.ts'

describe('defineContext', () => {
  it("builds a route's schemas on the first read of any of them, once, and keeps its head as declared", () => {
    const built: string[] = []
    const health = defineContext('health')({
      'health.get': () => {
        built.push('health.get')
        return { summary: 'live', response: z.object({ status: z.literal('ok') }) }
      },
      'health.ready': () => {
        built.push('health.ready')
        return { summary: 'ready', status: 503, keys: 'asSent' }
      },
    })
    const get = health['health.get']
    expect([get.id, get.method, get.path, get.auth]).toEqual([
      'health.get',
      routes['health.get'].method,
      routes['health.get'].path,
      routes['health.get'].auth,
    ])
    expect(built).toEqual([])
    expect(get.response.parse({ status: 'ok' })).toEqual({ status: 'ok' })
    expect(get.summary).toBe('live')
    expect((get as AnyRoute).body).toBeUndefined()
    expect(built).toEqual(['health.get'])
    expect({ ...health['health.ready'] }).toMatchObject({ id: 'health.ready', status: 503, keys: 'asSent' })
    expect(built).toEqual(['health.get', 'health.ready'])
  })

  it('refuses a route of another context', () => {
    const define = defineContext('health') as (io: Record<string, () => object>) => unknown
    expect(() => define({ 'sites.get': () => ({ summary: 'x' }) })).toThrow(
      'route sites.get is not in context health',
    )
  })
})
