import type { DocumentRenderer } from '../documents.ts'
import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import type { DocumentEvent } from '../services/documents.ts'

/**
 * The documents Lambda (`DOCUMENTS_FUNCTION_NAME`, set by the CDK stack on billing and analysis,
 * with the permission to invoke it), called synchronously; the bytes come back base64. Lambda's
 * 6 MB answer limit allows a PDF of about 4.5 MB, and the analysis report leaves the API base64 in
 * JSON under the same limit anyway. A function without it renders no PDF: a deployment error.
 */
export const awsDocuments = (env: PlatformEnv, invoker: Invoker): DocumentRenderer => ({
  render: async (request) => {
    const functionName = env.DOCUMENTS_FUNCTION_NAME
    if (!functionName) throw new Error('No documents Lambda (DOCUMENTS_FUNCTION_NAME) in this function')
    const event: DocumentEvent = { source: 'swipe.document', request }
    const { base64 } = await invoker.invokeSync<{ base64: string }>(
      functionName,
      event,
      `Rendering a ${request.kind} PDF`,
    )
    return Buffer.from(base64, 'base64')
  },
})
