import { scheduledJobEvent } from '@swipe/shared/contract/runtime'
import { describe, expect, it } from 'vitest'
import { SITES_LOG_PREFIX } from '../lib/billable-views.ts'
import { devStage, type Json, prodStage, refOf, refsIn } from './support.ts'

const dev = devStage
const prod = prodStage

/** The runtime table's job event of the close (infra/test/schedules.test.ts checks every schedule's). */
const BILLING_CLOSE_EVENT = scheduledJobEvent('billingClose')

describe('monthly billing close', () => {
  it('runs the billing jobs Lambda at 00:00 JST on the 1st through EventBridge Scheduler', () => {
    const { resources } = dev()
    // The billing close's schedule in the whole stack (the others: infra/test/schedules.test.ts).
    const schedules = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Scheduler::Schedule' &&
        JSON.stringify(JSON.parse(((r.Properties as Json).Target as Json).Input as string)) ===
          JSON.stringify(BILLING_CLOSE_EVENT),
    )
    expect(schedules).toHaveLength(1)
    const p = schedules[0]![1].Properties as Json
    expect(p.ScheduleExpression).toBe('cron(0 0 1 * ? *)')
    expect(p.ScheduleExpressionTimezone).toBe('Asia/Tokyo')
    expect(p.State).toBe('ENABLED')
    const target = p.Target as Json
    expect(JSON.parse(target.Input as string)).toEqual(BILLING_CLOSE_EVENT)
    // The target is the billing jobs function.
    const arn = target.Arn as Json
    const fnId = refOf(arn) as string
    expect(resources[fnId]?.Type).toBe('AWS::Lambda::Function')
    expect((resources[fnId]!.Properties as Json).Description).toBe('Swipe LP dev: billing jobs')

    // Least privilege: the scheduler's role may invoke that one function and do nothing else.
    const roleId = refOf(target.RoleArn as Json) as string
    const policies = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        ((r.Properties as Json).Roles as Json[]).some((role) => refOf(role) === roleId),
    )
    const statements = policies.flatMap(
      (r) => ((r.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement,
    )
    expect(statements.length).toBeGreaterThan(0)
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow')
      expect(statement.Action).toBe('lambda:InvokeFunction')
      const resourcesOf = [statement.Resource].flat() as Json[]
      for (const resource of resourcesOf) expect(JSON.stringify(resource)).toContain(fnId)
    }
  })
})

