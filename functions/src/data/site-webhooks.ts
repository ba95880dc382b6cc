import { SITE_WEBHOOK_DELIVERY_STATES, SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * The site's signed webhooks (issue 21 Deliver 6; docs/data-model.md "Site API"): on the site's
 * API partition `siteapi#<siteId>` beside its settings and keys — one item per endpoint
 * (`webhook#<endpointId>`) and one per event sent to an endpoint
 * (`webhookdelivery#<endpointId>#<createdAt>#<deliveryId>`, newest last). The retry sweep finds the
 * deliveries due through gsi1 (`webhookdelivery#<state>`, sorted by `dueAt`).
 */

const partition = {
  field: 'pk',
  composite: ['siteId'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
  template: 'siteapi#${siteId}',
  casing: 'none',
} as const

export const SiteWebhookEndpoints = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteWebhookEndpoint', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          endpointId: { type: 'string', required: true, readOnly: true },
          url: { type: 'string', required: true, readOnly: true },
          events: { type: 'set', items: [...SITE_WEBHOOK_EVENTS], required: true },
          /**
           * The signing secret `whsec_…`: kept as is because it must sign every delivery (no KMS on
           * the local stack); answered once at creation (or rotation) and never again.
           */
          secret: { type: 'string', required: true },
          /**
           * The secret a rotation replaced (issue 30): it signs beside `secret` until
           * `previousSecretUntil` (ISO), so a receiver can switch without a failed delivery.
           */
          previousSecret: { type: 'string' },
          previousSecretUntil: { type: 'string' },
          enabled: { type: 'boolean', required: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          createdBy: { type: 'string', required: true, readOnly: true },
          updatedAt: { type: 'string', required: true },
        },
        indexes: {
          endpoint: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['endpointId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'webhook#${endpointId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteWebhookEndpoint = EntityItem<typeof SiteWebhookEndpoints>

export const SiteWebhookDeliveries = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteWebhookDelivery', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          endpointId: { type: 'string', required: true, readOnly: true },
          deliveryId: { type: 'string', required: true, readOnly: true },
          /** The event's id: the same for every endpoint the event went to (`id` in the payload). */
          eventId: { type: 'string', required: true, readOnly: true },
          event: { type: [...SITE_WEBHOOK_EVENTS], required: true, readOnly: true },
          /** The JSON body, exactly as sent on every attempt. */
          payload: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          state: { type: [...SITE_WEBHOOK_DELIVERY_STATES], required: true },
          /** PENDING: when the next attempt is due; otherwise when the delivery ended. */
          dueAt: { type: 'string', required: true },
          /** Where the 24 hours of retries count from (the event, or the last resend). */
          windowStart: { type: 'string', required: true },
          attempts: { type: 'number', required: true, default: 0 },
          lastAttemptAt: { type: 'string' },
          lastStatus: { type: 'number' },
          lastError: { type: 'string' },
          updatedAt: { type: 'string', required: true },
        },
        indexes: {
          delivery: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['endpointId', 'createdAt', 'deliveryId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'webhookdelivery#${endpointId}#${createdAt}#${deliveryId}',
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
              template: 'webhookdelivery#${state}',
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
        },
      },
      entityConfig,
    ),
)
export type SiteWebhookDelivery = EntityItem<typeof SiteWebhookDeliveries>
