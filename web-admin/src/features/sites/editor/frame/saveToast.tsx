import type { SiteStatus } from '@swipe/shared'
import { App } from 'antd'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { GlobalSetting } from '../../api.ts'
import { LiveSiteLink } from './LiveSiteState.tsx'
import type { SaveAction } from './useEditorActions.ts'

/** What a finished save action did, as the editor tells it (`siteEditor.toasts.*`). */
export type SaveToastKey = 'saved' | 'savedNotLive' | 'draft' | 'draftWithdrawn' | 'published' | 'private'

export interface SaveToast {
  key: SaveToastKey
  /** The live site to open from the toast (a publish on a stage with an address). */
  url: string | null
}

/**
 * The toast of a save action, from the status before it and the site the server answered: a plain
 * save of a published site says the live site has not changed (unless the save changed nothing);
 * a draft save says whether it took the site offline; a publish links to the live site.
 */
export const saveToastOf = (
  action: SaveAction,
  before: SiteStatus,
  after: Pick<GlobalSetting, 'status' | 'url' | 'unpublishedChanges'>,
): SaveToast => {
  switch (action) {
    case 'save':
      return { key: after.unpublishedChanges ? 'savedNotLive' : 'saved', url: null }
    case 'draft':
      return { key: before === 'PUBLISH' ? 'draftWithdrawn' : 'draft', url: null }
    case 'publish':
      return { key: 'published', url: after.url }
    case 'private':
      return { key: 'private', url: null }
  }
}

/**
 * Shows a save action's toast. It takes the key of every console toast (lib/toast.ts), so it
 * replaces the one on screen; a publish's carries the link to the live site.
 */
export const useSaveToast = () => {
  const { t } = useTranslation()
  const { notification } = App.useApp()
  return useCallback(
    ({ key, url }: SaveToast) =>
      notification.success({
        key: 'toast',
        title: t(`siteEditor.toasts.${key}`),
        ...(url ? { description: <LiveSiteLink url={url} /> } : {}),
        role: 'status',
      }),
    [notification, t],
  )
}
