import { readFileSync } from 'node:fs'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { describe, expect, it } from 'vitest'
import { VIEWER_ADDRESS_SOURCE } from '../lib/sites.ts'
import { devStage, type Json, PROD_CONTEXT, prodStage, type Resources, refsIn } from './support.ts'

/**
 * Client identity (docs/decisions/0045-client-identity.md): the API is used
 * through CloudFront only. Every CloudFront origin that reaches API Gateway adds the origin secret
 * as `X-Origin-Verify`; every API Lambda requires it, so a direct call to the execute-api
 * endpoint is refused and a forged `CloudFront-Viewer-Address` is never believed.
 */
const dev = devStage
const prod = prodStage

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type)

/** A value CloudFormation resolves from the secret at deploy: `{{resolve:secretsmanager:<ref>:SecretString:::}}`. */
const isSecretReference = (value: unknown, secretId: string) =>
  JSON.stringify(value).includes('{{resolve:secretsmanager:') && refsIn(value).has(secretId)

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('%s stage: the API only through CloudFront', (name, scenario) => {
  it('keeps one generated origin secret, whose value never appears in the template', () => {
    const { resources, stack, logicalId } = scenario()
    const secrets = ofType(resources, 'AWS::SecretsManager::Secret')
    // The origin secret, the security log's key (./security-log-key.test.ts), the operator-filled
    // Stripe keys and the vault key (infra/test/billing.test.ts): no other.
    const originId = logicalId(stack.api.originSecret)
    const logKeyId = logicalId(stack.api.securityLogSecret)
    const ids = secrets.map(([id]) => id)
    expect(ids).toContain(originId)
    expect(ids).toContain(logKeyId)
    expect(ids.filter((id) => id !== originId && id !== logKeyId).sort()).toEqual([
      expect.stringMatching(/^StripeKeys/),
      expect.stringMatching(/^VaultKey/),
    ])
    const [, secret] = secrets.find(([id]) => id === originId)!
    expect(secret.Properties?.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    })
    expect(secret.Properties?.SecretString).toBeUndefined()
  })

  it('adds the secret to every CloudFront origin that reaches API Gateway, and the API path goes there', () => {
    const { resources, stack, logicalId } = scenario()
    const secretId = logicalId(stack.api.originSecret)
    const apiId = logicalId(stack.api.httpApi)
    const apiOrigins: Array<{ distribution: string; origin: Json }> = []
    for (const [id, distribution] of ofType(resources, 'AWS::CloudFront::Distribution')) {
      const config = (distribution.Properties as Json).DistributionConfig as Json
      for (const origin of config.Origins as Json[]) {
        if (refsIn(origin.DomainName).has(apiId)) apiOrigins.push({ distribution: id, origin })
      }
      // Every behaviour of /api/v1/* targets an API origin.
      for (const behavior of (config.CacheBehaviors as Json[] | undefined) ?? []) {
        if (behavior.PathPattern !== `${API_BASE_PATH}/*`) continue
        const target = (config.Origins as Json[]).find((o) => o.Id === behavior.TargetOriginId)
        expect(refsIn(target?.DomainName).has(apiId), `${id} ${API_BASE_PATH}/*`).toBe(true)
      }
    }
    // The sites distribution serves the API under every site's origin.
    expect(apiOrigins.map((o) => o.distribution)).toContain(logicalId(stack.sites.distribution))
    for (const { distribution, origin } of apiOrigins) {
      const headers =
        (origin.OriginCustomHeaders as Array<{ HeaderName: string; HeaderValue: unknown }>) ?? []
      const verify = headers.filter((h) => h.HeaderName.toLowerCase() === 'x-origin-verify')
      expect(verify, distribution).toHaveLength(1)
      expect(isSecretReference(verify[0]!.HeaderValue, secretId), distribution).toBe(true)
      // HTTPS to the origin, so the secret never travels in the clear.
      expect((origin.CustomOriginConfig as Json).OriginProtocolPolicy).toBe('https-only')
    }
  })

  it('makes every API Lambda require the secret (the execute-api endpoint refuses direct calls)', () => {
    const { resources, stack, logicalId } = scenario()
    const secretId = logicalId(stack.api.originSecret)
    expect(stack.api.functions.size).toBeGreaterThan(5)
    for (const [context, fn] of stack.api.functions) {
      const variables = ((resources[logicalId(fn)]!.Properties as Json).Environment as { Variables: Json })
        .Variables
      expect(variables.ORIGIN_VERIFY_REQUIRED, context).toBe('true')
      expect(isSecretReference(variables.ORIGIN_VERIFY_SECRET, secretId), context).toBe(true)
    }
  })

  it('names the API URL through CloudFront, not the execute-api endpoint', () => {
    const { stack, template, logicalId } = scenario()
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>
    const apiUrl = JSON.stringify(stack.resolve(outputs.ApiUrl!.Value))
    expect(apiUrl).not.toContain('execute-api')
    if (name === 'prod') expect(apiUrl).toBe(JSON.stringify(`https://${PROD_CONTEXT.sitesDomain}/`))
    else expect(refsIn(outputs.ApiUrl!.Value)).toContain(logicalId(stack.sites.distribution))
  })

  it('names the viewer by a function CloudFront runs on every API request, and sends nosniff on every answer', () => {
    const { resources, stack, logicalId } = scenario()
    const config = (resources[logicalId(stack.sites.distribution)]!.Properties as Json)
      .DistributionConfig as Json
    const api = ((config.CacheBehaviors as Json[]) ?? []).find((b) => b.PathPattern === `${API_BASE_PATH}/*`)!
    const associations = api.FunctionAssociations as Array<{ EventType: string; FunctionARN: unknown }>
    expect(associations.map((a) => a.EventType)).toEqual(['viewer-request'])
    const [fnId] = [...refsIn(associations[0]!.FunctionARN)]
    const fn = resources[fnId!]!
    expect(fn.Type).toBe('AWS::CloudFront::Function')
    expect((fn.Properties as Json).FunctionCode).toBe(readFileSync(VIEWER_ADDRESS_SOURCE, 'utf8'))
    const policy = resources[[...refsIn(api.ResponseHeadersPolicyId)][0]!]!
    const security = ((policy.Properties as Json).ResponseHeadersPolicyConfig as Json)
      .SecurityHeadersConfig as Json
    expect(security.ContentTypeOptions).toEqual({ Override: true })
  })
})

