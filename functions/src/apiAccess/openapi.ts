import { contractList } from '@swipe/shared/contract'
import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { openApiDocument } from '@swipe/shared/contract/openapi'
import { endpoint, ok } from '#edge/http'

/** Built once per container: the contract does not change while it runs. */
let document: ReturnType<typeof openApiDocument> | undefined

/**
 * GET /openapi.json: the OpenAPI 3.1 document of every route, built from the contract — the same
 * document `npm run openapi` writes to docs/api/openapi.json. Public: it describes the API, it
 * holds no data. Cached by browsers and the CDN for five minutes.
 */
export const handler = endpoint(apiAccessRoutes['apiAccess.openapi'], async () => {
  document ??= openApiDocument(contractList())
  return ok(document, 200, { 'cache-control': 'public, max-age=300' })
})
