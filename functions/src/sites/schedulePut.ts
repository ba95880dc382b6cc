import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { requireApprovalRight } from './approval.ts'
import { scheduledPublishAt, scheduleView, setSchedule } from './schedule.ts'
import { authorOf } from './service.ts'

/**
 * PUT /site/{id}/schedule (issue 33 part 6): the saved draft goes live at `publishAt`, the site stops
 * being served at `unpublishAt`; null cancels. Scheduling a publish is publishing: `site:publish`,
 * and on a site that requires approval a new or moved publish is the approvers' (others request a
 * publish at a time instead; cancelling it or setting the end stays open to every publisher).
 */
export const handler = endpoint(sitesRoutes['sites.schedulePut'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:publish')
  if (body.publishAt !== null && Date.parse(body.publishAt) !== (await scheduledPublishAt(site.siteId)))
    await requireApprovalRight(actor, site)
  await setSchedule(site, body, authorOf(actor))
  return ok({ ...(await scheduleView(site.siteId, t)), message: t('schedule.saved') })
})
