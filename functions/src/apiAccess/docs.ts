import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { siteApiHtml, siteApiMarkdown, siteOpenApi } from './documentation.ts'
import { apiView, siteForApi } from './service.ts'

/**
 * GET /site/{id}/api/docs?format=&lang=: the site API's documentation with the site's endpoint
 * filled in: OpenAPI 3.1 (JSON), Markdown or HTML, in Japanese or English. The file travels as
 * JSON text (like the report PDF), so errors keep the one envelope.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.docs'],
  async ({ actor, params, query, event }) => {
    const site = await siteForApi(actor, params.id)
    const view = await apiView(site, event)
    const docSite = {
      siteId: site.siteId,
      name: site.name,
      baseUrl: view.baseUrl,
      authMethod: view.authMethod,
      basicId: view.basicId,
    }
    const base = `site-api-${site.siteId.slice(0, 8)}-${query.lang}`
    if (query.format === 'markdown')
      return ok({
        fileName: `${base}.md`,
        contentType: 'text/markdown; charset=utf-8',
        content: siteApiMarkdown(docSite, query.lang),
      })
    if (query.format === 'html')
      return ok({
        fileName: `${base}.html`,
        contentType: 'text/html; charset=utf-8',
        content: siteApiHtml(docSite, query.lang),
      })
    return ok({
      fileName: `${base}.openapi.json`,
      contentType: 'application/json',
      content: `${JSON.stringify(siteOpenApi(docSite, query.lang), null, 2)}\n`,
    })
  },
)
