import { besideBundle } from '../beside-bundle.ts'
import type * as Documents from './documents.ts'
import { API_DOCUMENTS_FILE } from './documents-file.ts'

/**
 * The OpenAPI documents inside a Lambda bundle (./documents.ts): the bundling compiles that module
 * to `API_DOCUMENTS_FILE` beside `index.mjs` in the API-access Lambda's asset
 * (infra/lib/app-function.ts `SIDECARS`), and esbuild resolves `@swipe/shared/contract/documents`
 * here (condition `swipe-lambda`). The file is read at the first call, so the Lambda does not load
 * every context's routes and schemas at init and no caller changes.
 */
const built = /* @__PURE__ */ besideBundle<typeof Documents>(API_DOCUMENTS_FILE)

export type { ApiDocument, OperationSummary, SiteApiDocument } from './documents.ts'
export const productApiDocument: typeof Documents.productApiDocument = () => built().productApiDocument()
export const siteApiDocument: typeof Documents.siteApiDocument = () => built().siteApiDocument()
