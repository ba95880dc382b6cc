import { SITE_STATUSES, type SiteStatus } from '@swipe/shared'
import type { TFunction } from 'i18next'

export const isSiteStatus = (value: string): value is SiteStatus =>
  (SITE_STATUSES as readonly string[]).includes(value)

/**
 * A site's publication status (SPEC §4) in words, from the screen catalogs' `sites.statuses`;
 * a status the console does not know yet as sent.
 */
export const siteStatusLabel = (status: string, t: TFunction): string =>
  isSiteStatus(status) ? t(`sites.statuses.${status}`) : status
