import type { DocumentRequest } from '#platform/services/documents'
import { renderMonthlyPdf } from '../analysis/pdf.ts'
import { renderInvoicePdf } from '../billing/pdf.ts'

/**
 * Every PDF the API makes, by kind: the one module that imports pdfkit's renderers. The documents
 * Lambda (./index.ts) bundles it; elsewhere `#platform/services/documents` loads it by a path the bundler does
 * not follow (the local stack, tests, scripts), so no API bundle carries pdfkit.
 */
export const renderDocument = (request: DocumentRequest): Promise<Buffer> => {
  switch (request.kind) {
    case 'invoice':
      return renderInvoicePdf(request.document)
    case 'monthlyReport':
      return renderMonthlyPdf(request.report, request.locale, request.now)
  }
}
