import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api.ts'

export type PreviewSite = RouteOutput<Contract['preview.site']>
export type PreviewComment = RouteOutput<Contract['preview.comments']>['items'][number]
export type ShareList = RouteOutput<Contract['preview.shareList']>
export type ShareStatus = RouteOutput<Contract['preview.shareStatus']>

export const previewKeys = {
  site: (siteId: string, lang: string | undefined) => ['preview', siteId, 'site', lang ?? ''] as const,
  comments: (siteId: string) => ['preview', siteId, 'comments'] as const,
  share: (siteId: string) => ['preview', siteId, 'share'] as const,
  status: (siteId: string) => ['preview', siteId, 'status'] as const,
}

/** Review comments of a site: all of them for its owner, a viewer's own for a viewer. */
export const useComments = (siteId: string, enabled = true) =>
  useQuery({
    queryKey: previewKeys.comments(siteId),
    queryFn: async () => (await call('preview.comments', { params: { siteId } })).items,
    enabled,
  })

/** Open comments per `<lang>:<cell>` (the editor grid's badges). */
export const openCommentCounts = (
  comments: readonly PreviewComment[] | undefined,
): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const c of comments ?? [])
    if (c.status === 'open') counts[`${c.lang}:${c.cell}`] = (counts[`${c.lang}:${c.cell}`] ?? 0) + 1
  return counts
}

export const useInvalidateShare = (siteId: string) => {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: previewKeys.share(siteId) }),
      client.invalidateQueries({ queryKey: previewKeys.status(siteId) }),
    ])
}
