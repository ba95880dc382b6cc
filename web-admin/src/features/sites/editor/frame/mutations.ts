import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type SavedSite,
  type SaveSiteBody,
  type SiteDetail,
  type SiteStatusAction,
  siteKeys,
  sitesApi,
} from '../../api.ts'

/**
 * The site part of an answer, for the detail cache. The status answer carries no plan: the one
 * loaded stays (the editor only runs on a loaded site, so there is one).
 */
const siteOf = (answer: SavedSite, previous: SiteDetail | undefined): SiteDetail | undefined => {
  const { message: _message, ...site } = answer
  const plan = 'plan' in site ? site.plan : previous?.plan
  return plan ? { ...site, plan } : previous
}

/**
 * The editor's writes. Each keeps the detail cache equal to what the server stored (the next visit
 * starts from it) and marks the site lists stale (name, status and dates show there).
 */
export const useEditorMutations = (siteId: string) => {
  const queryClient = useQueryClient()
  const stored = (answer: SavedSite) => {
    queryClient.setQueryData<SiteDetail>(siteKeys.detail(siteId), (previous) => siteOf(answer, previous))
    return queryClient.invalidateQueries({ queryKey: siteKeys.lists() })
  }
  const save = useMutation({
    mutationFn: (body: SaveSiteBody) => sitesApi.save(siteId, body),
    onSuccess: stored,
  })
  const status = useMutation({
    mutationFn: (body: { action: SiteStatusAction; version: number }) => sitesApi.status(siteId, body),
    onSuccess: stored,
  })
  const remove = useMutation({
    mutationFn: (version: number) => sitesApi.remove(siteId, version),
    // The detail entry is dropped once the editor has left (it still shows the site until then).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.lists() }),
  })
  return { save, status, remove }
}
