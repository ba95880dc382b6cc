import { randomUUID } from 'node:crypto'
import { keysToSnake } from '@swipe/shared/case'
import type { SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import { SiteWebhookDeliveries, SiteWebhookEndpoints } from '#data/site-webhooks'
import * as clock from '../platform/services/clock.ts'

/*
 * The events a site's webhooks are sent (./site-webhooks.ts): recording one stores its deliveries,
 * and sends nothing. Apart from the sending, so that the visitors' Lambda, which records the events
 * its visitors make, carries no outbound-address policy (ipaddr.js) it never uses
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md).
 */

export type WebhookEvent = (typeof SITE_WEBHOOK_EVENTS)[number]
export const iso = (ms: number) => new Date(ms).toISOString()

export const endpointsOf = async (siteId: string) =>
  (await SiteWebhookEndpoints.query.endpoint({ siteId }).go({ pages: 'all', consistent: true })).data.sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt),
  )

/** The keys the delivery job needs to find a delivery again. */
export interface DeliveryKey {
  siteId: string
  endpointId: string
  createdAt: string
  deliveryId: string
}
export const keyOf = (d: DeliveryKey): DeliveryKey => ({
  siteId: d.siteId,
  endpointId: d.endpointId,
  createdAt: d.createdAt,
  deliveryId: d.deliveryId,
})

/**
 * Records an event of the site: one PENDING delivery per enabled endpoint subscribed to it, due
 * now. Returns their keys (none when no endpoint wants it); the caller starts their first attempts.
 */
export const recordWebhookEvent = async (
  siteId: string,
  event: WebhookEvent,
  data: unknown,
): Promise<DeliveryKey[]> => {
  const endpoints = (await endpointsOf(siteId)).filter((e) => e.enabled && e.events.includes(event))
  if (endpoints.length === 0) return []
  const createdAt = iso(clock.now())
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`
  // The body in the API's conventions (snake_case keys, as the site API answers the same rows).
  const payload = JSON.stringify(keysToSnake({ id: eventId, type: event, createdAt, siteId, data }))
  const items = endpoints.map((endpoint) => ({
    siteId,
    endpointId: endpoint.endpointId,
    deliveryId: randomUUID(),
    eventId,
    event,
    payload,
    createdAt,
    state: 'PENDING' as const,
    dueAt: createdAt,
    windowStart: createdAt,
    attempts: 0,
    updatedAt: createdAt,
  }))
  const { unprocessed } = await SiteWebhookDeliveries.put(items).go()
  if (unprocessed.length) throw new Error(`${unprocessed.length} webhook deliveries were not stored`)
  return items.map(keyOf)
}
