import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLambdaStandIn, stubStandInCredentials } from '../../../../test/support/lambda-stand-in.ts'
import { AppError } from '../../edge/errors.ts'
import { answerHostMapCall } from '../../publishing/host-map-calls.ts'
import { parsePlatformEnv } from '../env.ts'
import type { HostMap, HostTarget } from '../host-map.ts'
import { type Platform, runWithPlatform } from '../index.ts'
import type { DocumentRequest } from '../services/documents.ts'
import { runJob } from '../services/jobs.ts'
import { awsPlatform } from './index.ts'
import { invokedHostMap } from './invoked-host-map.ts'

/**
 * The AWS platform's calls of other Lambdas, as the CDK stack configures a function: jobs are
 * asynchronous invocations of the jobs Lambda, publishing and PDFs synchronous ones. (The in-process
 * ways are the local platform's: jobs.test.ts, documents/index.test.ts, the integration tests.)
 */

/** What the functions answer (the stand-in of Lambda's Invoke API, test/support/lambda-stand-in.ts). */
const lambda = { answer: undefined as unknown }
let standIn: Awaited<ReturnType<typeof startLambdaStandIn>>
beforeAll(async () => {
  standIn = await startLambdaStandIn(async (invoke) =>
    invoke.invocationType === 'Event'
      ? { status: 202 }
      : {
          status: 200,
          body: JSON.stringify(
            typeof lambda.answer === 'function' ? await lambda.answer(invoke.event) : lambda.answer,
          ),
        },
  )
  stubStandInCredentials()
  endpoint = { AWS_ENDPOINT_URL_LAMBDA: standIn.endpoint }
  configured = awsPlatform(
    parsePlatformEnv({
      ...endpoint,
      JOBS_FUNCTION_NAME: 'swipe-jobs',
      OTHER_JOBS_FUNCTION_NAMES: JSON.stringify({ domains: 'swipe-domains-jobs' }),
      PUBLISHING_FUNCTION_NAME: 'swipe-publishing',
      DOCUMENTS_FUNCTION_NAME: 'swipe-documents',
    }),
  )
  bare = awsPlatform(parsePlatformEnv(endpoint))
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await standIn.close()
})
let configured: Platform
let bare: Platform
let endpoint: { AWS_ENDPOINT_URL_LAMBDA: string }

/** What was invoked since the last call: each invoke signed, as Lambda would check. */
const sent = () =>
  standIn.taken().map(({ signatureValid, ...invoke }) => {
    expect(signatureValid).toBe(true)
    return invoke
  })

describe('jobs', () => {
  const event = { context: 'sites' as const, type: 'bulkUpload', id: 'job-1' }

  it('invokes the jobs Lambda asynchronously when one is configured', async () => {
    await runWithPlatform(configured, () => runJob(event))
    expect(sent()).toEqual([
      {
        functionName: 'swipe-jobs',
        invocationType: 'Event',
        event: { source: 'swipe.job', ...event },
      },
    ])
  })

  it("invokes another context's jobs Lambda for that context's job (a site's deletion frees its domain)", async () => {
    const release = { context: 'domains' as const, type: 'releaseSite', id: 'site-1' }
    await runWithPlatform(configured, () => runJob(release))
    expect(sent()).toEqual([
      {
        functionName: 'swipe-domains-jobs',
        invocationType: 'Event',
        event: { source: 'swipe.job', ...release },
      },
    ])
  })

  it('refuses where none is configured, and sends nothing (a jobs Lambda declares its own queue: jobs.test.ts)', async () => {
    await expect(runWithPlatform(bare, () => runJob(event))).rejects.toThrow(
      'This Lambda names no jobs function (JOBS_FUNCTION_NAME), yet started sites.bulkUpload',
    )
    expect(sent()).toEqual([])
  })
})

describe('publisher', () => {
  const loaded = {} as never

  it('invokes the publishing Lambda synchronously with a publish event', async () => {
    lambda.answer = { ok: true }
    await configured.publisher.publish('site-1', { expectVersion: 3, loaded })
    expect(sent()).toEqual([
      {
        functionName: 'swipe-publishing',
        invocationType: 'RequestResponse',
        event: { source: 'swipe.publish', siteId: 'site-1', expectVersion: 3 },
      },
    ])
  })

  it('raises the refusal it answered with, and refuses to publish in a function without one', async () => {
    lambda.answer = { ok: false, error: { status: 409, code: 'error.conflict', params: {}, headers: {} } }
    const refused = configured.publisher.publish('site-1', { expectVersion: 2, loaded })
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'error.conflict' })
    sent()
    await expect(bare.publisher.publish('site-1', { expectVersion: 2, loaded })).rejects.toThrow(
      'No publishing Lambda (PUBLISHING_FUNCTION_NAME)',
    )
    expect(sent()).toEqual([])
  })
})

