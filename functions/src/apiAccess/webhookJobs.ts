import type { JobRunners } from '#lib/jobs'
import { attemptStoredDelivery, type DeliveryKey } from '#lib/site-webhooks'

/**
 * The apiAccess context's asynchronous jobs (`#lib/jobs`), run by the same Lambda module as its
 * routes: a resend's attempt (issue 29), so the creator's request answers at once whatever the
 * receiver does; the attempt ends at its deadline (#lib/webhooks).
 */
export const jobs: JobRunners<'apiAccess'> = {
  webhookResend: async (event) => {
    const key = JSON.parse(event.input?.delivery ?? 'null') as DeliveryKey | null
    if (!key) throw new Error('webhookResend: no delivery')
    await attemptStoredDelivery(key)
  },
}
