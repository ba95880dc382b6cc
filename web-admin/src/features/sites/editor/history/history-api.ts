import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api.ts'

/**
 * A site's version history (issue 33 "Publish with confidence"; docs/decisions/0064-versions-and-rollback.md):
 * every publish and every rollback, newest first, and the rollback that points the live site back at
 * an earlier version's release.
 */

export type SiteVersionView = RouteOutput<Contract['sites.versions']>['items'][number]
export type RollbackAnswer = RouteOutput<Contract['sites.rollback']>

export const historyKeys = {
  site: (siteId: string) => ['siteVersions', siteId] as const,
  list: (siteId: string) => [...historyKeys.site(siteId), 'list'] as const,
}

/** The versions, newest first, 20 a page; the next page follows the answer's cursor. */
export const versionsQuery = (siteId: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(siteId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        'sites.versions',
        { params: { id: siteId }, query: pageParam ? { cursor: pageParam } : {} },
        { signal },
      ),
    getNextPageParam: (last) => last.cursor ?? undefined,
  })

/**
 * Serves `versionId` on the live site at once; `version` is the site version the editor saved with
 * (409 when another change was saved since). The history is refreshed afterwards (the rollback is a
 * version of its own and the live one moves).
 */
export const useRollback = (siteId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ versionId, version }: { versionId: string; version: number }) =>
      call('sites.rollback', { params: { id: siteId, versionId }, body: { version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: historyKeys.site(siteId) }),
  })
}