describe('documents', () => {
  // Only its shape matters here: the request crosses the invoke as it is.
  const request = {
    kind: 'invoice',
    document: { number: 'INV-202611-ABCDEFGH', month: '2026-11' },
  } as unknown as DocumentRequest

  it('invokes the documents Lambda synchronously with the request and answers the bytes it sent back', async () => {
    const bytes = Buffer.from('%PDF-1.3 請求書 \u0000\u00ff', 'utf8')
    lambda.answer = { ok: true, base64: bytes.toString('base64') }
    const pdf = await configured.documents.render(request)
    expect(pdf.equals(bytes)).toBe(true)
    expect(sent()).toEqual([
      {
        functionName: 'swipe-documents',
        invocationType: 'RequestResponse',
        event: { source: 'swipe.document', request },
      },
    ])
  })

  it('raises the refusal the documents Lambda answered with', async () => {
    lambda.answer = { ok: false, error: { status: 400, code: 'error.badRequest', params: {}, headers: {} } }
    const refused = configured.documents.render(request)
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'error.badRequest' })
    sent()
  })

  it('renders nothing in a function without a documents Lambda', async () => {
    await expect(bare.documents.render(request)).rejects.toThrow(
      'No documents Lambda (DOCUMENTS_FUNCTION_NAME)',
    )
    expect(sent()).toEqual([])
  })
})

describe('host map: the sites and domains Lambdas map hosts through the publishing Lambda', () => {
  /** The publishing Lambda's host map (the KeyValueStore on AWS), kept in memory here. */
  const stored = new Map<string, HostTarget>()
  const kept: HostMap = {
    get: async (host) => stored.get(host),
    put: async (host, target) => {
      stored.set(host, target)
    },
    delete: async (host) => {
      stored.delete(host)
    },
    update: async ({ puts, deletes }) => {
      for (const [host, target] of puts ?? []) stored.set(host, target)
      for (const host of deletes ?? []) stored.delete(host)
    },
  }
  /** The publishing Lambda's answer (functions/src/publishing/index.ts), with its own platform's host map. */
  const publishing = () =>
    (lambda.answer = (event: unknown) =>
      runWithPlatform({ ...configured, hostMap: kept }, () => answerHostMapCall(event)))
  const callerOf = (variables: Record<string, string>) =>
    awsPlatform(parsePlatformEnv({ ...endpoint, ...variables }), { hostMap: invokedHostMap })

  it('sends each operation to the publishing Lambda, which applies it: a map crosses as its entries', async () => {
    publishing()
    stored.clear()
    const caller = callerOf({ PUBLISHING_FUNCTION_NAME: 'swipe-publishing' })
    const live = { siteId: 'site-1', prefix: 'sites/site-1/r1' }
    const experiment = {
      siteId: 'site-1',
      prefix: 'sites/site-1/r1',
      experiment: {
        id: 'x-1',
        arms: [
          { prefix: 'sites/site-1/r1', weight: 50 },
          { prefix: 'sites/site-1/r2', weight: 50 },
        ],
      },
      matches: { line: 'B2' },
    }
    await caller.hostMap.put('a.example.test', live)
    await caller.hostMap.update({
      puts: new Map([['b.example.test', experiment]]),
      deletes: ['a.example.test'],
    })
    expect(await caller.hostMap.get('b.example.test')).toEqual(experiment)
    expect(await caller.hostMap.get('a.example.test')).toBeUndefined()
    expect([...stored]).toEqual([['b.example.test', experiment]])
    await caller.hostMap.delete('b.example.test')
    expect([...stored]).toEqual([])
    expect(sent()).toEqual(
      [
        { method: 'put', host: 'a.example.test', target: live },
        { method: 'update', puts: [['b.example.test', experiment]], deletes: ['a.example.test'] },
        { method: 'get', host: 'b.example.test' },
        { method: 'get', host: 'a.example.test' },
        { method: 'delete', host: 'b.example.test' },
      ].map((operation) => ({
        functionName: 'swipe-publishing',
        invocationType: 'RequestResponse',
        event: { source: 'swipe.hostMap', ...operation },
      })),
    )
  })

  it('a malformed call is not answered and changes nothing; a function without a publishing Lambda sends nothing', async () => {
    publishing()
    stored.clear()
    stored.set('a.example.test', { siteId: 'site-1', prefix: 'sites/site-1/r1' })
    // Not a host-map call: the handler goes on to refuse it as it refuses every event it does not take.
    for (const event of [
      { source: 'swipe.hostMap', method: 'put', host: 'b.example.test' },
      {
        source: 'swipe.hostMap',
        method: 'update',
        puts: [['b.example.test', { siteId: 'site-1' }]],
        deletes: [],
      },
      { source: 'swipe.hostMap', method: 'clear' },
    ])
      expect(answerHostMapCall(event), JSON.stringify(event)).toBeUndefined()
    expect([...stored.keys()]).toEqual(['a.example.test'])
    await expect(callerOf({}).hostMap.delete('a.example.test')).rejects.toThrow(
      'No publishing Lambda (PUBLISHING_FUNCTION_NAME)',
    )
    expect(sent()).toEqual([])
    expect([...stored.keys()]).toEqual(['a.example.test'])
  })
})
