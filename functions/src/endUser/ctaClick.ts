import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { ConflictError, NotFoundError, TooManyRequestsError } from '#edge/errors'
import { ok } from '#edge/http'
import { clientIp, secondsToNextWindow, takeAllowance } from '#edge/rate-limit'
import { countClick } from './counters.ts'
import { applicantLimit, type StoredCta, withinDates } from './cta.ts'
import { NO_STORE, publishedSetting, visitorEndpoint } from './service.ts'

/**
 * POST /end-user/site/{siteId}/cta/{ctaIndex}/click: counts a visitor's click on a popup CTA. The
 * count is its own item, changed by one atomic ADD, never the site item an editor saves. An
 * applicant-limit CTA takes the click only while fewer than its limit are counted (a conditional
 * update): past it, 409 `endUser.ctaFull`. Outside its dates: 409 `endUser.ctaInactive`.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.ctaClick'], async ({ params, event }) => {
  const site = await publishedSetting(params.siteId)
  const cta = ((site.popupCtas ?? []) as StoredCta[])[params.ctaIndex]
  if (!cta) throw new NotFoundError()
  if (!withinDates(cta, Date.now())) throw new ConflictError('endUser.ctaInactive')
  if (!(await takeAllowance('ctaClick', clientIp(event), 1)))
    throw new TooManyRequestsError(secondsToNextWindow())
  const limit = applicantLimit(cta)
  const clicks = await countClick(site.siteId, params.ctaIndex, limit)
  if (clicks === undefined) throw new ConflictError('endUser.ctaFull')
  return ok(
    {
      index: params.ctaIndex,
      clicks,
      remaining: limit === undefined ? null : Math.max(0, limit - clicks),
    },
    200,
    NO_STORE,
  )
})
