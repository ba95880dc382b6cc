import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api.ts'
import { siteApiKeys } from './api.ts'

/**
 * A site's webhooks (issue 21 Deliver 6; functions/src/apiAccess/webhook*.ts): the endpoints, the
 * secret shown once at creation, enable/disable, delete, each endpoint's delivery log and resend.
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

/** What a receiver runs to check `Swipe-Signature` (the scheme of functions/src/lib/webhooks.ts). */
export const VERIFICATION_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto'

// secret: whsec_…, header: the Swipe-Signature header, body: the raw request body (text)
export const verifySwipeSignature = (secret, header, body, toleranceSeconds = 300) => {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest()
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}`
