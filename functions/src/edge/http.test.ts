import type { RouteIo } from '@swipe/shared/contract'
import type { RouteDef, RouteId } from '@swipe/shared/contract/routes'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'
import { platform, runWithPlatform } from '#platform'
import { logger } from '../platform/services/logger.ts'
import { AppError, ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from './errors.ts'
import { endpoint, ok } from './http.ts'

const head = {
  method: 'POST',
  path: '/things/{id}',
  context: 'sites',
  action: 'x',
  auth: 'public',
} as const satisfies RouteDef

/** A route of the test's own: the head above with the schemas a test gives it. */
const testRoute = <const Io extends Partial<RouteIo>>(io: Io = {} as Io) => ({
  ...head,
  id: 'sites.x' as RouteId,
  summary: 'test',
  ...io,
})
const route = testRoute()

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

const echo = endpoint(
  testRoute({ body: Body, params: z.object({ id: z.string() }) }),
  async ({ body, params }) => ok({ receivedName: body.siteName, id: params.id }, 201),
)

describe('endpoint()', () => {
  it('converts snake_case in and camelCase out', async () => {
    const result = await echo(
      event({ body: JSON.stringify({ site_name: 'Demo', row_count: 2 }) }),
      {} as never,
    )
    expect(result).toEqual({
      statusCode: 201,
      headers: {
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      },
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
    const conflict = endpoint(route, async () => {
      throw new ConflictError()
    })
    const result = await conflict(event(), {} as never)
    expect(result.statusCode).toBe(409)
    expect(JSON.parse(String(result.body)).error.code).toBe('error.conflict')

    const broken = endpoint(route, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:5432 password=hunter2')
    })
    const hidden = await broken(event({ headers: { 'x-lang': 'en' } }), {} as never)
    expect(hidden).toEqual({
      statusCode: 500,
      headers: {
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({
        error: { code: 'error.internal', message: 'An error occurred. Please reload and try again.' },
      }),
    })
  })

  it('refuses bodies over 1 MB', async () => {
    const result = await echo(event({ body: `"${'x'.repeat(1_000_001)}"` }), {} as never)
    expect(result.statusCode).toBe(413)
  })

  it('sends nosniff on every response type; no-store unless the handler chose its caching', async () => {
    const csv = endpoint(route, async () => ({
      status: 200,
      raw: true,
      body: 'a,b',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    }))
    expect((await csv(event(), {} as never)).headers).toEqual({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-type': 'text/csv; charset=utf-8',
    })
    const cached = endpoint(route, async () => ok({}, 200, { 'Cache-Control': 'public, max-age=60' }))
    expect((await cached(event(), {} as never)).headers).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=60',
    })
    const refused = endpoint(route, async () => {
      throw new TooManyRequestsError(30)
    })
    expect((await refused(event(), {} as never)).headers).toEqual({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '30',
    })
  })
})

describe('the route decides what the handler gets and sends', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  const Thing = z.object({ id: z.string(), rowCount: z.number().int() })
  /** A handler whose answer is whatever the test hands it, under a route that answers a Thing. */
  const replying = (body: unknown) =>
    endpoint(testRoute({ response: Thing }), async () => ok(body as z.input<typeof Thing>))

  it('with SWIPE_CONTRACT_CHECK=1 turns an answer its response schema refuses into a 500, and sends one that fits', async () => {
    const checking = { ...platform(), contractCheck: true }
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    const fits = await runWithPlatform(checking, () =>
      replying({ id: 't1', rowCount: 2 })(event(), {} as never),
    )
    expect(fits).toEqual({
      statusCode: 200,
      headers: {
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({ id: 't1', row_count: 2 }),
    })
    expect(error).not.toHaveBeenCalled()

    const drifted = await runWithPlatform(checking, () =>
      replying({ id: 't1', rowCount: 'two' })(event({ headers: { 'x-lang': 'en' } }), {} as never),
    )
    expect(drifted).toEqual({
      statusCode: 500,
      headers: {
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({
        error: { code: 'error.internal', message: 'An error occurred. Please reload and try again.' },
      }),
    })
    // The log (not the client) names the route and the refused field.
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith(
      'Unhandled error',
      expect.objectContaining({ message: expect.stringMatching(/^Contract: sites\.x .*"rowCount"/) }),
    )
  })

  it('sends an answer as the handler built it when the check is off (production)', async () => {
    const production = { ...platform(), contractCheck: false }
    const result = await runWithPlatform(production, () =>
      replying({ id: 't1', rowCount: 'two' })(event(), {} as never),
    )
    expect(result.statusCode).toBe(200)
    expect(result.body).toBe(JSON.stringify({ id: 't1', row_count: 'two' }))
  })

  it("with keys: 'asSent' leaves the body's, the query's and the answer's keys as sent", async () => {
    const Fields = z.record(z.string(), z.string())
    const seen: unknown[] = []
    const asSent = endpoint(
      testRoute({ keys: 'asSent', body: Fields, query: Fields }),
      async ({ body, query }) => {
        seen.push(body, query)
        return ok({ fieldValues: body, user_agent: 'x' })
      },
    )
    const sent = { お名前: '山田', company_name: 'ACME', 'E-Mail': 'a@example.test', phoneNumber: '03' }
    const result = await asSent(
      event({ body: JSON.stringify(sent), queryStringParameters: { site_id: 's1', utmSource: 'ad' } }),
      {} as never,
    )
    expect(seen).toEqual([sent, { site_id: 's1', utmSource: 'ad' }])
    expect(result.statusCode).toBe(200)
    expect(result.body).toBe(JSON.stringify({ fieldValues: sent, user_agent: 'x' }))

    // The default (snake_case on the wire) converts the same keys both ways.
    const converted: unknown[] = []
    const snake = endpoint(testRoute({ body: Fields, query: Fields }), async ({ body, query }) => {
      converted.push(body, query)
      return ok({ fieldValues: body })
    })
    const answer = await snake(
      event({ body: JSON.stringify({ company_name: 'ACME' }), queryStringParameters: { site_id: 's1' } }),
      {} as never,
    )
    expect(converted).toEqual([{ companyName: 'ACME' }, { siteId: 's1' }])
    expect(answer.body).toBe(JSON.stringify({ field_values: { company_name: 'ACME' } }))
  })

  it("with bodyType: 'text' reads a text/plain body as JSON, after beforeParse", async () => {
    const Events = z.array(z.object({ siteId: z.string() })).min(1, { error: 'validation.required' })
    const seen: unknown[] = []
    const beacon = endpoint(
      testRoute({ bodyType: 'text', body: Events, status: 204, responseType: 'empty' }),
      async ({ body }) => {
        seen.push(body)
        return ok(undefined, 204)
      },
      {
        beforeParse: async ({ event: request }) => {
          if (String(request.body).length > 40) throw new AppError(413, 'error.payloadTooLarge')
        },
      },
    )
    const text = (body: string) => event({ body, headers: { 'content-type': 'text/plain;charset=UTF-8' } })
    const counted = await beacon(text('[{"site_id":"s1"}]'), {} as never)
    expect([counted.statusCode, counted.body]).toEqual([204, undefined])
    expect(seen).toEqual([[{ siteId: 's1' }]])
    expect((await beacon(text('[{"site_id"'), {} as never)).statusCode).toBe(400)
    expect(JSON.parse(String((await beacon(text('[]'), {} as never)).body)).error.details).toEqual([
      { path: 'body', code: 'validation.required', params: { min: 1 }, message: expect.any(String) },
    ])
    // The size is refused before the body is read, even when the body is not JSON at all.
    expect((await beacon(text(`[${'x'.repeat(60)}`), {} as never)).statusCode).toBe(413)
    expect(seen).toHaveLength(1)
  })
})

describe('security events of refusals', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const failing = (error: Error) =>
    endpoint(route, async () => {
      throw error
    })
  const viewer = {
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'req-9', http: { method: 'POST', sourceIp: '198.51.100.7' } },
  }

  it('writes one line for a 403 with the request, client and reason, and none of the body', async () => {
    const warn = vi.spyOn(logger, 'warn')
    const result = await failing(new ForbiddenError('error.forbidden'))(
      event({ ...viewer, body: JSON.stringify({ password: 'hunter2' }) }),
      {} as never,
    )
    expect(result.statusCode).toBe(403)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('security access.forbidden', {
      security: true,
      kind: 'access.forbidden',
      requestId: 'req-9',
      route: 'POST /api/v1/things/{id}',
      actor: undefined,
      client: '198.51.100.7',
      reason: 'error.forbidden',
    })
    expect(JSON.stringify(warn.mock.calls)).not.toContain('hunter2')
  })

  it('names the refused fields of a 403 with details, and logs 429s as rate.limited', async () => {
    const warn = vi.spyOn(logger, 'warn')
    const field = new ValidationError([{ path: 'body.planId', code: 'error.fieldForbidden' }])
    Object.assign(field, { status: 403 })
    await failing(field)(event(viewer), {} as never)
    await failing(new TooManyRequestsError(10))(event(viewer), {} as never)
    expect(
      warn.mock.calls.map(([, attrs]) => [
        (attrs as { kind: string }).kind,
        (attrs as { reason: string }).reason,
      ]),
    ).toEqual([
      ['access.forbidden', 'error.validation body.planId'],
      ['rate.limited', 'error.tooManyRequests'],
    ])
  })

  it('leaves a refusal that wrote its own line to it', async () => {
    const warn = vi.spyOn(logger, 'warn')
    const refusal = new ForbiddenError('endUser.crossOrigin')
    refusal.securityLogged = true
    expect((await failing(refusal)(event(viewer), {} as never)).statusCode).toBe(403)
    expect(warn).not.toHaveBeenCalled()
  })

  it('writes nothing for other failures', async () => {
    const warn = vi.spyOn(logger, 'warn')
    await failing(new ConflictError())(event(viewer), {} as never)
    await echo(event({ ...viewer, body: '{' }), {} as never)
    expect(warn).not.toHaveBeenCalled()
  })

  it('writes one line for a missing or unusable credential, naming the auth kind', async () => {
    const warn = vi.spyOn(logger, 'warn')
    const admin = endpoint({ ...route, auth: 'admin', permission: 'site:read' }, async () => ok({}))
    const none = await admin(event(viewer), {} as never)
    const forged = await admin(
      event({ ...viewer, headers: { authorization: 'Basic eyJhbGciOiJub25lIn0' } }),
      {} as never,
    )
    expect([none.statusCode, forged.statusCode]).toEqual([401, 401])
    expect(
      warn.mock.calls.map(([message, attrs]) => [message, (attrs as { reason: string }).reason]),
    ).toEqual([
      ['security auth.tokenInvalid', 'admin:error.unauthorized'],
      ['security auth.tokenInvalid', 'admin:error.unauthorized'],
    ])
    expect(JSON.stringify(warn.mock.calls)).not.toContain('eyJhbGciOiJub25lIn0')
  })
})
