import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type InvokeReply,
  startLambdaStandIn,
  stubStandInCredentials,
} from '../../../../test/support/lambda-stand-in.ts'
import { thrown } from '../../../../test/support/thrown.ts'
import { AppError, ValidationError } from '../../edge/errors.ts'
import { parsePlatformEnv } from '../env.ts'
import { answerOf } from '../services/invoke.ts'
import { awsInvoker } from './invoker.ts'

/**
 * The invoker against the stand-in of Lambda's Invoke API (test/support/lambda-stand-in.ts), which
 * checks each request's signature with the SDK's own signer.
 */
let replies: InvokeReply[] = []
let standIn: Awaited<ReturnType<typeof startLambdaStandIn>>
beforeAll(async () => {
  standIn = await startLambdaStandIn(
    () => replies.shift() ?? { status: 500, body: '{"message":"no reply set"}' },
  )
})
afterAll(() => standIn.close())
beforeEach(() => {
  stubStandInCredentials()
})
afterEach(() => {
  vi.unstubAllEnvs()
  standIn.taken()
  replies = []
})

const waits: number[] = []
const invoker = () => {
  waits.length = 0
  return awsInvoker(parsePlatformEnv({ AWS_ENDPOINT_URL_LAMBDA: standIn.endpoint }), {
    sleep: async (ms) => {
      waits.push(ms)
    },
  })
}
const ok = (answer: unknown): InvokeReply => ({ status: 200, body: JSON.stringify(answer) })
const throttled: InvokeReply = {
  status: 429,
  headers: { 'X-Amzn-ErrorType': 'TooManyRequestsException:http://internal.amazon.com/' },
  body: '{"message":"Rate exceeded","Reason":"ReservedFunctionConcurrentInvocationLimitExceeded"}',
}

describe('awsInvoker.invokeSync', () => {
  it('invokes synchronously, signed, with the event as JSON, and answers what the function answered', async () => {
    replies = [ok({ ok: true, base64: 'JVBERi0=' })]
    const answer = await invoker().invokeSync<{ base64: string }>(
      'swipe-documents',
      { source: 'x', n: 1 },
      'Work',
    )
    expect(answer).toEqual({ ok: true, base64: 'JVBERi0=' })
    expect(standIn.taken()).toEqual([
      {
        functionName: 'swipe-documents',
        invocationType: 'RequestResponse',
        event: { source: 'x', n: 1 },
        signatureValid: true,
      },
    ])
  })

  it("throws a refusal's AppError, as the code run in process would have", async () => {
    replies = [ok(answerOf(new ValidationError([{ path: 'query.month', code: 'validation.tooOld' }])))]
    const raised = await thrown(() => invoker().invokeSync('swipe-documents', {}, 'Work'))
    expect(raised).toBeInstanceOf(AppError)
    expect(raised).toMatchObject({
      status: 400,
      code: 'error.validation',
      details: [{ path: 'query.month', code: 'validation.tooOld' }],
    })
  })

  it('fails plainly (a 500) when the function failed or answered nothing', async () => {
    replies = [
      { status: 200, headers: { 'X-Amz-Function-Error': 'Unhandled' }, body: '{"errorMessage":"boom"}' },
      { status: 200 },
    ]
    const failed = await thrown(() => invoker().invokeSync('swipe-documents', {}, 'Rendering a PDF'))
    expect(failed).not.toBeInstanceOf(AppError)
    expect(failed).toEqual(new Error('Rendering a PDF failed in swipe-documents: Unhandled'))
    expect(await thrown(() => invoker().invokeSync('swipe-documents', {}, 'Rendering a PDF'))).toEqual(
      new Error('Rendering a PDF failed in swipe-documents: no answer'),
    )
  })

  it('tries a throttled or transient call again, at most three times, after a jittered backoff', async () => {
    replies = [throttled, { status: 503, body: '{"message":"Service unavailable"}' }, ok({ ok: true })]
    expect(await invoker().invokeSync('swipe-publishing', { siteId: 's1' }, 'Publishing s1')).toEqual({
      ok: true,
    })
    expect(standIn.taken().map((r) => [r.event, r.signatureValid])).toEqual([
      [{ siteId: 's1' }, true],
      [{ siteId: 's1' }, true],
      [{ siteId: 's1' }, true],
    ])
    // Full jitter: a wait of up to 100 ms × 2^attempt.
    expect(waits).toHaveLength(2)
    expect(waits[0]).toBeGreaterThanOrEqual(0)
    expect(waits[0]).toBeLessThan(200)
    expect(waits[1]).toBeLessThan(400)

    replies = [throttled, throttled, throttled, ok({ ok: true })]
    expect(await thrown(() => invoker().invokeSync('swipe-publishing', {}, 'Publishing s1'))).toEqual(
      new Error('Lambda refused to invoke swipe-publishing: 429 TooManyRequestsException Rate exceeded'),
    )
    expect(standIn.taken()).toHaveLength(3)
  })

  it('does not try again what Lambda refused for good (a missing function)', async () => {
    replies = [
      {
        status: 404,
        headers: { 'X-Amzn-ErrorType': 'ResourceNotFoundException' },
        body: '{"Type":"User","Message":"Function not found: arn:aws:lambda:ap-northeast-1:1:function:gone"}',
      },
    ]
    expect(await thrown(() => invoker().invokeSync('gone', {}, 'Work'))).toEqual(
      new Error(
        'Lambda refused to invoke gone: 404 ResourceNotFoundException Function not found: arn:aws:lambda:ap-northeast-1:1:function:gone',
      ),
    )
    expect(standIn.taken()).toHaveLength(1)
    expect(waits).toEqual([])
  })
})

describe('awsInvoker.invokeAsync', () => {
  it('invokes asynchronously (InvocationType Event) with the event as JSON, and resolves once accepted', async () => {
    replies = [{ status: 202 }]
    await invoker().invokeAsync('swipe-sites-jobs', { source: 'swipe.job', id: 'j1' })
    expect(standIn.taken()).toEqual([
      {
        functionName: 'swipe-sites-jobs',
        invocationType: 'Event',
        event: { source: 'swipe.job', id: 'j1' },
        signatureValid: true,
      },
    ])
  })

  it('fails when Lambda does not accept the event', async () => {
    replies = [
      {
        status: 413,
        headers: { 'X-Amzn-ErrorType': 'RequestTooLargeException' },
        body: '{"message":"Request must be smaller than 262144 bytes for the Event invocation type"}',
      },
    ]
    expect(await thrown(() => invoker().invokeAsync('swipe-sites-jobs', { big: true }))).toEqual(
      new Error(
        'Lambda refused to invoke swipe-sites-jobs: 413 RequestTooLargeException Request must be smaller than 262144 bytes for the Event invocation type',
      ),
    )
  })
})
