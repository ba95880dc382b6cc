import type { SiteLanguage } from '@swipe/shared'
import { useCallback, useMemo, useState } from 'react'
import type { SiteDetail, SitePlan } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'
import { draftOf, mediaMapOf, mergeServerCreatives } from './editorModel.ts'

export interface EditorState {
  /** The site as the server last answered it: what is stored. */
  saved: SiteDraft
  /** The one working copy every tab edits. */
  draft: SiteDraft
  /** The version `saved` has; every save and status change sends it. */
  version: number
  plan: SitePlan
  media: Record<string, string>
  dirty: boolean
}

const stateOf = (site: SiteDetail): EditorState => ({
  saved: draftOf(site),
  draft: draftOf(site),
  version: site.version,
  plan: site.plan,
  media: mediaMapOf(site.media),
  dirty: false,
})

/** A server answer without the plan (the status action) keeps the plan already known. */
type ServerSite = Omit<SiteDetail, 'plan'> & { plan?: SitePlan | null }

/**
 * The editor's state: one draft, the version it started from, the media URLs and a dirty flag.
 * Server answers replace the draft only when it is still the one that was sent, so an edit made
 * while a save was on its way is never lost.
 */
export const useEditorState = (site: SiteDetail) => {
  const [state, setState] = useState(() => stateOf(site))

  const change = useCallback(
    (update: (draft: SiteDraft) => SiteDraft) =>
      setState((s) => ({ ...s, draft: update(s.draft), dirty: true })),
    [],
  )

  /** A site loaded afresh (after a conflict): every unsaved edit is dropped. */
  const reset = useCallback((fresh: SiteDetail) => setState(stateOf(fresh)), [])

  /** The server stored `sent` and answered `stored`. */
  const accept = useCallback(
    (stored: ServerSite, sent: SiteDraft) =>
      setState((s) => {
        const unchanged = s.draft === sent
        return {
          saved: draftOf(stored as SiteDetail),
          draft: unchanged ? draftOf(stored as SiteDetail) : s.draft,
          version: stored.version,
          plan: stored.plan ?? s.plan,
          media: { ...s.media, ...mediaMapOf(stored.media) },
          dirty: !unchanged,
        }
      }),
    [],
  )

  /**
   * A status action answered: the new version and status; the draft keeps its edits (the action
   * changes nothing else), only the server-owned status fields follow.
   */
  const acceptStatus = useCallback(
    (stored: ServerSite) =>
      setState((s) => ({
        ...s,
        saved: draftOf(stored as SiteDetail),
        draft: {
          ...s.draft,
          globalSetting: {
            ...s.draft.globalSetting,
            status: stored.globalSetting.status,
            url: stored.globalSetting.url,
            updatedAt: stored.globalSetting.updatedAt,
            publishedAt: stored.globalSetting.publishedAt,
          },
        },
        version: stored.version,
        plan: stored.plan ?? s.plan,
        media: { ...s.media, ...mediaMapOf(stored.media) },
      })),
    [],
  )

  /** A bulk upload stored creatives of `lang`: take them, the version and URLs, keep other edits. */
  const acceptServerCreatives = useCallback(
    (stored: SiteDetail, lang: SiteLanguage) =>
      setState((s) => ({
        ...s,
        saved: draftOf(stored),
        draft: mergeServerCreatives(s.draft, stored, lang),
        version: stored.version,
        plan: stored.plan ?? s.plan,
        media: { ...s.media, ...mediaMapOf(stored.media) },
      })),
    [],
  )

  const addMedia = useCallback(
    (key: string, url: string) => setState((s) => ({ ...s, media: { ...s.media, [key]: url } })),
    [],
  )

  /** Nothing left to save (the site is gone). */
  const markClean = useCallback(() => setState((s) => ({ ...s, dirty: false })), [])

  const mediaUrl = useCallback(
    (key: string | null | undefined) => (key ? state.media[key] : undefined),
    [state.media],
  )

  return useMemo(
    () => ({
      ...state,
      change,
      reset,
      accept,
      acceptStatus,
      acceptServerCreatives,
      addMedia,
      markClean,
      mediaUrl,
    }),
    [state, change, reset, accept, acceptStatus, acceptServerCreatives, addMedia, markClean, mediaUrl],
  )
}

export type EditorStore = ReturnType<typeof useEditorState>
