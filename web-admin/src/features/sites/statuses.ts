import { SITE_STATUSES, type SiteStatus } from '@swipe/shared'

/** A site's publication status, as the API sends it. Labels live in the screen catalogs under `sites.statuses`. */
export { SITE_STATUSES, type SiteStatus }

export const isSiteStatus = (value: string): value is SiteStatus =>
  (SITE_STATUSES as readonly string[]).includes(value)
