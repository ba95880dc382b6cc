import { describe, expect, it } from 'vitest'
import { contextHandler } from './router.ts'

/** The health context with stand-in handlers: what is tested is the router around them. */
const health = contextHandler('health', {
  get: { handler: async () => ({ statusCode: 200, body: '{"status":"ok"}' }) },
  ready: { handler: async () => ({ statusCode: 200, body: '{"status":"ok"}' }) },
})

const event = (method: string, path: string, headers: Record<string, string> = {}) =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', http: { method, path } },
  }) as never

describe('contextHandler()', () => {
  it('answers a route of its context with that route’s handler', async () => {
    expect(await health(event('GET', '/api/v1/health'), {} as never)).toEqual({
      statusCode: 200,
      body: '{"status":"ok"}',
    })
  })

  it('answers an unmatched path or method in the error envelope, in the caller’s language', async () => {
    const headers = {
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    }
    expect(await health(event('GET', '/api/v1/no-such-route'), {} as never)).toEqual({
      statusCode: 404,
      headers,
      body: JSON.stringify({
        error: { code: 'error.routeNotFound', message: 'このAPIエンドポイントは存在しません。' },
      }),
    })
    const english = await health(event('DELETE', '/api/v1/health', { 'x-lang': 'en' }), {} as never)
    expect(english.statusCode).toBe(404)
    expect(JSON.parse(String(english.body))).toEqual({
      error: { code: 'error.routeNotFound', message: 'No such API endpoint.' },
    })
  })
})
