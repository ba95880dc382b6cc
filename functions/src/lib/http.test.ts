import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RouteDef } from '../routes.ts'
import { ConflictError } from './errors.ts'
import { endpoint, ok } from './http.ts'

const route: RouteDef = {
  method: 'POST',
  path: '/things/{id}',
  context: 'sites',
  action: 'x',
  auth: 'public',
  summary: 'test',
}

const event = (overrides: Record<string, unknown> = {}) =>
  ({
    version: '2.0',
    routeKey: 'POST /api/v1/things/{id}',
    rawPath: '/api/v1/things/t1',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: 't1' },
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', http: { method: 'POST' } },
    ...overrides,
  }) as never

const Body = z.object({
  siteName: z.string().min(1, { error: 'validation.required' }),
  rowCount: z.number().max(3),
})

const echo = endpoint(route, { body: Body, params: z.object({ id: z.string() }) }, async ({ body, params }) =>
  ok({ receivedName: body.siteName, id: params.id }, 201),
)

describe('endpoint()', () => {
  it('converts snake_case in and camelCase out', async () => {
    const result = await echo(
      event({ body: JSON.stringify({ site_name: 'Demo', row_count: 2 }) }),
      {} as never,
    )
    expect(result).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ received_name: 'Demo', id: 't1' }),
    })
  })

  it('answers 400 with every field path and localised messages', async () => {
    const result = await echo(
      event({ body: JSON.stringify({ site_name: '', row_count: 9 }), headers: { 'x-lang': 'en' } }),
      {} as never,
    )
    expect(result.statusCode).toBe(400)
    expect(JSON.parse(String(result.body))).toEqual({
      error: {
        code: 'error.validation',
        message: 'Some fields are not valid.',
        details: [
          {
            path: 'body.siteName',
            code: 'validation.required',
            params: { min: 1 },
            message: 'This field is required.',
          },
          {
            path: 'body.rowCount',
            code: 'validation.invalid',
            params: { max: 3 },
            message: 'The value is not valid.',
          },
        ],
      },
    })
  })

  it('localises by Accept-Language, Japanese by default', async () => {
    const ja = await echo(event({ body: '{' }), {} as never)
    expect(JSON.parse(String(ja.body))).toEqual({
      error: { code: 'error.badRequest', message: 'リクエストが正しくありません。' },
    })
    const ko = await echo(event({ body: '{', headers: { 'accept-language': 'ko-KR' } }), {} as never)
    expect(JSON.parse(String(ko.body)).error.message).toBe('요청이 올바르지 않습니다.')
  })

  it('maps domain errors to their status and hides internals of the rest', async () => {
    const conflict = endpoint(route, {}, async () => {
      throw new ConflictError()
    })
    const result = await conflict(event(), {} as never)
    expect(result.statusCode).toBe(409)
    expect(JSON.parse(String(result.body)).error.code).toBe('error.conflict')

    const broken = endpoint(route, {}, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:5432 password=hunter2')
    })
    const hidden = await broken(event({ headers: { 'x-lang': 'en' } }), {} as never)
    expect(hidden).toEqual({
      statusCode: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        error: { code: 'error.internal', message: 'An error occurred. Please reload and try again.' },
      }),
    })
  })

  it('refuses bodies over 1 MB', async () => {
    const result = await echo(event({ body: `"${'x'.repeat(1_000_001)}"` }), {} as never)
    expect(result.statusCode).toBe(413)
  })
})
