import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda'
import { describe, expect, it } from 'vitest'
import { generateKey } from '#edge/site-api-keys'
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

  it('gates the site API: a key with a valid checksum, basic credentials or nothing (IP restriction) pass to the handler', async () => {
    const open = 'GET /api/v1/open/site/{siteId}/members'
    const key = generateKey()
    expect(await handler(event(open, { authorization: `Bearer ${key}` }))).toEqual({
      isAuthorized: true,
      context: {},
    })
    expect((await handler(event(open, { authorization: 'Basic Y3JtOnNlY3JldA==' }))).isAuthorized).toBe(true)
    expect((await handler(event(open, {}))).isAuthorized).toBe(true)
    const typo = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`
    expect((await handler(event(open, { authorization: `Bearer ${typo}` }))).isAuthorized).toBe(false)
    expect((await handler(event(open, { authorization: 'Bearer aaa.bbb.ccc' }))).isAuthorized).toBe(false)
  })

  it('denies routes it has no check for', async () => {
    expect(
      (await handler(event('GET /api/v1/site', { authorization: 'Bearer aaa.bbb.ccc' }))).isAuthorized,
    ).toBe(false)
  })
})
