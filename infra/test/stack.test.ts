import { TABLE } from '@swipe/functions/data/table'
import { API_BASE_PATH, routeKey, routeList } from '@swipe/shared/contract/routes'
import { scheduleList } from '@swipe/shared/contract/runtime'
import { AwsSolutionsChecks } from 'cdk-nag'
import { describe, expect, it } from 'vitest'
import { PUBLISH_TIMEOUT_MARGIN, PUBLISH_WORST_CASE_SECONDS } from '../lib/api.ts'
import { PDF_FONT_IN_ASSET } from '../lib/app-function.ts'
import { SITE_CSP, SITE_PERMISSIONS_POLICY } from '../lib/sites/headers.ts'
import { HOST_ROUTER_SOURCE } from '../lib/sites.ts'
import { devStage, type Json, PROD_CONTEXT, prodStage, type Resources, refOf, refsIn } from './support.ts'

const dev = devStage
const prod = prodStage
const stages = [
  ['dev', dev],
  ['prod', prod],
] as const

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type)

const props = (resources: Resources, logicalId: string): Json => {
  const resource = resources[logicalId]
  if (!resource) throw new Error(`No resource ${logicalId}`)
  return resource.Properties ?? {}
}

describe.each(stages)('%s stage', (_name, scenario) => {
  it('passes cdk-nag AwsSolutions with every exception acknowledged', () => {
    const { app } = scenario()
    // Template.fromStack in synth() already fails on an unacknowledged error; this also rules out warnings.
    const report = new AwsSolutionsChecks().validateScope(app)
    expect(report.violations.map((v) => `${v.severity} ${v.ruleName}`)).toEqual([])
  })

  it('keeps the single table with point-in-time recovery, TTL and the GSIs of TABLE', () => {
    const { resources } = scenario()
    const tables = ofType(resources, 'AWS::DynamoDB::GlobalTable')
    expect(tables).toHaveLength(1)
    const [, table] = tables[0]!
    const p = table.Properties as Json
    expect(p.BillingMode).toBe('PAY_PER_REQUEST')
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ])
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true })
    const replicas = p.Replicas as Json[]
    for (const replica of replicas) {
      expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true })
    }
    const indexes = (p.GlobalSecondaryIndexes as Json[]).map((gsi) => [gsi.IndexName, gsi.KeySchema])
    expect(indexes).toEqual(
      Object.entries(TABLE.indexes).map(([name, keys]) => [
        name,
        [
          { AttributeName: keys.partitionKey, KeyType: 'HASH' },
          { AttributeName: keys.sortKey, KeyType: 'RANGE' },
        ],
      ]),
    )
  })

  it('blocks public access, enforces TLS and aborts stale multipart uploads on every bucket', () => {
    const { resources } = scenario()
    const buckets = ofType(resources, 'AWS::S3::Bucket')
    expect(buckets.length).toBeGreaterThanOrEqual(4)
    const policies = ofType(resources, 'AWS::S3::BucketPolicy')
    for (const [logicalId, bucket] of buckets) {
      const p = bucket.Properties as Json
      expect(p.PublicAccessBlockConfiguration, logicalId).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      })
      expect(p.BucketEncryption, logicalId).toBeDefined()
      const rules = (p.LifecycleConfiguration as { Rules: Json[] }).Rules
      expect(rules, logicalId).toContainEqual(
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      )
      const policy = policies.find(([, bp]) => refOf((bp.Properties as Json).Bucket) === logicalId)
      expect(policy, `${logicalId} has a bucket policy`).toBeDefined()
      const statements = ((policy![1].Properties as Json).PolicyDocument as { Statement: Json[] }).Statement
      expect(statements, logicalId).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      )
    }
  })

  it('lets the admin origin upload to the media bucket, and versions the sites bucket', () => {
    const { resources, stack, logicalId } = scenario()
    const media = props(resources, logicalId(stack.storage.mediaBucket))
    const cors = (media.CorsConfiguration as { CorsRules: Json[] }).CorsRules
    expect(cors).toHaveLength(1)
    expect(cors[0]!.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET']))
    expect(cors[0]!.ExposedHeaders).toContain('ETag')
    expect(JSON.stringify(cors[0]!.AllowedOrigins)).toBe(JSON.stringify(stack.resolve([stack.web.origin])))
    const sites = props(resources, logicalId(stack.storage.sitesBucket))
    expect(sites.VersioningConfiguration).toEqual({ Status: 'Enabled' })
  })

  it('gives both user pools hardened clients and a strong password policy', () => {
    const { resources, stack, logicalId } = scenario()
    for (const [logicalIdOf, client] of ofType(resources, 'AWS::Cognito::UserPoolClient')) {
      const p = client.Properties as Json
      expect(p.PreventUserExistenceErrors, logicalIdOf).toBe('ENABLED')
      expect(p.EnableTokenRevocation, logicalIdOf).toBe(true)
      expect(p.GenerateSecret, logicalIdOf).toBe(false)
      expect(p.ExplicitAuthFlows, logicalIdOf).toEqual([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ])
    }
    for (const [logicalIdOf, pool] of ofType(resources, 'AWS::Cognito::UserPool')) {
      expect((pool.Properties as Json).Policies, logicalIdOf).toMatchObject({
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      })
    }
    const admin = props(resources, logicalId(stack.auth.adminPool))
    expect(admin.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true })
    expect(admin.UsernameAttributes).toEqual(['email'])
    // Members sign in with `<siteId>#<email>`: an email alias would make emails unique across sites.
    const members = props(resources, logicalId(stack.auth.membersPool))
    expect(members.UsernameAttributes).toBeUndefined()
    expect(members.AliasAttributes).toBeUndefined()
    // Only the API makes members (AdminCreateUser): nobody signs up into a site's namespace directly.
    expect(members.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true })
  })

  it('builds one HTTP API route per route-table entry, with an authorizer on every admin, preview and API-key one', () => {
    const { resources, stack, logicalId } = scenario()
    const routes = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as Json)
    const byKey = new Map(routes.map((r) => [r.RouteKey as string, r]))
    expect([...byKey.keys()].sort()).toEqual(routeList().map(routeKey).sort())
    for (const route of routeList()) {
      const deployed = byKey.get(routeKey(route))!
      // Members' reads carry their session as a cookie, which the end-user Lambda verifies.
      if (route.auth === 'public' || route.auth === 'endUser') {
        expect(deployed.AuthorizationType, route.id).toBe('NONE')
        expect(deployed.AuthorizerId, route.id).toBeUndefined()
      } else {
        expect(deployed.AuthorizationType, route.id).not.toBe('NONE')
        expect(refOf(deployed.AuthorizerId), route.id).toBeDefined()
      }
      // The route's integration invokes the Lambda of the route's own context.
      const integrationId = refsIn(deployed.Target).values().next().value!
      const integration = props(resources, integrationId)
      const fn = stack.api.functions.get(route.context)!
      expect(refOf(integration.IntegrationUri), route.id).toBe(logicalId(fn))
      expect(integration.PayloadFormatVersion).toBe('2.0')
    }
  })

  it('checks admin tokens against the admin pool and app client', () => {
    const { resources, stack, logicalId } = scenario()
    const adminRoutes = routeList().filter((r) => r.auth === 'admin')
    const routes = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as Json)
    for (const route of adminRoutes) {
      const deployed = routes.find((r) => r.RouteKey === routeKey(route))!
      const authorizer = props(resources, refOf(deployed.AuthorizerId)!)
      expect(authorizer.AuthorizerType).toBe('JWT')
      const jwt = authorizer.JwtConfiguration as { Audience: unknown[]; Issuer: unknown }
      expect(jwt.Audience.map(refOf)).toEqual([logicalId(stack.auth.adminClient)])
      expect(refsIn(jwt.Issuer)).toEqual(new Set([logicalId(stack.auth.adminPool)]))
    }
    // The Lambda behind each admin route verifies the token again (functions/src/edge/auth.ts),
    // against the admin pool named in its environment.
    for (const context of new Set(adminRoutes.map((r) => r.context))) {
      const variables = (
        props(resources, logicalId(stack.api.functions.get(context)!)).Environment as {
          Variables: Json
        }
      ).Variables
      expect(refOf(variables.ADMIN_USER_POOL_ID), context).toBe(logicalId(stack.auth.adminPool))
      expect(refOf(variables.ADMIN_USER_POOL_CLIENT_ID), context).toBe(logicalId(stack.auth.adminClient))
    }
  })

  it('allows the admin origin by CORS on the API', () => {
    const { resources, stack, logicalId } = scenario()
    const api = props(resources, logicalId(stack.api.httpApi))
    const cors = api.CorsConfiguration as Json
    expect(JSON.stringify(cors.AllowOrigins)).toBe(JSON.stringify(stack.resolve([stack.web.origin])))
    expect(cors.AllowHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type']))
  })

  it('logs API access to a log group with retention', () => {
    const { resources, stack, logicalId } = scenario()
    const stage = props(resources, logicalId(stack.api.stage))
    expect(stage.StageName).toBe('$default')
    expect(stage.AutoDeploy).toBe(true)
    const logs = stage.AccessLogSettings as Json
    expect(resources[refOf(logs.DestinationArn)!]?.Type).toBe('AWS::Logs::LogGroup')
    expect(String(logs.Format)).toContain('$context.requestId')
  })

  it('runs every function on Node 22+ arm64 with source maps and a retained log group', () => {
    const { resources } = scenario()
    const functions = ofType(resources, 'AWS::Lambda::Function').filter(([, fn]) => {
      const env = (fn.Properties?.Environment as { Variables?: Json } | undefined)?.Variables
      return env?.STAGE !== undefined // ours; CDK's auto-delete provider is not an app function
    })
    expect(functions.length).toBeGreaterThanOrEqual(1)
    for (const [logicalIdOf, fn] of functions) {
      const p = fn.Properties as Json
      const major = Number(/^nodejs(\d+)\.x$/.exec(String(p.Runtime))?.[1])
      expect(major, logicalIdOf).toBeGreaterThanOrEqual(22)
      expect(p.Architectures, logicalIdOf).toEqual(['arm64'])
      expect(p.Handler, logicalIdOf).toBe('index.handler')
      expect((p.Environment as { Variables: Json }).Variables.NODE_OPTIONS).toBe('--enable-source-maps')
      const logGroup = resources[refOf((p.LoggingConfig as Json).LogGroup)!]
      expect(logGroup?.Type, logicalIdOf).toBe('AWS::Logs::LogGroup')
      expect(logGroup?.Properties?.RetentionInDays, logicalIdOf).toBeGreaterThan(0)
      // No AWS managed policy: the role starts empty and each use* call adds its grant.
      const role = resources[refOf(p.Role)!]!
      expect(role.Properties?.ManagedPolicyArns, logicalIdOf).toBeUndefined()
    }
  })

  it('names, in every function environment, only resources that exist and that the function may use', () => {
    const { resources } = scenario()
    const expectedType: Array<[RegExp, string]> = [
      [/^TABLE_NAME$/, 'AWS::DynamoDB::GlobalTable'],
      [/_BUCKET$/, 'AWS::S3::Bucket'],
      [/_USER_POOL_ID$/, 'AWS::Cognito::UserPool'],
      [/_USER_POOL_CLIENT_ID$/, 'AWS::Cognito::UserPoolClient'],
      [/_KVS_ARN$/, 'AWS::CloudFront::KeyValueStore'],
      [/_FUNCTION_NAME$/, 'AWS::Lambda::Function'],
    ]
    const policies = ofType(resources, 'AWS::IAM::Policy')
    const identities = ofType(resources, 'AWS::SES::EmailIdentity').map(
      ([, i]) => i.Properties?.EmailIdentity,
    )
    for (const [fnId, fn] of ofType(resources, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties?.Environment as { Variables?: Json } | undefined)?.Variables ?? {}
      const roleId = refOf(fn.Properties?.Role)
      const granted = refsIn(policies.filter(([, p]) => refsIn(p.Properties?.Roles).has(roleId!)))
      for (const [name, value] of Object.entries(variables)) {
        const type = expectedType.find(([pattern]) => pattern.test(name))?.[1]
        if (!type) continue
        const target = refOf(value)
        expect(target, `${fnId} ${name} is a reference`).toBeDefined()
        expect(resources[target!]?.Type, `${fnId} ${name}`).toBe(type)
        // A client variable is granted through its pool; everything else is granted itself.
        if (type === 'AWS::Cognito::UserPoolClient') {
          const pool = refOf(resources[target!]!.Properties?.UserPoolId)
          expect(
            refOf(variables[name.replace('_CLIENT_ID', '_ID')]),
            `${fnId} ${name} pairs with its pool`,
          ).toBe(pool)
        } else {
          expect(granted.has(target!), `${fnId} is granted what ${name} names`).toBe(true)
        }
      }
      if (typeof variables.MAIL_FROM === 'string') {
        expect(identities, `${fnId} MAIL_FROM is an SES identity's domain`).toContain(
          variables.MAIL_FROM.split('@')[1],
        )
      }
    }
  })

  it('lets the sites, domains, auth, end-user, billing and site-API APIs start jobs in a jobs Lambda of their own, and nothing else may', () => {
    const { resources, stack, logicalId } = scenario()
    // ZIP uploads and forgetting visitors (sites); the domain checker and a deleted site's domain
    // (domains); reset and sign-up mails, off the request (auth, endUser); the monthly billing
    // close (billing, also started by its schedule); a webhook resend's attempt, off the
    // creator's request (apiAccess, issue 29).
    expect([...stack.api.jobFunctions.keys()].sort()).toEqual([
      'apiAccess',
      'auth',
      'billing',
      'domains',
      'endUser',
      'sites',
    ])
    const envOf = (p: Json) => (p.Environment as { Variables: Json }).Variables
    const invokers = ofType(resources, 'AWS::IAM::Policy').flatMap(([, policy]) => {
      const statements = ((policy.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement
      // One pair per role and function: CDK merges a role's invoke grants into one statement.
      return statements
        .filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'))
        .flatMap((st) =>
          [st.Resource].flat().map((resource) => ({
            roles: [...refsIn((policy.Properties as Json).Roles)],
            resource,
          })),
        )
    })
    const configs = ofType(resources, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties as Json)
    const expectedInvokers: unknown[] = []
    const expectedConfigs: unknown[] = []
    for (const [context, worker] of stack.api.jobFunctions) {
      const api = stack.api.functions.get(context)!
      const apiProps = props(resources, logicalId(api))
      const workerProps = props(resources, logicalId(worker))
      // Its own code (the bundle of the context's worker.ts, which carries the runners: the API's
      // carries none; infra/test/bundles.test.ts), minutes instead of seconds.
      expect(workerProps.Code, context).not.toEqual(apiProps.Code)
      expect(apiProps.Timeout).toBe(15)
      expect(workerProps.Timeout).toBe(900)
      // The API names its jobs Lambda; the jobs Lambda names no other function (no cycle, no jobs of its own).
      expect(refOf(envOf(apiProps).JOBS_FUNCTION_NAME), context).toBe(logicalId(worker))
      expect(envOf(workerProps).JOBS_FUNCTION_NAME).toBeUndefined()
      expect(refsIn(workerProps)).not.toContain(logicalId(api))
      expectedInvokers.push({
        roles: [refOf(apiProps.Role)],
        resource: { 'Fn::GetAtt': [logicalId(worker), 'Arn'] },
      })
      // Asynchronous invocations are not retried: the job records (or logs) its own failure.
      expectedConfigs.push(
        expect.objectContaining({
          FunctionName: { Ref: logicalId(worker) },
          MaximumRetryAttempts: 0,
          MaximumEventAgeInSeconds: 3600,
          Qualifier: '$LATEST',
        }),
      )
    }
    // The sites and domains contexts (their API and jobs Lambdas) invoke the one publishing Lambda
    // (synchronously; functions/src/platform/services/publisher.ts).
    const publisher = stack.api.publishingFunction!
    for (const context of ['sites', 'domains'] as const) {
      for (const fn of [stack.api.functions.get(context)!, stack.api.jobFunctions.get(context)!]) {
        expectedInvokers.push({
          roles: [refOf(props(resources, logicalId(fn)).Role)],
          resource: { 'Fn::GetAtt': [logicalId(publisher), 'Arn'] },
        })
      }
    }
    // A site's deletion (the sites API) starts the domains context's `releaseSite` in its jobs
    // Lambda (the runtime table's `startedBy.routes`), and names it by context.
    const domainsJobs = stack.api.jobFunctions.get('domains')!
    const sitesApiProps = props(resources, logicalId(stack.api.functions.get('sites')!))
    expectedInvokers.push({
      roles: [refOf(sitesApiProps.Role)],
      resource: { 'Fn::GetAtt': [logicalId(domainsJobs), 'Arn'] },
    })
    expect(JSON.stringify(envOf(sitesApiProps).OTHER_JOBS_FUNCTION_NAMES)).toContain(logicalId(domainsJobs))
    expect(
      ofType(resources, 'AWS::Lambda::Function')
        .filter(
          ([, fn]) =>
            (fn.Properties?.Environment as { Variables?: Json } | undefined)?.Variables
              ?.OTHER_JOBS_FUNCTION_NAMES,
        )
        .map(([id]) => id),
    ).toEqual([logicalId(stack.api.functions.get('sites')!)])
    // Billing (its API and jobs) and analysis invoke the documents Lambda (synchronously;
    // functions/src/platform/services/documents.ts).
    const documents = stack.api.documentsFunction!
    for (const fn of [
      stack.api.functions.get('billing')!,
      stack.api.jobFunctions.get('billing')!,
      stack.api.functions.get('analysis')!,
    ]) {
      expectedInvokers.push({
        roles: [refOf(props(resources, logicalId(fn)).Role)],
        resource: { 'Fn::GetAtt': [logicalId(documents), 'Arn'] },
      })
    }
    // Billing (its API and jobs) invokes the payments Lambda (synchronously;
    // functions/src/platform/aws/invoked-payments.ts), and no one else does.
    const payments = stack.api.paymentsFunction!
    for (const fn of [stack.api.functions.get('billing')!, stack.api.jobFunctions.get('billing')!]) {
      expectedInvokers.push({
        roles: [refOf(props(resources, logicalId(fn)).Role)],
        resource: { 'Fn::GetAtt': [logicalId(payments), 'Arn'] },
      })
      expect(refOf(envOf(props(resources, logicalId(fn))).PAYMENTS_FUNCTION_NAME)).toBe(logicalId(payments))
    }
    // EventBridge Scheduler's roles invoke the jobs Lambda of their schedule's context (the runtime
    // table's schedules, infra/lib/job-schedule.ts: the billing close, the custom-domain checker,
    // the webhook retry sweep), each that one only.
    const targets = ofType(resources, 'AWS::Scheduler::Schedule').map(
      ([, schedule]) => (schedule.Properties as Json).Target as Json,
    )
    expect(targets.map((target) => target.Arn)).toEqual(
      expect.arrayContaining(
        (['billing', 'sites', 'endUser'] as const).map((c) => ({
          'Fn::GetAtt': [logicalId(stack.api.jobFunctions.get(c)!), 'Arn'],
        })),
      ),
    )
    expect(targets).toHaveLength(scheduleList().length)
    for (const target of targets)
      expectedInvokers.push({ roles: [refOf(target.RoleArn)], resource: target.Arn })
    // Only each context's API role may invoke its jobs, publishing and documents Lambdas, exactly them (no wildcard).
    expect(invokers).toEqual(expect.arrayContaining(expectedInvokers))
    expect(invokers).toHaveLength(expectedInvokers.length)
    expect(configs).toEqual(expect.arrayContaining(expectedConfigs))
    expect(configs).toHaveLength(expectedConfigs.length)
    // The gateway routes nothing to the jobs Lambda.
    const integrations = ofType(resources, 'AWS::ApiGatewayV2::Integration').map(([, i]) =>
      refOf((i.Properties as Json).IntegrationUri),
    )
    for (const worker of stack.api.jobFunctions.values())
      expect(integrations).not.toContain(logicalId(worker))
  })

  it('routes site hosts through a CloudFront function backed by the host KeyValueStore', () => {
    const { resources, stack, logicalId } = scenario()
    const fn = props(resources, logicalId(stack.sites.hostRouter))
    const config = fn.FunctionConfig as { Runtime: string; KeyValueStoreAssociations: Json[] }
    expect(config.Runtime).toBe('cloudfront-js-2.0')
    expect(config.KeyValueStoreAssociations).toHaveLength(1)
    const kvsId = logicalId(stack.sites.hostMap)
    expect(refsIn(config.KeyValueStoreAssociations[0])).toEqual(new Set([kvsId]))
    expect(resources[kvsId]?.Type).toBe('AWS::CloudFront::KeyValueStore')
    expect(HOST_ROUTER_SOURCE).toMatch(/host-router\.js$/)

    const distribution = props(resources, logicalId(stack.sites.distribution)).DistributionConfig as Json
    const defaults = distribution.DefaultCacheBehavior as Json
    expect(defaults.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalId(stack.sites.hostRouter), 'FunctionARN'] },
      },
      {
        EventType: 'viewer-response',
        FunctionARN: { 'Fn::GetAtt': [logicalId(stack.sites.variantCookie), 'FunctionARN'] },
      },
    ])
    // The API answers on every site's own origin, uncached and without the router in front: its
    // one function names the viewer (origin-verify.test.ts).
    const api = (distribution.CacheBehaviors as Json[]).find((b) => b.PathPattern === `${API_BASE_PATH}/*`)
    expect(api).toMatchObject({ AllowedMethods: expect.arrayContaining(['POST', 'DELETE']) })
    expect(refsIn(api?.FunctionAssociations)).not.toContain(logicalId(stack.sites.hostRouter))
  })

  it('lets the publisher (sites API and its jobs Lambda) read media and write releases, and the publishing Lambda alone map hosts', () => {
    const { resources, stack, logicalId } = scenario()
    const media = logicalId(stack.storage.mediaBucket)
    const releases = logicalId(stack.storage.sitesBucket)
    const kvs = logicalId(stack.sites.hostMap)
    const statementsOf = (roleId: string) =>
      ofType(resources, 'AWS::IAM::Policy')
        .filter(([, p]) => refsIn(p.Properties?.Roles).has(roleId))
        .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
        .map((st) => ({ actions: [st.Action].flat() as string[], resources: refsIn(st.Resource) }))
    const allows = (roleId: string, action: string, target: string) =>
      statementsOf(roleId).some((st) => st.actions.includes(action) && st.resources.has(target))
    const publisher = stack.api.publishingFunction!
    // Its timeout comes from the measured worst case with its margin, and stops before the API's.
    const timeoutOf = (fn: typeof publisher) => props(resources, logicalId(fn)).Timeout
    expect(timeoutOf(publisher)).toBe(Math.ceil(PUBLISH_WORST_CASE_SECONDS * PUBLISH_TIMEOUT_MARGIN))
    expect(Number(timeoutOf(publisher))).toBeLessThan(Number(timeoutOf(stack.api.functions.get('sites')!)))
    for (const fn of [stack.api.functions.get('sites')!, stack.api.jobFunctions.get('sites')!, publisher]) {
      const fnProps = props(resources, logicalId(fn))
      const role = refOf(fnProps.Role)!
      expect(allows(role, 's3:GetObject*', media), 'reads media').toBe(true)
      expect(allows(role, 's3:PutObject', releases), 'writes releases').toBe(true)
      expect(allows(role, 's3:DeleteObject*', releases), 'deletes old releases').toBe(true)
      expect(allows(role, 's3:List*', releases), 'lists releases').toBe(true)
      // The publishing Lambda alone maps hosts: the others ask it (functions/src/platform/aws/invoked-host-map.ts).
      for (const action of ['DescribeKeyValueStore', 'GetKey', 'UpdateKeys'])
        expect(allows(role, `cloudfront-keyvaluestore:${action}`, kvs), action).toBe(fn === publisher)
      const variables = (fnProps.Environment as { Variables: Json }).Variables
      expect(refOf(variables.SITES_KVS_ARN)).toBe(fn === publisher ? kvs : undefined)
      expect(refOf(variables.MEDIA_BUCKET)).toBe(media)
      expect(refOf(variables.SITES_BUCKET)).toBe(releases)
    }
    // Only the publishing Lambda maps hosts, for itself and for the sites and domains contexts (their
    // API and jobs Lambdas invoke it); the billable-views log Lambda reads the map
    // (infra/lib/billable-views.ts, infra/test/billing.test.ts).
    const kvsUsers = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Properties?.Environment as { Variables?: Json } | undefined)?.Variables?.SITES_KVS_ARN,
    )
    expect(kvsUsers.map(([id]) => id).sort()).toEqual(
      [logicalId(publisher), logicalId(stack.billableViews.function)].sort(),
    )
    // Only the sites and domains contexts (API and jobs) may invoke the publisher, and each is told its name.
    const callers = (['sites', 'domains'] as const).flatMap((context) => [
      logicalId(stack.api.functions.get(context)!),
      logicalId(stack.api.jobFunctions.get(context)!),
    ])
    for (const caller of callers) {
      const fnProps = props(resources, caller)
      expect(
        refOf((fnProps.Environment as { Variables: Json }).Variables.PUBLISHING_FUNCTION_NAME),
        caller,
      ).toBe(logicalId(publisher))
    }
    const invokers = ofType(resources, 'AWS::Lambda::Function').filter(([, fn]) =>
      allows(refOf(fn.Properties?.Role)!, 'lambda:InvokeFunction', logicalId(publisher)),
    )
    expect(invokers.map(([id]) => id).sort()).toEqual(callers.sort())
  })

  it('renders PDFs in a documents Lambda that is granted nothing, which only billing and analysis invoke', () => {
    const { resources, stack, logicalId } = scenario()
    const documents = stack.api.documentsFunction!
    const fn = props(resources, logicalId(documents))
    // Its own module, stopping before the API Lambdas (15 s) that wait for it.
    expect(fn.Description).toMatch(/: PDF documents$/)
    expect(fn.Timeout).toBe(12)
    // No resource, no name of one: only the stage, source maps and the font inside its asset.
    expect((fn.Environment as { Variables: Json }).Variables).toEqual({
      NODE_OPTIONS: '--enable-source-maps',
      STAGE: expect.anything(),
      INVOICE_FONT_PATH: PDF_FONT_IN_ASSET,
    })
    // Its role may write its own log group and nothing else.
    const statements = ofType(resources, 'AWS::IAM::Policy')
      .filter(([, p]) => refsIn(p.Properties?.Roles).has(refOf(fn.Role)!))
      .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
    expect(statements.length).toBeGreaterThan(0)
    const logGroup = refOf((fn.LoggingConfig as Json).LogGroup)!
    for (const statement of statements) {
      expect([statement.Action].flat().every((a) => String(a).startsWith('logs:'))).toBe(true)
      expect(refsIn(statement.Resource)).toEqual(new Set([logGroup]))
    }
    // Billing's API and jobs and the analysis API are told its name and may invoke it; no one else may.
    const users = [
      stack.api.functions.get('billing')!,
      stack.api.jobFunctions.get('billing')!,
      stack.api.functions.get('analysis')!,
    ].map((user) => logicalId(user))
    const named = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, f]) =>
        (f.Properties?.Environment as { Variables?: Json } | undefined)?.Variables?.DOCUMENTS_FUNCTION_NAME,
    )
    expect(named.map(([id]) => id).sort()).toEqual([...users].sort())
    for (const [, f] of named) {
      const variables = (f.Properties!.Environment as { Variables: Json }).Variables
      expect(refOf(variables.DOCUMENTS_FUNCTION_NAME)).toBe(logicalId(documents))
      // pdfkit's files and the font stay in the documents Lambda's asset.
      expect(variables.INVOICE_FONT_PATH).toBeUndefined()
    }
    const invokers = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) =>
      ofType(resources, 'AWS::IAM::Policy')
        .filter(([, p]) => refsIn(p.Properties?.Roles).has(refOf(f.Properties?.Role)!))
        .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
        .some(
          (st) =>
            [st.Action].flat().includes('lambda:InvokeFunction') &&
            refsIn(st.Resource).has(logicalId(documents)),
        ),
    )
    expect(invokers.map(([id]) => id).sort()).toEqual([...users].sort())
  })

  it("lets the sites Lambdas delete a deleted site's members from the members pool, and nothing more there", () => {
    const { resources, stack, logicalId } = scenario()
    const membersPool = logicalId(stack.auth.membersPool)
    for (const fn of [stack.api.functions.get('sites')!, stack.api.jobFunctions.get('sites')!]) {
      const fnProps = props(resources, logicalId(fn))
      const onPool = ofType(resources, 'AWS::IAM::Policy')
        .filter(([, p]) => refsIn(p.Properties?.Roles).has(refOf(fnProps.Role)!))
        .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
        .filter((st) => refsIn(st.Resource).has(membersPool))
      expect(onPool.flatMap((st) => [st.Action].flat())).toEqual(['cognito-idp:AdminDeleteUser'])
      const variables = (fnProps.Environment as { Variables: Json }).Variables
      expect(refOf(variables.MEMBERS_USER_POOL_ID)).toBe(membersPool)
      expect(refOf(variables.MEMBERS_USER_POOL_CLIENT_ID)).toBe(logicalId(stack.auth.membersClient))
    }
    // No wildcard statement reaches the members pool some other way.
    const cognitoWildcards = ofType(resources, 'AWS::IAM::Policy')
      .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
      .filter(
        (st) => [st.Action].flat().some((a) => String(a).startsWith('cognito-idp:')) && st.Resource === '*',
      )
    expect(cognitoWildcards).toEqual([])
  })

  it("reads visitors' data for the member and contact lists without writing, storing files or mailing", () => {
    const { resources, stack, logicalId } = scenario()
    const fn = props(resources, logicalId(stack.api.functions.get('submissions')!))
    const variables = (fn.Environment as { Variables: Json }).Variables
    expect(Object.keys(variables).filter((name) => /BUCKET|MAIL|KVS|JOBS|_ORIGIN$/.test(name))).toEqual([])
    expect(refOf(variables.TABLE_NAME)).toBe(logicalId(stack.data.table))
    const actions = ofType(resources, 'AWS::IAM::Policy')
      .filter(([, p]) => refsIn(p.Properties?.Roles).has(refOf(fn.Role)!))
      .flatMap(([, p]) => ((p.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
      .flatMap((st) => [st.Action].flat() as string[])
    expect(actions).toContain('dynamodb:Query')
    expect(
      actions.filter((a) =>
        /^dynamodb:(Put|Update|Delete|BatchWrite)|^s3:|^ses:|^cognito-idp:Admin(Create|Delete|Update|Set)/.test(
          a,
        ),
      ),
    ).toEqual([])
  })

  it('sends the security headers of the local edge with every published page', () => {
    const { resources, stack, logicalId } = scenario()
    const policyId = logicalId(stack.sites.securityHeaders)
    const config = props(resources, policyId).ResponseHeadersPolicyConfig as Json
    expect(config.SecurityHeadersConfig).toMatchObject({
      ContentSecurityPolicy: { ContentSecurityPolicy: SITE_CSP, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, IncludeSubdomains: false, Override: true },
    })
    expect(config.CustomHeadersConfig).toEqual({
      Items: [{ Header: 'Permissions-Policy', Value: SITE_PERMISSIONS_POLICY, Override: true }],
    })
    expect(SITE_CSP).toContain("frame-ancestors 'none'")
    expect(SITE_CSP).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    const distribution = props(resources, logicalId(stack.sites.distribution)).DistributionConfig as Json
    expect(refOf((distribution.DefaultCacheBehavior as Json).ResponseHeadersPolicyId)).toBe(policyId)
  })

  it('serves the admin SPA from a private bucket through origin access control', () => {
    const { resources, stack, logicalId } = scenario()
    const distribution = props(resources, logicalId(stack.web.distribution)).DistributionConfig as Json
    expect(distribution.DefaultRootObject).toBe('index.html')
    expect(distribution.CustomErrorResponses).toEqual(
      [403, 404].map((code) =>
        expect.objectContaining({ ErrorCode: code, ResponseCode: 200, ResponsePagePath: '/index.html' }),
      ),
    )
    const [origin] = distribution.Origins as Json[]
    expect(refOf(origin!.OriginAccessControlId)).toBeDefined()
    expect(refOf(origin!.DomainName)).toBe(logicalId(stack.web.bucket))
  })
})

describe('stage differences', () => {
  it('names the default-domain site origin for the publisher only where the stage has a sites domain', () => {
    const variablesOf = (scenario: typeof dev) => {
      const { resources, stack, logicalId } = scenario()
      return (
        props(resources, logicalId(stack.api.functions.get('sites')!)).Environment as { Variables: Json }
      ).Variables
    }
    expect(variablesOf(prod).SITES_ORIGIN).toBe(`https://{host}.${PROD_CONTEXT.sitesDomain}`)
    expect(variablesOf(dev).SITES_ORIGIN).toBeUndefined()
  })

  it('protects stateful resources outside dev and lets dev be destroyed', () => {
    const devTable = dev().template.findResources('AWS::DynamoDB::GlobalTable')
    const prodTable = prod().template.findResources('AWS::DynamoDB::GlobalTable')
    expect(Object.values(devTable)[0]).toMatchObject({ DeletionPolicy: 'Delete' })
    expect(Object.values(prodTable)[0]).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { Replicas: [expect.objectContaining({ DeletionProtectionEnabled: true })] },
    })
    for (const type of ['AWS::S3::Bucket', 'AWS::Cognito::UserPool']) {
      for (const resource of Object.values(prod().template.findResources(type))) {
        expect(resource.DeletionPolicy).toBe('Retain')
      }
    }
    prod().template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' })
    expect(prod().stack.terminationProtection).toBe(true)
    expect(dev().stack.terminationProtection).toBe(false)
  })

  it('serves custom domains with their certificates and a TLS 1.2 floor', () => {
    const { resources, stack, logicalId } = prod()
    const admin = props(resources, logicalId(stack.web.distribution)).DistributionConfig as Json
    expect(admin.Aliases).toEqual([PROD_CONTEXT.adminDomain])
    expect(admin.ViewerCertificate).toMatchObject({
      AcmCertificateArn: PROD_CONTEXT.adminCertificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    })
    const sites = props(resources, logicalId(stack.sites.distribution)).DistributionConfig as Json
    expect(sites.Aliases).toEqual([PROD_CONTEXT.sitesDomain, `*.${PROD_CONTEXT.sitesDomain}`])
    expect(stack.resolve(stack.web.origin)).toBe(`https://${PROD_CONTEXT.adminDomain}`)
    expect(stack.account).toBe(PROD_CONTEXT.account)
    expect(stack.region).toBe(PROD_CONTEXT.region)
  })
})
