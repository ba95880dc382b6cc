import { useQueryClient } from '@tanstack/react-query'
import { type SiteDetail, siteKeys } from '../../../api.ts'
import type { SiteDraft } from '../../draft.ts'

/** A value with object keys sorted and null, undefined and absent treated alike. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    )
  return value
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

/**
 * Whether the draft may hold changes the site does not: compared with the loaded site in the query
 * cache (siteDetailQuery). Without a loaded site of the same version the answer is yes, so the
 * warning shows rather than not.
 */
export const useDraftMayBeUnsaved = (siteId: string, draft: SiteDraft, version: number): boolean => {
  const queryClient = useQueryClient()
  const saved = queryClient.getQueryData<SiteDetail>(siteKeys.detail(siteId))
  if (!saved || saved.version !== version) return true
  return !(
    same(saved.globalSetting, draft.globalSetting) &&
    same(saved.menus, draft.menus) &&
    same(saved.creatives, draft.creatives) &&
    same(saved.settings, draft.settings)
  )
}
