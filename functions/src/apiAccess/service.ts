import { randomUUID } from 'node:crypto'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import {
  SITE_API_LIMITS,
  SITE_API_TAGS,
  type SiteApiKeyViewType,
  type SiteApiViewType,
} from '@swipe/shared/schemas/site-api'
import {
  SiteApiAudit,
  type SiteApiAuditAction,
  type SiteApiKey,
  SiteApiKeys,
  type SiteApiSetting,
  SiteApiSettings,
} from '#data/site-api'
import { type SiteWebhookEndpoint, SiteWebhookEndpoints } from '#data/site-webhooks'
import type { SiteRow } from '#data/sites'
import type { Actor } from '#edge/auth'
import { NotFoundError } from '#edge/errors'
import type { Event } from '#edge/http'
import { generateKey, hashKey, visiblePrefixOf } from '#edge/site-api-keys'
import { adminOf, sitesFor } from '#edge/tenancy'
import * as clock from '#platform/services/clock'
import { siteUrl } from '#platform/services/urls'

/**
 * The creator's side of API issuing (issue 21): settings, keys and their audit trail, on the
 * site's `siteapi#<siteId>` partition (functions/src/data/site-api.ts). Every route loads the site
 * through the tenant-scoped accessor with `site:write` (another tenant's site is 404).
 */

export const siteForApi = (actor: Actor | undefined, siteId: string) =>
  sitesFor(actor).get(siteId, 'site:write')

const nowIso = () => new Date(clock.now()).toISOString()

/**
 * The site API's base URL. On AWS every site's own origin serves the API under `/api/v1`
 * (infra/lib/sites.ts), and so does the local site edge: the default domain's URL. Where a stage
 * has no sites origin, the host the request came in on.
 */
export const siteApiBaseUrl = (site: Pick<SiteRow, 'siteId' | 'siteUuid'>, event: Event): string => {
  const origin = siteUrl({ siteUuid: site.siteUuid }).replace(/\/$/, '')
  if (origin) return `${origin}${API_BASE_PATH}/open/site/${site.siteId}`
  const host = event.headers?.host ?? 'localhost'
  const local = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host)
  return `${local ? 'http' : 'https'}://${host}${API_BASE_PATH}/open/site/${site.siteId}`
}

export const keyView = (key: SiteApiKey, now = nowIso()): SiteApiKeyViewType => ({
  id: key.keyId,
  name: key.name,
  prefix: key.prefix,
  status: key.revokedAt
    ? 'REVOKED'
    : key.validUntil && key.validUntil <= now
      ? 'EXPIRED'
      : key.validUntil
        ? 'EXPIRING'
        : 'ACTIVE',
  createdAt: key.createdAt,
  validUntil: key.validUntil ?? null,
  revokedAt: key.revokedAt ?? null,
  lastUsedAt: key.lastUsedAt ?? null,
  lastUsedIp: key.lastUsedIp ?? null,
  rotatedTo: key.rotatedTo ?? null,
  rateLimitPerMinute: key.rateLimit,
})

/** Whether a key still opens the API (not revoked, not past its end). */
export const isUsable = (key: SiteApiKey, now = nowIso()) =>
  !key.revokedAt && (!key.validUntil || key.validUntil > now)

/** The site's settings, keys (newest first) and latest audit entries: one query. */
export const readApiPartition = async (siteId: string) => {
  const [settings, keys, audit] = await Promise.all([
    SiteApiSettings.get({ siteId }).go({ consistent: true }),
    SiteApiKeys.query.key({ siteId }).go({ pages: 'all', consistent: true }),
    SiteApiAudit.query.audit({ siteId }).go({ order: 'desc', limit: 20, consistent: true }),
  ])
  return {
    settings: settings.data ?? undefined,
    keys: [...keys.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    audit: audit.data,
  }
}

export const apiView = async (site: SiteRow, event: Event): Promise<SiteApiViewType> => {
  const { settings, keys, audit } = await readApiPartition(site.siteId)
  const base = siteApiBaseUrl(site, event)
  const now = nowIso()
  return {
    siteId: site.siteId,
    siteName: site.name,
    enabled: settings?.enabled ?? false,
    authMethod: settings?.authMethod ?? 'API_KEY',
    ipList: settings?.ipList ?? [],
    basicId: settings?.basicId ?? null,
    hasBasicPassword: Boolean(settings?.basicPasswordHash),
    version: settings?.version ?? null,
    updatedAt: settings?.updatedAt ?? null,
    baseUrl: base,
    endpoints: SITE_API_TAGS.map((tag) => ({ tag, method: 'GET' as const, url: `${base}/${tag}` })),
    keys: keys.map((key) => keyView(key, now)),
    audit: audit.map((entry) => ({
      at: entry.at,
      actorId: entry.actorId,
      action: entry.action,
      summary: entry.summary,
    })),
  }
}

export const audit = (
  actor: Actor | undefined,
  siteId: string,
  action: SiteApiAuditAction,
  summary: string,
) =>
  SiteApiAudit.create({
    siteId,
    at: nowIso(),
    auditId: randomUUID(),
    actorId: adminOf(actor).accountId,
    action,
    summary,
  }).go({ response: 'none' })

/** A new key for the site: stored as its hash and prefix; the key itself is returned once. */
export const issueKey = async (
  actor: Actor | undefined,
  siteId: string,
  name: string,
  validUntil: string | undefined,
) => {
  const key = generateKey()
  const item = (
    await SiteApiKeys.create({
      siteId,
      keyId: randomUUID(),
      name,
      keyHash: hashKey(key),
      prefix: visiblePrefixOf(key),
      createdAt: nowIso(),
      createdBy: adminOf(actor).accountId,
      rateLimit: SITE_API_LIMITS.perMinute,
      ...(validUntil ? { validUntil } : {}),
    }).go()
  ).data
  return { key, item }
}

export const keyOf = async (siteId: string, keyId: string): Promise<SiteApiKey> => {
  const found = (await SiteApiKeys.get({ siteId, keyId }).go({ consistent: true })).data
  if (!found) throw new NotFoundError()
  return found
}

/** A webhook endpoint of the site (404 when it is not this site's). */
export const webhookOf = async (siteId: string, endpointId: string): Promise<SiteWebhookEndpoint> => {
  const found = (await SiteWebhookEndpoints.get({ siteId, endpointId }).go({ consistent: true })).data
  if (!found) throw new NotFoundError()
  return found
}

export type { SiteApiSetting }
