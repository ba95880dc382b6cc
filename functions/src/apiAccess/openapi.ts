import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { productApiDocument } from '@swipe/shared/contract/documents'
import { endpoint, ok } from '#edge/http'

/**
 * GET /openapi.json: the OpenAPI 3.1 document of every route, built from the contract — the same
 * document `npm run openapi` writes to docs/api/openapi.json — once per container, at the first
 * request (in the Lambda, from the compiled file beside the bundle: shared/src/contract/documents.ts).
 * Public: it describes the API, it holds no data. Cached by browsers and the CDN for five minutes.
 */
export const handler = endpoint(apiAccessRoutes['apiAccess.openapi'], async () =>
  ok(productApiDocument(), 200, { 'cache-control': 'public, max-age=300' }),
)
