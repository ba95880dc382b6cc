import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { provideStackPlatform, restoreEnv, useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()

const dependencies = ['table', 'media_bucket', 'sites_bucket', 'admin_user_pool', 'members_user_pool', 'mail']

describe('GET /api/v1/health (liveness)', () => {
  it('answers ok without naming any dependency', async () => {
    const response = await fetch(`${urls.api}/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /api/v1/health/ready (readiness)', () => {
  it('reports every dependency ok with all emulators up, and when its round started', async () => {
    const response = await fetch(`${urls.api}/health/ready`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json()
    expect(body).toEqual({
      status: 'ok',
      checks: Object.fromEntries(
        dependencies.map((name) => [name, { status: 'ok', latency_ms: expect.any(Number) }]),
      ),
      checked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    // A second request within 10 s gets the same round's answer (no new dependency calls).
    const again = await (await fetch(`${urls.api}/health/ready`)).json()
    expect(again).toEqual(body)
  })

  it('answers 503 naming the dependency that is down', async () => {
    // The same handler module, loaded afresh in this worker with one resource that does not exist
    // (the worker's other files keep theirs: the variable and the modules are restored after).
    const previous = { MEDIA_BUCKET: process.env.MEDIA_BUCKET }
    process.env.MEDIA_BUCKET = `missing-${Date.now()}`
    vi.resetModules()
    onTestFinished(() => {
      restoreEnv(previous)
      vi.resetModules()
    })
    const { handler } = await import('../../functions/src/health/index.ts')
    // The stack's platform (its mail emulator), as the gateway's handlers have.
    onTestFinished(await provideStackPlatform())
    const result = await handler(
      {
        version: '2.0',
        routeKey: 'GET /api/v1/health/ready',
        rawPath: '/api/v1/health/ready',
        rawQueryString: '',
        headers: {},
        isBase64Encoded: false,
        requestContext: {
          http: {
            method: 'GET',
            path: '/api/v1/health/ready',
            protocol: 'HTTP/1.1',
            sourceIp: '127.0.0.1',
            userAgent: 't',
          },
          requestId: 'health-down',
          routeKey: 'GET /api/v1/health/ready',
          stage: '$default',
        },
      } as never,
      {} as never,
    )
    expect(result.statusCode).toBe(503)
    const body = JSON.parse(String(result.body))
    expect(body.status).toBe('degraded')
    expect(body.checks.media_bucket.status).toBe('down')
    for (const name of dependencies.filter((d) => d !== 'media_bucket')) {
      expect(body.checks[name].status).toBe('ok')
    }
  })
})
