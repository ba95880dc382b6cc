import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLambdaStandIn, stubStandInCredentials } from '../../../../test/support/lambda-stand-in.ts'
import { AppError } from '../../edge/errors.ts'
import { parsePlatformEnv } from '../env.ts'
import { type Platform, runWithPlatform } from '../index.ts'
import type { DocumentRequest } from '../services/documents.ts'
import { runJob } from '../services/jobs.ts'
import { awsPlatform } from './index.ts'

/**
 * The AWS platform's calls of other Lambdas, as the CDK stack configures a function: jobs are
 * asynchronous invocations of the jobs Lambda, publishing and PDFs synchronous ones. (The in-process
 * ways are the local platform's: jobs.test.ts, documents/index.test.ts, the integration tests.)
 */

/** What the functions answer (the stand-in of Lambda's Invoke API, test/support/lambda-stand-in.ts). */
const lambda = { answer: undefined as unknown }
let standIn: Awaited<ReturnType<typeof startLambdaStandIn>>
beforeAll(async () => {
  standIn = await startLambdaStandIn((invoke) =>
    invoke.invocationType === 'Event'
      ? { status: 202 }
      : { status: 200, body: JSON.stringify(lambda.answer) },
  )
  stubStandInCredentials()
  const endpoint = { AWS_ENDPOINT_URL_LAMBDA: standIn.endpoint }
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
