import { afterAll, describe, expect, it, vi } from 'vitest'
import { type DocumentRequest, renderPdf } from './documents.ts'
import { AppError } from './errors.ts'

// documents.ts reads DOCUMENTS_FUNCTION_NAME at load; this runs above the imports. Set, as the CDK
// stack sets it on billing and analysis: PDFs are rendered by the documents Lambda.
// (functions/src/documents/index.test.ts covers the in-process path and the Lambda's own side.)
vi.hoisted(() => {
  vi.stubEnv('DOCUMENTS_FUNCTION_NAME', 'swipe-documents')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

/** What the Lambda client was sent, and what it answers. */
const lambda = vi.hoisted(() => ({ sent: [] as unknown[], answer: undefined as unknown }))
vi.mock('@aws-sdk/client-lambda', () => ({
  LambdaClient: class {
    send(command: { input: unknown }) {
      lambda.sent.push(command.input)
      return Promise.resolve({
        StatusCode: 200,
        Payload: new TextEncoder().encode(JSON.stringify(lambda.answer)),
      })
    }
  },
  InvokeCommand: class {
    constructor(readonly input: unknown) {}
  },
}))

// Only its shape matters here: the request crosses the invoke as it is.
const request = {
  kind: 'invoice',
  document: { number: 'INV-202611-ABCDEFGH', month: '2026-11' },
} as unknown as DocumentRequest

describe('renderPdf with a documents Lambda', () => {
  it('invokes it synchronously with the request and answers the bytes it sent back', async () => {
    const bytes = Buffer.from('%PDF-1.3 請求書 \u0000\u00ff', 'utf8')
    lambda.answer = { ok: true, base64: bytes.toString('base64') }
    const pdf = await renderPdf(request)
    expect(pdf.equals(bytes)).toBe(true)
    expect(lambda.sent).toEqual([
      {
        FunctionName: 'swipe-documents',
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify({ source: 'swipe.document', request })),
      },
    ])
  })

  it('raises the refusal the documents Lambda answered with', async () => {
    lambda.answer = { ok: false, error: { status: 400, code: 'error.badRequest', params: {}, headers: {} } }
    const refused = renderPdf(request)
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'error.badRequest' })
  })
})
