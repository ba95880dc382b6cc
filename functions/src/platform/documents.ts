import type { DocumentRequest } from './services/documents.ts'

/**
 * PDFs (qualified invoices, the monthly analysis report) are drawn with pdfkit, fontkit and its
 * brotli decoder — about 850 KB of bundle — which no other code of the API needs. On AWS they are
 * rendered in a Lambda of their own, called synchronously, so the billing and analysis bundles
 * carry none of it (docs/decisions/0009-lambda-bundles.md "PDF documents in their own Lambda"); on the local
 * stack, in tests and scripts, in the process (functions/src/documents/render.ts).
 */
export interface DocumentRenderer {
  /** The PDF of `request` (a refusal crosses the invoke as the same `AppError`). */
  render(request: DocumentRequest): Promise<Buffer>
}
