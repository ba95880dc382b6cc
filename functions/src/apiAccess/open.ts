import type { SiteLanguage } from '@swipe/shared'
import { loadSiteItems, Sites } from '#data/sites'
import type { Actor } from '#edge/auth'
import { NotFoundError } from '#edge/errors'
import { siteApiSiteOf } from '#edge/site-api'
import { siteUrl } from '#platform/services/urls'
import { chartReport, lpReport, type ReportQuery, reportContextOf } from '../analysis/service.ts'
import {
  creativeMediaKeys,
  creativeView,
  languageFor,
  languagesOf,
  publishedSite,
  visibleCreatives,
  visitorMedia,
  withMediaUrls,
} from '../endUser/service.ts'

/**
 * What the site API reads (issue 21): each tag calls the service of the context that owns the
 * data — the creator's lists (functions/src/submissions/service.ts), the analytics reports
 * (functions/src/analysis/service.ts), the published pages (functions/src/endUser/service.ts) —
 * for the one site the request authenticated for (edge/site-api.ts).
 */

/** The `{ id, name }` head of a list page, for the authenticated site only. */
export const siteHeadOf = async (actor: Actor | undefined, siteId: string) => {
  const id = siteApiSiteOf(actor, siteId)
  const site = (await Sites.get({ siteId: id }).go()).data
  if (!site) throw new NotFoundError()
  return { id: site.siteId, name: site.name }
}

/** The KPIs of a period and its daily counters. */
export const analyticsOf = async (actor: Actor | undefined, siteId: string, query: ReportQuery) => {
  const items = await loadSiteItems(siteApiSiteOf(actor, siteId))
  const site = items.sites[0]
  if (!site) throw new NotFoundError()
  const context = await reportContextOf(site, items, query)
  const [kpis, daily] = await Promise.all([lpReport(context), chartReport(context, 'day')])
  return { kpis, daily }
}

/**
 * The published site's pages (creatives with their products) per language, members-only ones
 * included (the creator's own data). Media URLs are made absolute on the site's host.
 */
export const contentOf = async (actor: Actor | undefined, siteId: string, lang: SiteLanguage | undefined) => {
  const { site, items } = await publishedSite(siteApiSiteOf(actor, siteId))
  const origin = siteUrl({ siteUuid: site.siteUuid }).replace(/\/$/, '')
  const absolute = (url: string) => (url.startsWith('/') && origin ? `${origin}${url}` : url)
  const langs = lang ? [languageFor(site, lang)] : languagesOf(site)
  const languages = await Promise.all(
    langs.map(async (language) => {
      const creatives = visibleCreatives(site, items, language)
      const media = await visitorMedia(site, creativeMediaKeys(creatives, { member: true }))
      return {
        lang: language,
        pages: creatives.map((creative) =>
          withMediaUrls(creativeView(creative, site, media, { member: true }), absolute),
        ),
      }
    }),
  )
  return {
    siteId: site.siteId,
    name: site.name,
    url: siteUrl({ siteUuid: site.siteUuid }),
    publishedAt: site.publishedAt === undefined ? null : new Date(site.publishedAt).toISOString(),
    languages,
  }
}
