import { ANALYTICS_LIMITS } from '@swipe/shared'
import { analyticsRoutes } from '@swipe/shared/contract/analytics'
import { AppError, TooManyRequestsError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { clientIp, secondsToNextWindow, takeAllowance } from '#lib/rate-limit'
import { recordEvents } from './service.ts'

const rawLength = (body: string | undefined, base64: boolean | undefined) =>
  body === undefined ? 0 : base64 ? Buffer.from(body, 'base64').length : Buffer.byteLength(body)

/**
 * POST /analytics/events: the beacons of published pages (`navigator.sendBeacon`, `text/plain`, so
 * no CORS preflight) or JSON. One event, an array or `{ events }`, at most 50 and 16 KB: the size is
 * checked before the body is parsed (413). The route's `bodyType: 'text'` has the edge read a
 * text body as JSON; every event is validated against the route's body before anything is counted
 * (400 with field paths otherwise); events of sites that are not published are ignored. 204, no
 * body: a beacon reads no answer.
 */
export const handler = endpoint(
  analyticsRoutes['analytics.collect'],
  async ({ body, event }) => {
    if (!(await takeAllowance('analytics', clientIp(event), body.length)))
      throw new TooManyRequestsError(secondsToNextWindow())
    await recordEvents(body, event.requestContext?.timeEpoch ?? Date.now())
    return ok(undefined, 204)
  },
  {
    beforeParse: async ({ event }) => {
      if (rawLength(event.body, event.isBase64Encoded) > ANALYTICS_LIMITS.maxBodyBytes)
        throw new AppError(413, 'error.payloadTooLarge')
    },
  },
)
