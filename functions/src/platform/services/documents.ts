import type { Locale } from '@swipe/shared'
import { type DocumentEvent as DocumentEventShape, documentEvent } from '@swipe/shared/contract/runtime'
import type { MonthlyReport } from '../../analysis/pdf.ts'
import type { InvoiceDocument } from '../../billing/document.ts'
import type { Answer } from './invoke.ts'

/**
 * PDFs (qualified invoices, the monthly analysis report), drawn by functions/src/documents/render.ts
 * where the platform says (functions/src/platform/documents.ts: on AWS the documents Lambda, so
 * the billing and analysis bundles carry no pdfkit; locally this process). Callers ask
 * `platform().documents.render(request)`. This module holds what both sides of the invoke share;
 * it imports no platform, so the documents Lambda's bundle carries none.
 */

/** A PDF to render, with everything it shows: the renderer reads nothing else. */
export type DocumentRequest =
  | { kind: 'invoice'; document: InvoiceDocument }
  | { kind: 'monthlyReport'; report: MonthlyReport; locale: Locale; now: number }

/** What billing and analysis send the documents Lambda (the runtime table's `documentEvent`). */
export type DocumentEvent = DocumentEventShape & { request: DocumentRequest }

/** The documents Lambda's answer: the PDF, base64 (the invoke's answer is JSON), or a refusal. */
export type DocumentAnswer = Answer<{ base64: string }>

export const isDocumentEvent = (event: unknown): event is DocumentEvent =>
  documentEvent.safeParse(event).success
