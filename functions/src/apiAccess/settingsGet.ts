import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { apiView, siteForApi } from './service.ts'

/** GET /site/{id}/api: the API dialog's state (never a key or a password). */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.settingsGet'],
  async ({ actor, params, event }) => {
    const site = await siteForApi(actor, params.id)
    return ok(await apiView(site, event))
  },
)
