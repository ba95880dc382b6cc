import { type DocumentAnswer, isDocumentEvent } from '#platform/services/documents'
import { answerOf } from '#platform/services/invoke'
import { renderDocument } from './render.ts'

/**
 * The documents Lambda (docs/decisions/0009-lambda-bundles.md "PDF documents in their own Lambda"): billing
 * (invoices) and analysis (the monthly report) invoke it synchronously (`#platform/services/documents`) and it answers with
 * the PDF, base64. It is the only function that bundles pdfkit, fontkit and the font, and it is
 * given nothing else: no table, no bucket, no pool (it renders what it is sent).
 */
export const handler = async (event: unknown): Promise<DocumentAnswer> => {
  if (!isDocumentEvent(event)) throw new Error('The documents Lambda takes only document events')
  try {
    const pdf = await renderDocument(event.request)
    return { ok: true, base64: pdf.toString('base64') }
  } catch (error) {
    return answerOf(error)
  }
}
