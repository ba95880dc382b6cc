import { sitesRoutes } from '@swipe/shared/contract/sites'
import { ApprovalGates } from '#data/publish-requests'
import { endpoint, ok } from '#edge/http'
import { adminOf, sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { approvalView } from './approval.ts'

/**
 * PUT /site/{id}/approval (issue 33 part 4): turns the approval gate on or off. Only approvers
 * (`site:approve`): an editor cannot lift the gate it is held by.
 */
export const handler = endpoint(sitesRoutes['sites.approvalPut'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:approve')
  const by = adminOf(actor).accountId
  await ApprovalGates.put({
    siteId: site.siteId,
    required: body.required,
    byAccountId: by,
    updatedAt: now(),
  }).go()
  logger.info('Approval gate set', { siteId: site.siteId, required: body.required, by })
  return ok({
    ...(await approvalView(actor, site)),
    message: t(body.required ? 'approval.turnedOn' : 'approval.turnedOff'),
  })
})
