import { bodyTagsSchema, headTagsSchema } from '@swipe/shared'
import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ok } from '#edge/http'
import { CONTENT_CACHE, languageFor, publishedSite, settingsOf, visitorEndpoint } from './service.ts'

/** A stored tag block that still passes the builder's rule (SPEC §5), else nothing. */
const checked = (schema: typeof headTagsSchema, value: unknown) => {
  const parsed = schema.safeParse(value ?? '')
  return parsed.success ? parsed.data : ''
}

/**
 * GET /end-user/common/{siteId}/scripts?lang=: the creator's head and body tags of one language.
 * They were validated at save; they are checked again here, so a rule tightened later (or an
 * item written around the API) never reaches a visitor's page.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.scripts'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const seo = (settingsOf(site, items, lang)?.seo ?? {}) as { head?: string; body?: string }
  return ok(
    { lang, head: checked(headTagsSchema, seo.head), body: checked(bodyTagsSchema, seo.body) },
    200,
    CONTENT_CACHE,
  )
})
