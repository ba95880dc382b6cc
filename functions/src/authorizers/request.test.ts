import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda'
import { describe, expect, it } from 'vitest'
import { handler } from './request.ts'

const event = (routeKey: string, headers: Record<string, string>) =>
  ({ routeKey, headers, type: 'REQUEST' }) as unknown as APIGatewayRequestAuthorizerEventV2

describe('request authorizer', () => {
  const preview = 'GET /api/v1/preview/site/{siteId}'

  it('lets a preview request through with a bearer JWT or the share password header, for the handler to verify', async () => {
    expect(await handler(event(preview, { authorization: 'Bearer aaa.bbb.ccc' }))).toEqual({
      isAuthorized: true,
      context: {},
    })
    expect(await handler(event(preview, { password: 'Preview#2026' }))).toEqual({
      isAuthorized: true,
      context: {},
    })
  })

  it('turns away a preview request with nothing, or with a bearer that is not a JWT', async () => {
    expect((await handler(event(preview, {}))).isAuthorized).toBe(false)
    expect((await handler(event(preview, { authorization: 'Bearer not-a-jwt' }))).isAuthorized).toBe(false)
    expect((await handler(event(preview, { authorization: 'Basic dXNlcjpwYXNz' }))).isAuthorized).toBe(false)
  })

  it('denies routes it has no check for, and API keys until they exist', async () => {
    expect(
      (await handler(event('GET /api/v1/site', { authorization: 'Bearer aaa.bbb.ccc' }))).isAuthorized,
    ).toBe(false)
  })
})
