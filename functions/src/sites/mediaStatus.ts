import { isMessageKey } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { MediaRenditions, siteOfUploadKey } from '#data/media-renditions'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { effectiveState } from '#platform/services/media/rules'

/**
 * Where some of a site's media stand (issue 22), for the editor's upload progress: `processing`
 * until the jobs function has made their web renditions, then `ready`, or `failed` with the
 * reason in the caller's language. A file that gets no renditions (a GIF, a favicon), or that was
 * uploaded before renditions existed and has not been re-encoded, is `original`. Keys of other
 * sites are not answered (the site is checked against the caller's scope: 404 outside it).
 */
export const handler = endpoint(sitesRoutes['sites.mediaStatus'], async ({ actor, params, query, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  const keys = query.keys.filter((key) => siteOfUploadKey(key) === site.siteId)
  const ids = keys.map((key) => ({ siteId: site.siteId, key }))
  const records = ids.length ? (await MediaRenditions.get(ids).go()).data : []
  const byKey = new Map(records.map((r) => [r.key, r]))
  return ok({
    media: keys.map((key) => {
      const record = byKey.get(key)
      if (!record) return { key, state: 'original' as const }
      const state = effectiveState(record)
      return {
        key,
        state: state.state,
        ...(state.state === 'failed'
          ? {
              message: t(
                state.code && isMessageKey(state.code) ? state.code : 'media.failed',
                (state.params ?? {}) as Record<string, string | number>,
              ),
            }
          : {}),
      }
    }),
  })
})
