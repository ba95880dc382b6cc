import { attemptStoredDelivery, type DeliveryKey } from '#domain/site-webhooks'
import type { JobRunners } from '#platform/services/jobs'

/**
 * The apiAccess context's asynchronous jobs (`#platform/services/jobs`), run by the same Lambda module as its
 * routes: a resend's attempt (issue 29), so the creator's request answers at once whatever the
 * receiver does; the attempt ends at its deadline (#domain/webhooks).
 */
export const jobs: JobRunners<'apiAccess'> = {
  webhookResend: async (event) => {
    const key = JSON.parse(event.input?.delivery ?? 'null') as DeliveryKey | null
    if (!key) throw new Error('webhookResend: no delivery')
    await attemptStoredDelivery(key)
  },
}