/**
 * The security log's login-ID hashes are keyed (functions/src/edge/security-log.ts): one generated
 * secret per stage whose value reaches, as a dynamic reference resolved at deploy, the Lambdas that
 * log login IDs (the auth context) and no other API Lambda. Here beside the origin secret, on the
 * same synthesised app.
 */
describe('the security log’s key', () => {
  it('is generated, never in the template, and given to the auth Lambda alone', () => {
    const { resources, stack, logicalId } = dev()
    const secretId = logicalId(stack.api.securityLogSecret)
    const secret = resources[secretId]!
    expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 48 })
    expect(secret.Properties?.SecretString).toBeUndefined()
    const given: string[] = []
    for (const [context, fn] of stack.api.functions) {
      const value = ((resources[logicalId(fn)]!.Properties as Json).Environment as { Variables: Json })
        .Variables.SECURITY_LOG_KEY
      if (value === undefined) continue
      expect(JSON.stringify(value), context).toContain('{{resolve:secretsmanager:')
      expect(refsIn(value).has(secretId), context).toBe(true)
      given.push(context)
    }
    expect(given).toEqual(['auth'])
  })
})

describe('viewer-address function (CloudFront Function source)', () => {
  type Request = { headers: Record<string, { value: string }> }
  const handler = new Function(
    `${readFileSync(VIEWER_ADDRESS_SOURCE, 'utf8')}\nreturn handler`,
  )() as (event: { request: Request; viewer: { ip: string } }) => Request

  it('writes the connection address over any value the viewer sent', () => {
    const forged = { 'x-viewer-address': { value: '203.0.113.9' }, host: { value: 'lp.example.jp' } }
    expect(handler({ request: { headers: forged }, viewer: { ip: '198.51.100.7' } }).headers).toEqual({
      'x-viewer-address': { value: '198.51.100.7' },
      host: { value: 'lp.example.jp' },
    })
    expect(handler({ request: { headers: {} }, viewer: { ip: '2001:db8::1' } }).headers).toEqual({
      'x-viewer-address': { value: '2001:db8::1' },
    })
  })
})
