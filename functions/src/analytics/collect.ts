import { ANALYTICS_LIMITS, AnalyticsBody, keysToCamel } from '@swipe/shared'
import { AppError, BadRequestError, TooManyRequestsError, ValidationError } from '#lib/errors'
import { endpoint, ok, requestState, zodIssues } from '#lib/http'
import { clientIp, secondsToNextWindow, takeAllowance } from '#lib/rate-limit'
import { routes } from '../routes.ts'
import { recordEvents } from './service.ts'

const rawLength = (body: string | undefined, base64: boolean | undefined) =>
  body === undefined ? 0 : base64 ? Buffer.from(body, 'base64').length : Buffer.byteLength(body)

/**
 * POST /analytics/events: the beacons of published pages (`navigator.sendBeacon`, `text/plain`, so
 * no CORS preflight) or JSON. One event, an array or `{ events }`, at most 50 and 16 KB. Every
 * event is validated before anything is counted (400 with field paths otherwise); events of sites
 * that are not published are ignored. 204, no body: a beacon reads no answer.
 */
export const handler = endpoint(routes['analytics.collect'], {}, async ({ event }) => {
  if (rawLength(event.body, event.isBase64Encoded) > ANALYTICS_LIMITS.maxBodyBytes)
    throw new AppError(413, 'error.payloadTooLarge')
  // JSON bodies were parsed (and camel-cased) by the edge; a beacon's text/plain arrives as text.
  let body = requestState(event).body
  if (typeof body === 'string') {
    try {
      body = keysToCamel(JSON.parse(body))
    } catch {
      throw new BadRequestError()
    }
  }
  const parsed = AnalyticsBody.safeParse(body)
  if (!parsed.success) throw new ValidationError(zodIssues(parsed.error, 'body'))
  if (!(await takeAllowance('analytics', clientIp(event), parsed.data.length)))
    throw new TooManyRequestsError(secondsToNextWindow())
  await recordEvents(parsed.data, event.requestContext?.timeEpoch ?? Date.now())
  return ok(undefined, 204)
})
