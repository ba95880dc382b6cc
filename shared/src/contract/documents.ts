/**
 * The OpenAPI documents the API serves (functions/src/apiAccess): the product's, of every route,
 * and the generic one of the site API's routes that each site's documentation is made from. Both
 * are built from the whole contract, so only the API-access Lambda needs them, and not at init: in
 * its bundle `@swipe/shared/contract/documents` resolves to ./documents.lambda.ts (condition
 * `swipe-lambda`), which reads this module compiled beside the bundle (`api-documents.cjs`, made by
 * infra/lib/app-function.ts) on the first request that asks for a document
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md). Code run from source
 * (the local stack, tests, `npm run openapi`) uses this module directly.
 */
import { contractList } from '../contract.ts'
import { openApiDocument } from './openapi.ts'

export type ApiDocument = ReturnType<typeof openApiDocument>

/** A site API operation's summary, in English and (where the contract has it) Japanese. */
export interface OperationSummary {
  summary: string
  summaryJa?: string
}

export interface SiteApiDocument {
  /** The site API routes' document, before a site makes it its own. */
  document: ApiDocument
  /** Each operation's summaries, by operation id (the route id). */
  summaries: Readonly<Record<string, OperationSummary>>
  /** Each route's path template, in the contract's order. */
  paths: readonly string[]
}

let product: ApiDocument | undefined
let siteApi: SiteApiDocument | undefined

/** The OpenAPI 3.1 document of every route: what `npm run openapi` writes to docs/api/openapi.json. Built once. */
export const productApiDocument = (): ApiDocument => {
  product ??= openApiDocument(contractList())
  return product
}

/** The site API's generic document and its operations' summaries. Built once. */
export const siteApiDocument = (): SiteApiDocument => {
  if (!siteApi) {
    const routes = contractList().filter((route) => route.auth === 'siteApi')
    siteApi = {
      document: openApiDocument(routes),
      summaries: Object.fromEntries(
        routes.map((route) => [
          route.id,
          { summary: route.summary, ...(route.summaryJa ? { summaryJa: route.summaryJa } : {}) },
        ]),
      ),
      paths: routes.map((route) => route.path),
    }
  }
  return siteApi
}
