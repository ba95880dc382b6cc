import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * API issuing per site (issue 21; docs/data-model.md "Site API"): one partition per site,
 * `siteapi#<siteId>`, outside the site's `siteItems` partition so the editor never reads it. It
 * holds the settings (sk `settings`), one item per key (`key#<keyId>`) and the audit trail
 * (`audit#<at>#<id>`): the API dialog reads them with one query. A request of the site API finds
 * its key by the key's hash (gsi1, `siteapikey#<sha256>`): the key itself is never stored.
 */

const partition = {
  field: 'pk',
  composite: ['siteId'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
  template: 'siteapi#${siteId}',
  casing: 'none',
} as const

export const SITE_API_AUTH_METHODS = ['IP_RESTRICTION', 'BASIC_AUTH', 'API_KEY'] as const
export type SiteApiAuthMethod = (typeof SITE_API_AUTH_METHODS)[number]

/** The API settings of one site (SPEC §3 "API settings (per site)"). */
export const SiteApiSettings = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteApiSettings', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          enabled: { type: 'boolean', required: true },
          authMethod: { type: SITE_API_AUTH_METHODS, required: true },
          /** IPv4/IPv6 addresses and CIDR ranges (IP restriction). */
          ipList: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
          /** Basic auth: the ID, and the password as `scrypt$N$r$p$salt$hash` (never the password). */
          basicId: { type: 'string' },
          basicPasswordHash: { type: 'string' },
          updatedAt: { type: 'string', required: true },
          updatedBy: { type: 'string', required: true },
          /** Raised on every save: a save based on an older version is a 409. */
          version: { type: 'number', required: true, default: 1 },
        },
        indexes: {
          settings: {
            pk: partition,
            sk: { field: 'sk', composite: [], template: 'settings', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteApiSetting = EntityItem<typeof SiteApiSettings>

/** One issued key: its hash and visible prefix, never the key. */
export const SiteApiKeys = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteApiKey', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          keyId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          /** SHA-256 of the whole key, hex. */
          keyHash: { type: 'string', required: true, readOnly: true },
          /** `slp_live_` and four characters: enough to tell keys apart in the list. */
          prefix: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          createdBy: { type: 'string', required: true, readOnly: true },
          /** ISO instant after which the key is refused (its own expiry or a rotation's grace end). */
          validUntil: { type: 'string' },
          revokedAt: { type: 'string' },
          /** The key that replaced this one by a rotation. */
          rotatedTo: { type: 'string' },
          lastUsedAt: { type: 'string' },
          lastUsedIp: { type: 'string' },
          /** Requests per minute this key may make. */
          rateLimit: { type: 'number', required: true, default: 60 },
        },
        indexes: {
          key: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['keyId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'key#${keyId}',
              casing: 'none',
            },
          },
          /** A request's key, found by its hash. */
          byHash: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['keyHash'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'siteapikey#${keyHash}',
              casing: 'none',
            },
            sk: { field: 'gsi1sk', composite: [], template: 'key', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteApiKey = EntityItem<typeof SiteApiKeys>

export const SITE_API_AUDIT_ACTIONS = [
  'settings.update',
  'key.create',
  'key.rotate',
  'key.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.remove',
  'webhook.resend',
  'webhook.rotateSecret',
  'conversion.credentialsSet',
  'conversion.credentialsRemove',
] as const
export type SiteApiAuditAction = (typeof SITE_API_AUDIT_ACTIONS)[number]

/** Who changed what in a site's API (never a secret): newest first in the dialog. */
export const SiteApiAudit = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteApiAudit', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          at: { type: 'string', required: true, readOnly: true },
          auditId: { type: 'string', required: true, readOnly: true },
          actorId: { type: 'string', required: true, readOnly: true },
          action: { type: SITE_API_AUDIT_ACTIONS, required: true, readOnly: true },
          /** What changed, as a short text (a key's name and prefix, the fields a save changed). */
          summary: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          audit: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['at', 'auditId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'audit#${at}#${auditId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteApiAuditEntry = EntityItem<typeof SiteApiAudit>
