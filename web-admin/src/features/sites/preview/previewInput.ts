import type { SiteLanguage } from '@swipe/shared'
import type { PublishInput } from '@swipe/web-site/types'
import type { SiteDraft } from '../editor/draft.ts'

/**
 * The publish render's input from what the console holds: the editor's unsaved draft, or the
 * saved draft the preview API answers (the same view shape), with a display URL per stored file.
 * Only the shapes are converted; every default is the render's own (`@swipe/web-site`).
 */
export const previewInputOf = (
  draft: Pick<SiteDraft, 'globalSetting'> & {
    menus: readonly unknown[]
    creatives: readonly unknown[]
    settings: readonly unknown[]
  },
  media: Readonly<Record<string, string>>,
  now: number,
): PublishInput =>
  ({
    site: { ...draft.globalSetting, id: draft.globalSetting.id },
    menus: draft.menus,
    creatives: draft.creatives,
    settings: draft.settings,
    media,
    publishedAt: new Date(now).toISOString(),
    now,
  }) as unknown as PublishInput

/** `[{ key, url }]` of an API answer as a lookup. */
export const mediaMapOf = (media: readonly { key: string; url: string }[]): Record<string, string> =>
  Object.fromEntries(media.map((m) => [m.key, m.url]))

/** The language a link inside the frame switches to, when it is one of the site's language pages. */
export const languageOfLink = (
  href: string,
  languages: readonly SiteLanguage[],
  defaultLanguage: SiteLanguage,
  segments: Readonly<Record<SiteLanguage, string>>,
): SiteLanguage | undefined => {
  const path = href.replace(/^https?:\/\/[^/]+/, '').replace(/[?#].*$/, '')
  if (path === '/' || path === '') return defaultLanguage
  return languages.find((l) => path === `/${segments[l]}/` || path === `/${segments[l]}`)
}
