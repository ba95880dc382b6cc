import type { MessageKey } from '@swipe/shared'
import { monthEnd } from '@swipe/shared/time/calendar'
import { DAY_MS, jstDayStart } from '@swipe/shared/time/jst'
import { Experiments } from '#data/experiments'
import { countsOf, experimentView } from '#domain/experiment-results'

/**
 * The A/B tests of a site that ran during a month in Japan (issue 34 part 6), oldest first, as the
 * console shows them (results to date): started before the month's end, and not ended before it
 * began. Read by the monthly PDF.
 */
export const monthExperiments = async (
  siteId: string,
  month: string,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
) => {
  const from = jstDayStart(`${month}-01`)
  const until = jstDayStart(monthEnd(month)) + DAY_MS
  const all = (await Experiments.query.bySite({ siteId }).go({ pages: 'all' })).data
  const ran = all.filter(
    (e) => e.startedAt !== undefined && e.startedAt < until && (e.endedAt === undefined || e.endedAt >= from),
  )
  return Promise.all(ran.map(async (e) => experimentView(e, await countsOf(e.experimentId), t)))
}
