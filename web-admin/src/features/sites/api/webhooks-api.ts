import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api.ts'
import { siteApiKeys } from './api.ts'

/**
 * A site's webhooks (issue 21 Deliver 6; functions/src/apiAccess/webhook*.ts): the endpoints, the
 * secret shown once at creation (and at a rotation), enable/disable, delete, each endpoint's
 * delivery log and resend.
 * Every change refreshes the API page too (its audit trail lists webhook changes).
 */

export type WebhookList = RouteOutput<Contract['apiAccess.webhookList']>
export type Webhook = WebhookList['items'][number]
export type WebhookEvent = WebhookList['events'][number]
export type NewWebhook = RouteOutput<Contract['apiAccess.webhookCreate']>
export type WebhookDelivery = RouteOutput<Contract['apiAccess.webhookDeliveries']>['items'][number]
type CreateBody = RouteInput<Contract['apiAccess.webhookCreate']>['body']

export const webhookKeys = {
  list: (siteId: string) => ['siteApi', siteId, 'webhooks'] as const,
  deliveries: (siteId: string, webhookId: string) => ['siteApi', siteId, 'webhooks', webhookId] as const,
}

export const webhooksQuery = (siteId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(siteId),
    queryFn: ({ signal }) => call('apiAccess.webhookList', { params: { id: siteId } }, { signal }),
  })

export const deliveriesQuery = (siteId: string, webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(siteId, webhookId),
    queryFn: ({ signal }) =>
      call('apiAccess.webhookDeliveries', { params: { id: siteId, webhookId } }, { signal }),
  })

/** Refreshes the site's whole API state (settings, audit, webhooks and their logs). */
const useRefresh = (siteId: string) => {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: siteApiKeys.site(siteId) })
}

export const useCreateWebhook = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (body: CreateBody) => call('apiAccess.webhookCreate', { params: { id: siteId }, body }),
    onSuccess: () => refresh(),
  })
}

export const useUpdateWebhook = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: ({ webhookId, ...body }: { webhookId: string; enabled: boolean; events: WebhookEvent[] }) =>
      call('apiAccess.webhookUpdate', { params: { id: siteId, webhookId }, body }),
    onSuccess: () => refresh(),
  })
}

export const useRemoveWebhook = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (webhookId: string) => call('apiAccess.webhookRemove', { params: { id: siteId, webhookId } }),
    onSuccess: () => refresh(),
  })
}

export const useResendDelivery = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      call('apiAccess.webhookResend', { params: { id: siteId, webhookId, deliveryId } }),
    onSuccess: () => refresh(),
  })
}

export const useRotateWebhookSecret = (siteId: string) => {
  const refresh = useRefresh(siteId)
  return useMutation({
    mutationFn: (webhookId: string) =>
      call('apiAccess.webhookRotateSecret', { params: { id: siteId, webhookId } }),
    onSuccess: () => refresh(),
  })
}

/**
 * What a receiver runs (issue 30): the Standard Webhooks library verifies the `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` headers (functions/src/domain/webhooks-signature.ts).
 */
export const VERIFICATION_SNIPPET = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks'

// secret: whsec_…, body: the raw request body (text), headers: the request's headers
export const verifySwipeWebhook = (secret, body, headers) =>
  // Throws when no signature matches or the timestamp is more than 5 minutes off.
  new Webhook(secret).verify(body, {
    'webhook-id': headers['webhook-id'],
    'webhook-timestamp': headers['webhook-timestamp'],
    'webhook-signature': headers['webhook-signature'],
  })`
