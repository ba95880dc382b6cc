import { type SiteLanguage, SiteUuidSchema } from '@swipe/shared'
import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { languageOfSegment } from '@swipe/shared/site/languages'
import * as z from 'zod'
import { type SiteRow as Site, Sites } from '#data/sites'
import { activeOemZones } from '#domain/oem-zones'
import { NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import { readEnv } from '#platform/services/env'
import { normaliseHost } from '#platform/services/host-map'
import { CONTENT_CACHE, defaultLanguageOf, languageFor, visitorEndpoint } from './service.ts'

/**
 * Default-domain sites answer on `<siteUuid>.<sites domain>`, the host of `SITES_ORIGIN`
 * (`https://{host}.<sites domain>`); a stage without one resolves custom domains and paths only.
 */
const env = readEnv({ SITES_ORIGIN: z.string().optional() })
const sitesDomain = (() => {
  try {
    return env.SITES_ORIGIN
      ? normaliseHost(new URL(env.SITES_ORIGIN.replace('{host}', 'x')).host).slice(2)
      : undefined
  } catch {
    return undefined
  }
})()

const published = (site: Site | undefined) => (site?.status === 'PUBLISH' ? site : undefined)

/** The site a host names: `<siteUuid>.<sites domain>` by its UUID, any other host by its custom domain. */
const siteOfHost = async (host: string): Promise<Site | undefined> => {
  if (sitesDomain && host.endsWith(`.${sitesDomain}`)) {
    const label = host.slice(0, -(sitesDomain.length + 1))
    if (!SiteUuidSchema.safeParse(label).success) return undefined
    const found = await Sites.query.byUuid({ siteUuid: label }).go({ limit: 1 })
    return published(found.data[0])
  }
  // `<siteUuid>.<oem domain>`: a site of a user of the OEM whose verified sites domain it is (issue 19 white label).
  const [label, ...zone] = host.split('.')
  if (label && zone.length >= 2 && SiteUuidSchema.safeParse(label).success) {
    const zones = await activeOemZones()
    const oemId = [...zones].find(([, z]) => z === zone.join('.'))?.[0]
    if (oemId) {
      const found = await Sites.query.byUuid({ siteUuid: label }).go({ limit: 1 })
      const site = found.data[0]
      return site?.tenantIds.includes(oemId) ? published(site) : undefined
    }
  }
  // Until domain settings claim each domain once, two sites may name one: only a published one counts.
  const found = await Sites.query.byCustomDomain({ customDomain: host }).go({ pages: 'all' })
  return found.data.find((s) => s.status === 'PUBLISH')
}

/** The host part of `domain`: a bare host (`lp.example.jp:443`) or a URL. */
const hostOf = (domain: string) => {
  try {
    return normaliseHost(domain.includes('://') ? new URL(domain).host : domain)
  } catch {
    return ''
  }
}

const segmentsOf = (path: string) => {
  try {
    return decodeURIComponent(path.split(/[?#]/)[0] ?? '')
      .split('/')
      .filter(Boolean)
  } catch {
    return []
  }
}

/**
 * GET /end-user/site?domain=&path=: which published site and language a visitor's URL opens. The
 * host names the site (default domain by its UUID, or a custom domain); on any other host the path
 * form `/sites/{siteId}/…` does. The language is the path's language segment (`ja`, `en`, `cn`,
 * `kr`; after one optional custom prefix segment) when the site has it, else the default.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.resolve'], async ({ query }) => {
  const host = hostOf(query.domain)
  let segments = segmentsOf(query.path)
  let site = host ? await siteOfHost(host) : undefined
  if (!site && segments[0] === 'sites' && segments[1]) {
    const siteId = segments[1]
    if (siteId.length <= 64) site = published((await Sites.get({ siteId }).go()).data ?? undefined)
    segments = segments.slice(2)
  }
  if (!site) throw new NotFoundError()
  const asked = segments
    .slice(0, 2)
    .map((s) => languageOfSegment(s) as SiteLanguage | undefined)
    .find(Boolean)
  return ok(
    { siteId: site.siteId, lang: languageFor(site, asked), defaultLanguage: defaultLanguageOf(site) },
    200,
    CONTENT_CACHE,
  )
})
