import { CONVERSION_PLATFORMS } from '@swipe/shared/site/conversions-normalise'
import { CONVERSION_DELIVERY_STATES, SERVER_EVENTS } from '@swipe/shared/site/tags-vendors'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * The site's server-side conversions (issue 32 Deliver 4; docs/data-model.md "Site API"): on the
 * site's API partition `siteapi#<siteId>` beside its webhooks — the credentials of each platform
 * (`conversioncreds#<platform>`, sealed by the platform's vault key, never answered), and one item
 * per event sent to a platform (`conversion#<platform>#<eventId>`: one per event id, so the same
 * occurrence is never sent twice). The console lists a platform's deliveries newest first through
 * gsi2 (`conversion#<siteId>#<platform>`, sorted by `createdAt`); the retry sweep finds those due
 * through gsi1 (`conversion#<state>`, sorted by `dueAt`).
 */

const partition = {
  field: 'pk',
  composite: ['siteId'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
  template: 'siteapi#${siteId}',
  casing: 'none',
} as const

export const SiteConversionCredentials = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteConversionCredentials', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          platform: { type: [...CONVERSION_PLATFORMS], required: true, readOnly: true },
          /** The credentials as JSON, sealed (AES-256-GCM, bound to the site and platform). */
          sealed: { type: 'string', required: true },
          updatedAt: { type: 'string', required: true },
          updatedBy: { type: 'string', required: true },
        },
        indexes: {
          credentials: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['platform'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'conversioncreds#${platform}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteConversionCredential = EntityItem<typeof SiteConversionCredentials>

export const SiteConversionDeliveries = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteConversionDelivery', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          platform: { type: [...CONVERSION_PLATFORMS], required: true, readOnly: true },
          /** The occurrence's id, shared with the browser tag's event: one delivery per platform. */
          eventId: { type: 'string', required: true, readOnly: true },
          event: { type: [...SERVER_EVENTS], required: true, readOnly: true },
          /**
           * What is sent, without credentials, as JSON: the event with its identifiers already
           * normalised and hashed (never an address or a number in clear) and the destination's ids.
           */
          payload: { type: 'string', required: true, readOnly: true },
          testMode: { type: 'boolean', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          state: { type: [...CONVERSION_DELIVERY_STATES], required: true },
          /** PENDING: when the next attempt is due; otherwise when the delivery ended. */
          dueAt: { type: 'string', required: true },
          attempts: { type: 'number', required: true, default: 0 },
          lastAttemptAt: { type: 'string' },
          lastStatus: { type: 'number' },
          /** The platform's own error message (cut to 500 characters), or why there was no answer. */
          lastError: { type: 'string' },
          updatedAt: { type: 'string', required: true },
          /** Removed by DynamoDB's TTL 90 days after the event (seconds since the epoch). */
          expiresAt: { type: 'number', required: true, readOnly: true },
        },
        indexes: {
          delivery: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['platform', 'eventId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'conversion#${platform}#${eventId}',
              casing: 'none',
            },
          },
          /** The deliveries in a state, the earliest due first: the sweep reads PENDING up to now. */
          byState: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['state'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'conversion#${state}',
              casing: 'none',
            },
            sk: {
              field: 'gsi1sk',
              composite: ['dueAt'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${dueAt}',
              casing: 'none',
            },
          },
          /** A platform's deliveries by creation time: the console's log and the delivery rate. */
          byPlatform: {
            index: 'gsi2',
            pk: {
              field: 'gsi2pk',
              composite: ['siteId', 'platform'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'conversion#${siteId}#${platform}',
              casing: 'none',
            },
            sk: {
              field: 'gsi2sk',
              composite: ['createdAt'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteConversionDelivery = EntityItem<typeof SiteConversionDeliveries>
