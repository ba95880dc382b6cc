import { describe, expect, it } from 'vitest'
import { EVERY_AUTH_KIND, type Json, memo, refOf, refsIn, synth } from './support.ts'

const scenario = memo(() => synth({}, EVERY_AUTH_KIND))

const routeFor = (routeKeyOf: string) => {
  const { template } = scenario()
  const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
  const route = routes.find((r) => r.Properties.RouteKey === routeKeyOf)
  if (!route) throw new Error(`No route ${routeKeyOf}`)
  return route.Properties as Json
}

const authorizerOf = (routeKeyOf: string): Json => {
  const { resources } = scenario()
  return resources[refOf(routeFor(routeKeyOf).AuthorizerId)!]!.Properties as Json
}

describe('authorizer per auth kind', () => {
  it('leaves public routes open', () => {
    expect(routeFor('GET /api/v1/health').AuthorizationType).toBe('NONE')
  })

  it('checks admin routes with the admin pool; end-user routes are left to the Lambda, which reads the session cookie', () => {
    const { stack, logicalId } = scenario()
    const admin = authorizerOf('GET /api/v1/admin-only')
    expect(routeFor('GET /api/v1/admin-only').AuthorizationType).toBe('JWT')
    const audience = (a: Json) => (a.JwtConfiguration as { Audience: unknown[] }).Audience.map(refOf)
    const issuer = (a: Json) => refsIn((a.JwtConfiguration as { Issuer: unknown }).Issuer)
    expect(audience(admin)).toEqual([logicalId(stack.auth.adminClient)])
    expect(issuer(admin)).toEqual(new Set([logicalId(stack.auth.adminPool)]))
    // A JWT authorizer reads a header; a member's session is an HttpOnly cookie (functions/src/edge/auth.ts).
    expect(routeFor('GET /api/v1/end-user/x').AuthorizationType).toBe('NONE')
    expect(routeFor('GET /api/v1/end-user/x').AuthorizerId).toBeUndefined()
    const { resources } = scenario()
    const pools = Object.values(resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Authorizer')
      .map((r) => refsIn((r.Properties?.JwtConfiguration as { Issuer?: unknown } | undefined)?.Issuer))
    expect(pools.some((refs) => refs.has(logicalId(stack.auth.membersPool)))).toBe(false)
  })

  it('checks preview tokens and site API credentials with the request authorizer Lambda, uncached, simple responses', () => {
    const { stack, logicalId } = scenario()
    const fn = stack.api.authorizerFunction
    expect(fn).toBeDefined()
    const cases = [
      // Preview routes take a token or the share password header: no one header is required.
      ['GET /api/v1/preview/site/{siteId}', []],
      // The site API: IP-restricted sites' callers send no header (functions/src/authorizers/request.ts).
      ['POST /api/v1/external/{tag}', []],
    ] as const
    for (const [key, identitySource] of cases) {
      expect(routeFor(key).AuthorizationType, key).toBe('CUSTOM')
      const authorizer = authorizerOf(key)
      expect(authorizer).toMatchObject({
        AuthorizerType: 'REQUEST',
        AuthorizerPayloadFormatVersion: '2.0',
        EnableSimpleResponses: true,
        IdentitySource: identitySource,
        AuthorizerResultTtlInSeconds: 0,
      })
      expect(refsIn(authorizer.AuthorizerUri), key).toContain(logicalId(fn!))
    }
  })

  it('gives the authorizer Lambda no data access and lets API Gateway invoke it', () => {
    const { stack, resources, logicalId } = scenario()
    const fnId = logicalId(stack.api.authorizerFunction!)
    const variables = (resources[fnId]!.Properties!.Environment as { Variables: Json }).Variables
    expect(Object.keys(variables).sort()).toEqual(['NODE_OPTIONS', 'STAGE'])
    const permissions = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Permission' && refOf(r.Properties?.FunctionName) === fnId,
    )
    expect(permissions).not.toHaveLength(0)
    expect(permissions.every((p) => p.Properties?.Principal === 'apigateway.amazonaws.com')).toBe(true)
  })

  it('creates no authorizer Lambda while the route table has no preview or API-key route', () => {
    const { stack } = synth(
      {},
      EVERY_AUTH_KIND.filter((r) => r.auth !== 'preview' && r.auth !== 'siteApi'),
    )
    expect(stack.api.authorizerFunction).toBeUndefined()
  })
})
