import { jobs, queuedJobList } from '@swipe/shared/contract/runtime'
import { describe, expect, it } from 'vitest'
import { JOBS_TIMEOUT } from '../lib/api.ts'
import { devStage, type Json, refOf, refsIn } from './support.ts'

/*
 * The runtime table's queued jobs (the close's one job per account; docs/decisions/0072-close-fans-out.md)
 * become, in the whole stack, an SQS queue with its dead-letter queue and an event source mapping
 * of the context's jobs Lambda, each figure taken from the table.
 */

const of = (type: string) =>
  Object.entries(devStage().resources).filter(([, r]) => r.Type === type) as Array<
    [string, { Properties: Json }]
  >

const jobsFunctionOf = (context: string) => {
  const found = of('AWS::Lambda::Function').filter(
    ([, r]) => r.Properties.Description === `Swipe LP dev: ${context} jobs`,
  )
  expect(found).toHaveLength(1)
  return found[0]!
}

describe('queued jobs (the runtime table’s `queue`)', () => {
  const queued = queuedJobList()

  it('has the close’s per-account job among them', () => {
    expect(queued.map((job) => job.key)).toContain('billing.closeAccount')
    expect(jobs['billing.closeAccount'].queue).toEqual({ concurrency: 10, maxAttempts: 3 })
  })

  it.each(queued.map((job) => [job.key, job] as const))(
    '%s: a queue into its context’s jobs Lambda, bounded, redriven to a dead-letter queue after its attempts',
    (key, job) => {
      const [fnId, fn] = jobsFunctionOf(job.context)
      // The mapping: one message per invocation, the table's bound, failures reported per message.
      const mappings = of('AWS::Lambda::EventSourceMapping').filter(
        ([, r]) => refOf(r.Properties.FunctionName) === fnId,
      )
      expect(mappings).toHaveLength(queued.filter((q) => q.context === job.context).length)
      const urls = JSON.stringify((fn.Properties.Environment as { Variables: Json }).Variables.JOB_QUEUE_URLS)
      const queueId = [...refsIn(mappings.map(([, m]) => m.Properties.EventSourceArn))].find((id) =>
        urls.includes(id),
      )
      expect(queueId, `${key}: its queue is the one JOB_QUEUE_URLS names`).toBeDefined()
      const [, mapping] = mappings.find(([, m]) => refOf(m.Properties.EventSourceArn) === queueId)!
      expect(mapping.Properties).toMatchObject({
        BatchSize: 1,
        ScalingConfig: { MaximumConcurrency: job.queue.concurrency },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      })
      expect(urls).toContain(key)

      // The queue: redriven after maxAttempts receives; visible again no sooner than the Lambda's timeout.
      const queue = devStage().resources[queueId!]!
      expect(queue.Type).toBe('AWS::SQS::Queue')
      const props = queue.Properties as Json
      expect(props.VisibilityTimeout).toBe(JOBS_TIMEOUT.toSeconds())
      expect(props.VisibilityTimeout as number).toBeGreaterThanOrEqual(fn.Properties.Timeout as number)
      expect(props.SqsManagedSseEnabled).toBe(true)
      const redrive = props.RedrivePolicy as Json
      expect(redrive.maxReceiveCount).toBe(job.queue.maxAttempts)
      const dlqId = refOf(redrive.deadLetterTargetArn) as string
      expect(devStage().resources[dlqId]).toMatchObject({
        Type: 'AWS::SQS::Queue',
        Properties: { MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true },
      })

      // Both refuse requests without TLS.
      for (const id of [queueId!, dlqId]) {
        const policies = of('AWS::SQS::QueuePolicy').filter(([, p]) =>
          (p.Properties.Queues as Json[]).some((q) => refOf(q) === id),
        )
        expect(JSON.stringify(policies), id).toContain('"aws:SecureTransport":"false"')
      }

      // IAM: the jobs Lambda's role receives from and sends to that queue; no other role sends to it.
      const roleId = refOf(fn.Properties.Role) as string
      const statements = of('AWS::IAM::Policy').flatMap(([, p]) =>
        (p.Properties.PolicyDocument as { Statement: Json[] }).Statement.map((statement) => ({
          roles: (p.Properties.Roles as Json[]).map((role) => refOf(role)),
          statement,
        })),
      )
      const onQueue = statements.filter(({ statement }) => refsIn(statement.Resource).has(queueId!))
      const actions = (roles: string) =>
        onQueue.filter((s) => s.roles.includes(roles)).flatMap((s) => [s.statement.Action].flat())
      expect(actions(roleId)).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage']),
      )
      for (const { roles, statement } of onQueue)
        if ([statement.Action].flat().includes('sqs:SendMessage')) expect(roles).toEqual([roleId])
      // Nothing may read the dead letters but the operator.
      expect(statements.filter(({ statement }) => refsIn(statement.Resource).has(dlqId))).toEqual([])
    },
  )
})
