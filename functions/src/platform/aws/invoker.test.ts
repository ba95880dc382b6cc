import { afterEach, describe, expect, it, vi } from 'vitest'
import { thrown } from '../../../../test/support/thrown.ts'
import { AppError, ValidationError } from '../../edge/errors.ts'
import { parsePlatformEnv } from '../env.ts'
import { answerOf } from '../services/invoke.ts'
import { awsInvoker } from './invoker.ts'

/** What the Lambda client was sent, and what it answers next. */
const lambda = vi.hoisted(() => ({
  sent: [] as unknown[],
  next: undefined as unknown,
}))
vi.mock('@aws-sdk/client-lambda', () => ({
  LambdaClient: class {
    send(command: { input: unknown }) {
      lambda.sent.push(command.input)
      return Promise.resolve(lambda.next)
    }
  },
  InvokeCommand: class {
    constructor(readonly input: unknown) {}
  },
}))

const payload = (answer: unknown) => ({
  StatusCode: 200,
  Payload: new TextEncoder().encode(JSON.stringify(answer)),
})

afterEach(() => {
  lambda.sent.length = 0
  lambda.next = undefined
})

const invokeSync = awsInvoker(parsePlatformEnv({})).invokeSync

describe('awsInvoker.invokeSync', () => {
  it('invokes synchronously with the event as JSON and answers what the function answered', async () => {
    lambda.next = payload({ ok: true, base64: 'JVBERi0=' })
    const answer = await invokeSync<{ base64: string }>('swipe-documents', { source: 'x', n: 1 }, 'Work')
    expect(answer).toEqual({ ok: true, base64: 'JVBERi0=' })
    expect(lambda.sent).toEqual([
      {
        FunctionName: 'swipe-documents',
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify({ source: 'x', n: 1 })),
      },
    ])
  })

  it("throws a refusal's AppError, as the code run in process would have", async () => {
    lambda.next = payload(answerOf(new ValidationError([{ path: 'query.month', code: 'validation.tooOld' }])))
    const raised = await thrown(() => invokeSync('swipe-documents', {}, 'Work'))
    expect(raised).toBeInstanceOf(AppError)
    expect(raised).toMatchObject({
      status: 400,
      code: 'error.validation',
      details: [{ path: 'query.month', code: 'validation.tooOld' }],
    })
  })

  it('fails plainly (a 500) when the function failed or answered nothing', async () => {
    lambda.next = { StatusCode: 200, FunctionError: 'Unhandled', Payload: new TextEncoder().encode('{}') }
    const failed = await thrown(() => invokeSync('swipe-documents', {}, 'Rendering a PDF'))
    expect(failed).not.toBeInstanceOf(AppError)
    expect(failed).toEqual(new Error('Rendering a PDF failed in swipe-documents: Unhandled'))
    lambda.next = { StatusCode: 200 }
    expect(await thrown(() => invokeSync('swipe-documents', {}, 'Rendering a PDF'))).toEqual(
      new Error('Rendering a PDF failed in swipe-documents: no answer'),
    )
  })
})

describe('awsInvoker.invokeAsync', () => {
  it('invokes asynchronously (InvocationType Event) with the event as JSON', async () => {
    lambda.next = { StatusCode: 202 }
    await awsInvoker(parsePlatformEnv({})).invokeAsync('swipe-sites-jobs', { source: 'swipe.job', id: 'j1' })
    expect(lambda.sent).toEqual([
      {
        FunctionName: 'swipe-sites-jobs',
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ source: 'swipe.job', id: 'j1' })),
      },
    ])
  })
})
