import { previewRoutes } from '@swipe/shared/contract/preview'
import { PreviewShares } from '#data/previews'
import { endpoint, ok } from '#edge/http'
import { hashSharePassword } from '#edge/preview-tokens'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { shareOf, shareStatusOf } from './service.ts'

/**
 * Sets the share's password and whether only invited addresses may open it. The password version
 * goes up, so every preview token issued before is refused from the next request on.
 */
export const handler = endpoint(previewRoutes['preview.setPassword'], async ({ actor, params, body, t }) => {
  await sitesFor(actor).get(params.siteId, 'site:write')
  const current = await shareOf(params.siteId)
  await PreviewShares.put({
    siteId: params.siteId,
    isPrivate: body.isPrivate,
    passwordHash: await hashSharePassword(body.password),
    passwordVersion: (current?.passwordVersion ?? 0) + 1,
    updatedAt: new Date(now()).toISOString(),
    lastCommentMailAt: current?.lastCommentMailAt ?? 0,
  }).go()
  return ok({ ...(await shareStatusOf(params.siteId)), message: t('preview.passwordSet') })
})
