import { API_BASE_PATH, routeKey, routeList, VISITOR_CONTEXTS } from '@swipe/shared/contract/routes'
import { describe, expect, it } from 'vitest'
import { devStage, type Json, PROD_CONTEXT, prodStage, type Resources, refOf, refsIn } from './support.ts'

/** The visitor-facing contexts (end-user reads and CTA clicks, analytics beacons) as deployed. */
const dev = devStage
const prod = prodStage

/** CloudFront's managed policies the API behaviour of the sites distribution uses. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac'

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type)

/** Every statement of the policies attached to a role: its actions and the logical ids it names. */
const statementsOf = (resources: Resources, roleId: string) =>
  ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => refsIn(p.Properties?.Roles).has(roleId))
    .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
    .map((st) => ({ actions: [st.Action].flat() as string[], resources: refsIn(st.Resource) }))

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('%s stage: visitor API', (_name, scenario) => {
  it('serves every end-user and analytics route from its own Lambda, open at the gateway', () => {
    const { resources, stack, logicalId } = scenario()
    const routes = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as Json)
    const visitorRoutes = routeList().filter((r) => VISITOR_CONTEXTS.includes(r.context))
    expect(visitorRoutes.length).toBeGreaterThanOrEqual(22)
    const members = visitorRoutes.filter((r) => r.auth === 'endUser').map((r) => r.id)
    expect(members.sort()).toEqual(['endUser.pagePrivate', 'endUser.productPrivate'])
    for (const route of visitorRoutes) {
      const deployed = routes.find((r) => r.RouteKey === routeKey(route))
      // Open at the gateway: members-only reads carry their session as an HttpOnly cookie, which
      // no JWT authorizer reads; the end-user Lambda verifies it (functions/src/edge/auth.ts).
      expect(deployed?.AuthorizationType, route.id).toBe('NONE')
      const integration = resources[refsIn(deployed?.Target).values().next().value!]?.Properties as Json
      expect(refOf(integration.IntegrationUri), route.id).toBe(
        logicalId(stack.api.functions.get(route.context)!),
      )
    }
  })

  it('gives the analytics Lambda the table and nothing else', () => {
    const { resources, stack, logicalId } = scenario()
    const fn = resources[logicalId(stack.api.functions.get('analytics')!)]!.Properties as Json
    const variables = (fn.Environment as { Variables: Json }).Variables
    // The table, and the origin secret every API Lambda requires (./origin-verify.test.ts).
    expect(Object.keys(variables).sort()).toEqual([
      'NODE_OPTIONS',
      'ORIGIN_VERIFY_REQUIRED',
      'ORIGIN_VERIFY_SECRET',
      'STAGE',
      'TABLE_NAME',
    ])
    const table = logicalId(stack.data.table)
    const logs = refOf((fn.LoggingConfig as Json).LogGroup)!
    for (const statement of statementsOf(resources, refOf(fn.Role)!)) {
      expect(
        [...statement.resources].every((id) => id === table || id === logs),
        statement.actions.join(),
      ).toBe(true)
    }
  })

  it('lets the end-user Lambda write the table, only read buckets, sign members up and mail, never touch the admin pool', () => {
    const { resources, stack, logicalId } = scenario()
    const fn = resources[logicalId(stack.api.functions.get('endUser')!)]!.Properties as Json
    const variables = (fn.Environment as { Variables: Json }).Variables
    expect(
      Object.keys(variables)
        .filter((name) => /USER_POOL|MAIL_FROM|KVS|JOBS/.test(name))
        .sort(),
    ).toEqual(['JOBS_FUNCTION_NAME', 'MAIL_FROM', 'MEMBERS_USER_POOL_CLIENT_ID', 'MEMBERS_USER_POOL_ID'])
    expect(refOf(variables.MEMBERS_USER_POOL_ID)).toBe(logicalId(stack.auth.membersPool))
    expect(refOf(variables.TABLE_NAME)).toBe(logicalId(stack.data.table))
    expect(refOf(variables.MEDIA_BUCKET)).toBe(logicalId(stack.storage.mediaBucket))
    expect(refOf(variables.SITES_BUCKET)).toBe(logicalId(stack.storage.sitesBucket))
    const statements = statementsOf(resources, refOf(fn.Role)!)
    const buckets = new Set([logicalId(stack.storage.mediaBucket), logicalId(stack.storage.sitesBucket)])
    for (const statement of statements.filter((st) => [...st.resources].some((id) => buckets.has(id)))) {
      expect(
        statement.actions.filter((a) => /^s3:(Put|Delete|Abort)/.test(a)),
        'bucket access is read-only',
      ).toEqual([])
    }
    expect(
      statements.some(
        (st) => st.actions.includes('dynamodb:UpdateItem') && st.resources.has(logicalId(stack.data.table)),
      ),
      'counts CTA clicks',
    ).toBe(true)
    const pools = statements.filter((st) => st.actions.some((a) => a.startsWith('cognito-idp:')))
    expect(
      pools.every((st) => [...st.resources].every((id) => id === logicalId(stack.auth.membersPool))),
    ).toBe(true)
    expect(pools.flatMap((st) => st.actions).sort()).toEqual([
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
    ])
  })

  it('reaches the visitor routes same-origin from every site host (no CORS list of site origins)', () => {
    const { resources, stack, logicalId } = scenario()
    const distribution = (resources[logicalId(stack.sites.distribution)]!.Properties as Json)
      .DistributionConfig as Json
    const api = (distribution.CacheBehaviors as Json[]).find((b) => b.PathPattern === `${API_BASE_PATH}/*`)
    // Beacons are POSTs; reads and counts are never cached at the edge; the Host goes to API Gateway.
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'OPTIONS']))
    expect(api?.CachePolicyId).toBe(CACHING_DISABLED)
    // The managed policy forwards every viewer header but Host, and every cookie: the member's
    // session cookie, Origin and Sec-Fetch-Site reach the API, which checks them.
    expect(api?.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER)
    // So API Gateway's own CORS list stays the admin origin: customer domains could never be listed.
    const cors = (resources[logicalId(stack.api.httpApi)]!.Properties as Json).CorsConfiguration as Json
    expect(JSON.stringify(cors.AllowOrigins)).toBe(JSON.stringify(stack.resolve([stack.web.origin])))
    // Never with credentials: no other origin may use a member's cookie, nor read what it opens.
    expect(cors.AllowCredentials).toBe(false)
  })
})

describe('end-user site lookup', () => {
  it('knows the default-domain origin of sites where the stage has a sites domain, and only there', () => {
    const variablesOf = (s: ReturnType<typeof dev>) =>
      (
        (s.resources[s.logicalId(s.stack.api.functions.get('endUser')!)]!.Properties as Json).Environment as {
          Variables: Json
        }
      ).Variables
    expect(variablesOf(prod()).SITES_ORIGIN).toBe(`https://{host}.${PROD_CONTEXT.sitesDomain}`)
    expect(variablesOf(dev()).SITES_ORIGIN).toBeUndefined()
  })
})