/** The IAM statements of the stack that name `secretId`, with the roles each is given to. */
const grantsOn = (resources: ReturnType<typeof dev>['resources'], secretId: string) =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .flatMap((r) =>
      ((r.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement.map((statement) => ({
        roles: ((r.Properties as Json).Roles as Json[]).map((role) => refOf(role)),
        statement,
      })),
    )
    .filter(({ statement }) => refsIn(statement.Resource).has(secretId))

/** Each grant is `GetSecretValue` on that one secret, to the readers' roles only. */
const expectReadOnlyGrants = (
  grants: ReturnType<typeof grantsOn>,
  readerRoles: Set<unknown>,
  secretId: string,
) => {
  // One grant per reader: each of its roles may read that secret, nothing more.
  expect(grants).toHaveLength(readerRoles.size)
  for (const { roles, statement } of grants) {
    expect(roles.every((role) => readerRoles.has(role))).toBe(true)
    expect(statement).toEqual({
      Effect: 'Allow',
      Action: 'secretsmanager:GetSecretValue',
      Resource: { Ref: secretId },
    })
  }
}

describe('the Stripe keys on AWS', () => {
  /** The one Stripe secret and the functions given its ARN. */
  const stripe = (resources: ReturnType<typeof dev>['resources']) => {
    const secrets = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::SecretsManager::Secret' &&
        String((r.Properties as Json).Description).startsWith('Stripe keys'),
    )
    expect(secrets).toHaveLength(1)
    const [secretId, secret] = secrets[0]!
    const readers = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        ((r.Properties as Json).Environment as { Variables?: Json } | undefined)?.Variables
          ?.STRIPE_SECRET_ARN !== undefined,
    )
    return { secretId, secret, readers }
  }

  it('is a Secrets Manager secret whose value the template never holds, read by the payments Lambda by ARN', () => {
    for (const { resources } of [dev(), prod()]) {
      const { secretId, secret, readers } = stripe(resources)
      const p = secret.Properties as Json
      // Created with empty keys and a generated filler: the template carries no key, the operator sets it.
      expect(p.SecretString).toBeUndefined()
      const generate = p.GenerateSecretString as Json
      expect(JSON.parse(generate.SecretStringTemplate as string)).toEqual({
        secretKey: '',
        webhookSecret: '',
      })
      expect(generate.GenerateStringKey).toBe('filler')
      // The payments Lambda alone, which billing's API (card routes, webhook) and jobs (charges at
      // closing) invoke: they carry neither the keys nor Stripe's SDK.
      expect(readers.map(([, r]) => (r.Properties as Json).Description)).toEqual([
        expect.stringMatching(/: payments$/),
      ])
      for (const [, fn] of readers) {
        const variables = ((fn.Properties as Json).Environment as { Variables: Json }).Variables
        expect(refOf(variables.STRIPE_SECRET_ARN)).toBe(secretId)
        // No key in any function's environment.
        expect(variables.STRIPE_SECRET_KEY).toBeUndefined()
        expect(variables.STRIPE_WEBHOOK_SECRET).toBeUndefined()
      }
    }
    // The operator finds it among the stack's outputs.
    const outputs = dev().template.toJSON().Outputs as Record<string, { Value: unknown }>
    expect(refOf(outputs.StripeSecretArn?.Value)).toBe(stripe(dev().resources).secretId)
    // Kept on production stages when the stack is deleted; dev stages clean up.
    expect(stripe(prod().resources).secret.DeletionPolicy).toBe('Retain')
    expect(stripe(dev().resources).secret.DeletionPolicy).toBe('Delete')
  })

  it('grants GetSecretValue on that one secret to the payments Lambda’s role only', () => {
    const { resources } = dev()
    const { secretId, readers } = stripe(resources)
    const readerRoles = new Set(readers.map(([, fn]) => refOf((fn.Properties as Json).Role)))
    expectReadOnlyGrants(grantsOn(resources, secretId), readerRoles, secretId)
    // Nobody else may read any secret through a wildcard.
    const wildcard = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((r) => ((r.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
      .filter((statement) =>
        [statement.Action].flat().some((a) => /^secretsmanager:(\*|Get)/.test(String(a))),
      )
      .filter((statement) => [statement.Resource].flat().includes('*'))
    expect(wildcard).toEqual([])
  })
})

describe('billable page views (issue 29)', () => {
  it('counts the sites distribution standard logs with a Lambda that may read those log files only', () => {
    const { resources } = dev()
    const byType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type)
    // The sites distribution logs into the logs bucket under the prefix the Lambda is told of.
    const [, distribution] = byType('AWS::CloudFront::Distribution').find(
      ([, r]) =>
        ((r.Properties as Json).DistributionConfig as Json).Logging !== undefined &&
        String(((r.Properties as Json).DistributionConfig as Json).Comment).includes('published sites'),
    )!
    const logging = ((distribution.Properties as Json).DistributionConfig as Json).Logging as Json
    expect(logging.Prefix).toBe(SITES_LOG_PREFIX)
    const logsBucketId = refOf(logging.Bucket as Json) as string

    const [fnId, fn] = byType('AWS::Lambda::Function').find(([, r]) =>
      String((r.Properties as Json).Description).endsWith('billable page views from CloudFront logs'),
    )!
    const variables = ((fn.Properties as Json).Environment as { Variables: Json }).Variables
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'SITES_KVS_ARN']))

    // New objects under the prefix invoke it, and nothing else of the bucket does.
    const [, notification] = byType('Custom::S3BucketNotifications')[0]!
    expect(refOf((notification.Properties as Json).BucketName as Json)).toBe(logsBucketId)
    const configs = ((notification.Properties as Json).NotificationConfiguration as Json)
      .LambdaFunctionConfigurations as Json[]
    expect(configs).toHaveLength(1)
    expect(configs[0]).toMatchObject({
      Events: ['s3:ObjectCreated:*'],
      Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: SITES_LOG_PREFIX }] } },
    })
    expect(JSON.stringify(configs[0]!.LambdaFunctionArn)).toContain(fnId)

    // Least privilege: its S3 access is GetObject on the log files under the prefix.
    const roleId = refOf((fn.Properties as Json).Role as Json) as string
    const statements = byType('AWS::IAM::Policy')
      .filter(([, r]) => ((r.Properties as Json).Roles as Json[]).some((role) => refOf(role) === roleId))
      .flatMap(([, r]) => ((r.Properties as Json).PolicyDocument as { Statement: Json[] }).Statement)
    const s3 = statements.filter((s) => [s.Action].flat().some((a) => String(a).startsWith('s3:')))
    expect(s3).toHaveLength(1)
    expect(s3[0]!.Action).toBe('s3:GetObject')
    expect(JSON.stringify(s3[0]!.Resource)).toContain(logsBucketId)
    expect(JSON.stringify(s3[0]!.Resource)).toContain(`/${SITES_LOG_PREFIX}*`)
  })
})

describe('the vault key on AWS (issue 32: conversion credentials)', () => {
  it('is generated, read by ARN by the site API and the end-user jobs alone, and granted on itself only', () => {
    for (const { resources } of [dev(), prod()]) {
      const secrets = Object.entries(resources).filter(
        ([, r]) =>
          r.Type === 'AWS::SecretsManager::Secret' &&
          String((r.Properties as Json).Description).startsWith('Swipe LP: the key that seals'),
      )
      expect(secrets).toHaveLength(1)
      const [secretId, secret] = secrets[0]!
      expect((secret.Properties as Json).SecretString).toBeUndefined()
      expect((secret.Properties as Json).GenerateSecretString).toMatchObject({ PasswordLength: 64 })
      const readers = Object.values(resources).filter(
        (r) =>
          r.Type === 'AWS::Lambda::Function' &&
          ((r.Properties as Json).Environment as { Variables?: Json } | undefined)?.Variables
            ?.VAULT_KEY_SECRET_ARN !== undefined,
      )
      expect(readers.map((r) => (r.Properties as Json).Description).sort()).toEqual([
        expect.stringMatching(/: apiAccess API$/),
        expect.stringMatching(/: endUser jobs$/),
      ])
      for (const fn of readers)
        expect(
          refOf(((fn.Properties as Json).Environment as { Variables: Json }).Variables.VAULT_KEY_SECRET_ARN),
        ).toBe(secretId)
      const readerRoles = new Set(readers.map((fn) => refOf((fn.Properties as Json).Role)))
      expectReadOnlyGrants(grantsOn(resources, secretId), readerRoles, secretId)
    }
  })
})
