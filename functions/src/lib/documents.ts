import type { Locale } from '@swipe/shared'
import * as z from 'zod'
import type { MonthlyReport } from '../analysis/pdf.ts'
import type { InvoiceDocument } from '../billing/document.ts'
import type { renderDocument } from '../documents/render.ts'
import { readEnv } from './env.ts'
import { type Answer, invokeSync } from './invoke.ts'

/**
 * PDFs (qualified invoices, the monthly analysis report) are drawn with pdfkit, fontkit and its
 * brotli decoder — about 850 KB of bundle — which no other code of the API needs. On AWS they are
 * rendered in a Lambda of their own (`DOCUMENTS_FUNCTION_NAME`, set by the CDK stack with the
 * permission to invoke it), called synchronously, so the billing and analysis bundles carry none
 * of it (docs/decisions.md "PDF documents in their own Lambda"). Without the variable (the local
 * stack, tests, scripts) the renderer runs in this process, loaded by a path the bundler does not
 * follow.
 */
const env = readEnv({ DOCUMENTS_FUNCTION_NAME: z.string().min(1).optional() })

/** A PDF to render, with everything it shows: the renderer reads nothing else. */
export type DocumentRequest =
  | { kind: 'invoice'; document: InvoiceDocument }
  | { kind: 'monthlyReport'; report: MonthlyReport; locale: Locale; now: number }

const KINDS: ReadonlySet<string> = new Set<DocumentRequest['kind']>(['invoice', 'monthlyReport'])

/** What billing and analysis send the documents Lambda. */
export interface DocumentEvent {
  source: 'swipe.document'
  request: DocumentRequest
}

/** The documents Lambda's answer: the PDF, base64 (the invoke's answer is JSON), or a refusal. */
export type DocumentAnswer = Answer<{ base64: string }>

export const isDocumentEvent = (event: unknown): event is DocumentEvent => {
  if (typeof event !== 'object' || event === null) return false
  const { source, request } = event as { source?: unknown; request?: { kind?: unknown } }
  return (
    source === 'swipe.document' &&
    typeof request === 'object' &&
    request !== null &&
    typeof request.kind === 'string' &&
    KINDS.has(request.kind)
  )
}

/**
 * The renderer module for the in-process path. A URL built at run time, not an import specifier:
 * esbuild bundles only what it can resolve while bundling, so the API bundles never carry pdfkit
 * (infra/test/bundles.test.ts checks it); on AWS this path is never taken.
 */
const RENDERER = new URL('../documents/render.ts', import.meta.url).href

/**
 * Renders a PDF where the configuration says: in the documents Lambda (the bytes come back
 * base64; Lambda's 6 MB answer limit allows a PDF of about 4.5 MB, and the analysis report
 * leaves the API base64 in JSON under the same limit anyway), or in this process.
 */
export const renderPdf = async (request: DocumentRequest): Promise<Buffer> => {
  if (env.DOCUMENTS_FUNCTION_NAME) {
    const event: DocumentEvent = { source: 'swipe.document', request }
    const { base64 } = await invokeSync<{ base64: string }>(
      env.DOCUMENTS_FUNCTION_NAME,
      event,
      `Rendering a ${request.kind} PDF`,
    )
    return Buffer.from(base64, 'base64')
  }
  const renderer = (await import(/* @vite-ignore */ RENDERER)) as { renderDocument: typeof renderDocument }
  return renderer.renderDocument(request)
}
