import { ANALYTICS_LIMITS } from '@swipe/shared'
import { analyticsRoutes } from '@swipe/shared/contract/analytics'
import { visitorKeyOf } from '@swipe/shared/experiments/model'
import { isbot } from 'isbot'
import { AppError, TooManyRequestsError } from '#edge/errors'
import { type Event, endpoint, ok } from '#edge/http'
import { clientIp, secondsToNextWindow, takeAllowance } from '#edge/rate-limit'
import { cookiePairs, headerOf } from '#edge/request-state'
import { now } from '#platform/services/clock'
import { recordExperimentEvents } from './experiments.ts'
import { recordEvents } from './service.ts'

const rawLength = (body: string | undefined, base64: boolean | undefined) =>
  body === undefined ? 0 : base64 ? Buffer.from(body, 'base64').length : Buffer.byteLength(body)

/** The header a preview sends with its requests (`x-swipe-preview: 1`). */
export const PREVIEW_HEADER = 'x-swipe-preview'

/**
 * A request of a preview: it says so (`x-swipe-preview: 1`), or it comes from a preview page
 * (its Referer's path has a `preview` segment: `/site/{id}/preview`, a shared preview link).
 * A beacon cannot set headers, but the browser sends the page's address as Referer.
 */
export const isPreview = (event: Event): boolean => {
  if (headerOf(event, PREVIEW_HEADER) === '1') return true
  const referer = headerOf(event, 'referer')
  if (!referer) return false
  try {
    return new URL(referer).pathname.split('/').includes('preview')
  } catch {
    return false
  }
}

/**
 * POST /analytics/events: the beacons of published pages (`navigator.sendBeacon`, `text/plain`, so
 * no CORS preflight) or JSON. One event, an array or `{ events }`, at most 50 and 16 KB: the size is
 * checked before the body is parsed (413). The route's `bodyType: 'text'` has the edge read a
 * text body as JSON; every event is validated against the route's body before anything is counted
 * (400 with field paths otherwise); events of sites that are not published are ignored, and so
 * is the whole request of a robot (`isbot` on the user agent) or of a preview (`isPreview`). 204,
 * no body: a beacon reads no answer. The client address and user agent only feed the day's
 * visitor hash (`recordEvents`) and, for Web Vitals, the device class (mobile or desktop, from the
 * user agent: docs/decisions/0071-field-web-vitals.md); neither is stored. Beacons feed the analytics reports only:
 * invoices bill the page documents the edge served (functions/src/billing/page-views.ts), so a
 * forged beacon changes no bill (docs/decisions/0048-billable-page-views.md).
 */
export const handler = endpoint(
  analyticsRoutes['analytics.collect'],
  async ({ body, event }) => {
    if (!(await takeAllowance('analytics', clientIp(event), body.length)))
      throw new TooManyRequestsError(secondsToNextWindow())
    const userAgent = headerOf(event, 'user-agent') ?? ''
    // Previews and robots never count (the answer is the same 204: nothing to learn from it).
    if (!isPreview(event) && !isbot(userAgent)) {
      // The injectable clock (platform/services/clock.ts), as the reports read "today" with it: one time for both.
      const at = now()
      await Promise.all([
        recordEvents(body, at, { address: clientIp(event), userAgent }),
        // The site's A/B test, if one runs: the page's own host sends the visitor's key (issue 34).
        recordExperimentEvents(visitorKeyOf(cookiePairs(event).join(';')), body, at),
      ])
    }
    return ok(undefined, 204)
  },
  {
    beforeParse: async ({ event }) => {
      if (rawLength(event.body, event.isBase64Encoded) > ANALYTICS_LIMITS.maxBodyBytes)
        throw new AppError(413, 'error.payloadTooLarge')
    },
  },
)
