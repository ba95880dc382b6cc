import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query'
import { call } from '../../../../lib/api.ts'

/**
 * A site's version history (issue 33 "Publish with confidence"; docs/decisions/0064-versions-and-rollback.md):
 * every publish and every rollback, newest first, and the rollback that points the live site back at
 * an earlier version's release.
 */

export type SiteVersionView = RouteOutput<Contract['sites.versions']>['items'][number]
export type RollbackAnswer = RouteOutput<Contract['sites.rollback']>
/** Two versions compared: what differs and what each rendered (issue 33 Deliver 2). */
export type VersionComparison = RouteOutput<Contract['sites.versionCompare']>
export type VersionRender = VersionComparison['from']

export const historyKeys = {
  site: (siteId: string) => ['siteVersions', siteId] as const,
  /**
   * The history as of the site's `version`: a publish or a status change from the editor gives it a
   * new version, and the history is read again.
   */
  list: (siteId: string, version: number) => [...historyKeys.site(siteId), 'list', version] as const,
  compare: (siteId: string, from: string, to: string) =>
    [...historyKeys.site(siteId), 'compare', from, to] as const,
}

/** The versions, newest first, 20 a page; the next page follows the answer's cursor. */
export const versionsQuery = (siteId: string, version: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(siteId, version),
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
 * (409 when another change was saved since). The history is read again once the editor has reloaded
 * the site: the rollback gives it a new version, which keys the history.
 */
export const useRollback = (siteId: string) =>
  useMutation({
    mutationFn: ({ versionId, version }: { versionId: string; version: number }) =>
      call('sites.rollback', { params: { id: siteId, versionId }, body: { version } }),
  })

/**
 * What `to` changes against `from`, with both versions' contents and media (versions never change,
 * so the answer is kept while the editor is open; its media URLs last an hour).
 */
export const compareQuery = (siteId: string, from: string, to: string) =>
  queryOptions({
    queryKey: historyKeys.compare(siteId, from, to),
    queryFn: ({ signal }) =>
      call(
        'sites.versionCompare',
        { params: { id: siteId, versionId: from }, query: { with: to } },
        { signal },
      ),
    staleTime: 30 * 60 * 1000,
  })

/**
 * Replaces the draft with `versionId`'s content: a save on the editor's `version` (409 when another
 * change was saved since); the live site is unchanged. Answers the stored site as the editor loads it.
 */
export const useRestoreVersion = (siteId: string) =>
  useMutation({
    mutationFn: ({ versionId, version }: { versionId: string; version: number }) =>
      call('sites.restoreVersion', { params: { id: siteId, versionId }, body: { version } }),
  })
