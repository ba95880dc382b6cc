import { z } from 'zod'
import { Sites } from '#data/sites'
import { ConflictError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { sitesFor } from '#lib/tenancy'
import { unpublishSite } from '../publishing/publish.ts'
import { routes } from '../routes.ts'
import { IdParams } from './get.ts'
import { isConditionFailure, sweep } from './service.ts'

/**
 * Deletes a site: the global-setting item, conditioned on the version, is the commit point (the
 * site is gone for every reader at once); its other items are deleted right after, then its
 * hosts leave the host map and its releases the sites bucket.
 */
export const handler = endpoint(
  routes['sites.remove'],
  { params: IdParams, query: z.object({ version: z.coerce.number().int().positive() }) },
  async ({ actor, params, query, t }) => {
    const { site, items } = await sitesFor(actor).load(params.id, 'site:write')
    if (site.version !== query.version) throw new ConflictError()
    try {
      await Sites.delete({ siteId: site.siteId })
        .where(({ version }, { eq }) => eq(version, query.version))
        .go()
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError()
      throw error
    }
    await sweep(site, items, true)
    await unpublishSite(site.siteId, site)
    return ok({ message: t('site.deleted') })
  },
)
