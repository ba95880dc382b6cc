import { sitesRoutes } from '@swipe/shared/contract/sites'
import type { SiteRow as Site } from '#data/sites'
import { csvReply } from '#domain/csv'
import { activeOemZones, zoneIn } from '#domain/oem-zones'
import { endpoint } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { siteUrl } from '#platform/services/urls'
import { ownerNames } from './service.ts'

/**
 * The site list as CSV (SPEC §2: name, URL, status, parent account, created and published times,
 * in JST as every export writes them: `csvReply`). The parent account is the account that owns the site, by company name (email
 * without one).
 */
export const handler = endpoint(sitesRoutes['sites.export'], async ({ actor, query, locale }) => {
  const rows: Site[] = []
  let cursor: string | undefined
  do {
    const page = await sitesFor(actor).list({ ...query, cursor, limit: 100 })
    rows.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  const [names, zones] = await Promise.all([ownerNames(rows), activeOemZones()])
  const ownerName = (site: Site) => names.get(site.ownerId) ?? ''
  const columns = [
    ['csv.siteName', (s: Site) => s.name],
    ['csv.siteUrl', (s: Site) => siteUrl(s, zoneIn(zones, s.tenantIds))],
    ['csv.siteStatus', (s: Site) => s.status],
    ['csv.parentAccount', ownerName],
    ['csv.createdAt', (s: Site) => s.createdAt, 'dateTime'],
    ['csv.publishedAt', (s: Site) => s.publishedAt, 'dateTime'],
  ] as const
  return csvReply('sites', columns, rows, locale)
})
