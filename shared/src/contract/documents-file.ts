/**
 * The file beside an API-access Lambda's bundle that holds the compiled OpenAPI documents module
 * (./documents.ts): written by the bundling (infra/lib/app-function.ts `apiDocumentCommands`), read
 * by ./documents.lambda.ts.
 */
export const API_DOCUMENTS_FILE = 'api-documents.cjs'
