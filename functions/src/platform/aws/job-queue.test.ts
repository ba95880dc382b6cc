import { describe, expect, it, vi } from 'vitest'
import { parsePlatformEnv } from '../env.ts'
import { withQueues } from '../jobs.ts'
import type { JobEvent } from '../services/jobs.ts'
import { awsJobQueues } from './job-queue.ts'
import { awsJobs } from './jobs.ts'

/** What SQS was sent, and which entries of each request it refuses (by Id). */
const sqs = vi.hoisted(() => ({
  sent: [] as Array<{ QueueUrl: string; Entries: Array<{ Id: string; MessageBody: string }> }>,
  refuse: [] as string[][],
}))
vi.mock('@aws-sdk/client-sqs', () => ({
  SQSClient: class {
    send(command: { input: (typeof sqs.sent)[number] }) {
      sqs.sent.push(command.input)
      const refused = sqs.refuse.shift() ?? []
      return Promise.resolve({
        Successful: command.input.Entries.filter((e) => !refused.includes(e.Id)).map((e) => ({ Id: e.Id })),
        Failed: refused.map((Id) => ({
          Id,
          Code: 'ThrottlingException',
          Message: 'slow down',
          SenderFault: false,
        })),
      })
    }
  },
  SendMessageBatchCommand: class {
    constructor(readonly input: unknown) {}
  },
}))

const URL = 'https://sqs.ap-northeast-1.amazonaws.com/123456789012/close-accounts'
const env = parsePlatformEnv({ JOB_QUEUE_URLS: JSON.stringify({ 'billing.closeAccount': URL }) })
const closeJob = (i: number): JobEvent => ({
  source: 'swipe.job',
  context: 'billing',
  type: 'closeAccount',
  id: `run:${i}`,
  input: { runId: 'run', month: '2026-10', accountId: `a${i}`, at: '1' },
})

describe('queued jobs on AWS (the runtime table’s `queue`)', () => {
  it('sends a fan-out to its job’s queue, 10 messages a request, the job event as the body', async () => {
    sqs.sent.length = 0
    await awsJobQueues(env).send(
      'billing.closeAccount',
      Array.from({ length: 23 }, (_, i) => closeJob(i)),
    )
    expect(sqs.sent.map((r) => [r.QueueUrl, r.Entries.length])).toEqual([
      [URL, 10],
      [URL, 10],
      [URL, 3],
    ])
    expect(sqs.sent.flatMap((r) => r.Entries.map((e) => JSON.parse(e.MessageBody)))).toEqual(
      Array.from({ length: 23 }, (_, i) => closeJob(i)),
    )
  })

  it('sends again the entries SQS refused, and fails when it refuses them three times', async () => {
    sqs.sent.length = 0
    sqs.refuse = [['1', '4'], ['1']]
    await awsJobQueues(env).send('billing.closeAccount', [0, 1, 2, 3, 4].map(closeJob))
    expect(sqs.sent.map((r) => r.Entries.map((e) => JSON.parse(e.MessageBody).id))).toEqual([
      ['run:0', 'run:1', 'run:2', 'run:3', 'run:4'],
      ['run:1', 'run:4'],
      ['run:1'],
    ])
    sqs.sent.length = 0
    sqs.refuse = [['0'], ['0'], ['0']]
    await expect(awsJobQueues(env).send('billing.closeAccount', [closeJob(0)])).rejects.toThrow(
      `SQS refused 1 of 1 messages to ${URL} (ThrottlingException: slow down)`,
    )
    expect(sqs.sent).toHaveLength(3)
  })

  it('refuses a queued job this Lambda names no queue for, and sends nothing', async () => {
    sqs.sent.length = 0
    await expect(
      awsJobQueues(parsePlatformEnv({})).send('billing.closeAccount', [closeJob(0)]),
    ).rejects.toThrow('This Lambda names no queue for billing.closeAccount (JOB_QUEUE_URLS)')
    expect(sqs.sent).toEqual([])
    expect(() => parsePlatformEnv({ JOB_QUEUE_URLS: '{"billing.closeAccount": 3}' })).toThrow(
      'JOB_QUEUE_URLS',
    )
  })

  it('routes only the table’s queued jobs to the queue; every other job is invoked as before', async () => {
    sqs.sent.length = 0
    const invoked: unknown[] = []
    const jobs = withQueues(
      awsJobQueues(env),
      awsJobs(parsePlatformEnv({ JOBS_FUNCTION_NAME: 'swipe-billing-jobs' }), {
        invokeSync: async () => ({}) as never,
        invokeAsync: async (_name, event) => {
          invoked.push(event)
        },
      }),
    )
    const close: JobEvent = { source: 'swipe.job', context: 'billing', type: 'close', id: 'scheduled' }
    await jobs.startAll([closeJob(0), close, closeJob(1)])
    expect(invoked).toEqual([close])
    expect(sqs.sent.map((r) => r.Entries.map((e) => JSON.parse(e.MessageBody).id))).toEqual([
      ['run:0', 'run:1'],
    ])
  })
})
