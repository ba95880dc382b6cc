import type { SiteLanguage } from '@swipe/shared'
import { parseCell } from '@swipe/shared/site/cells'
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

/**
 * The cell a preview opens on: `wanted` when the shown language has a creative there, else the
 * first creative in reading order (row by row), where the page starts. The view log records it
 * (issue 30 #11): the frame reports only the moves after it.
 */
export const landingCellOf = (
  creatives: readonly { position: string }[],
  wanted: string | undefined,
): string | undefined => {
  if (wanted && creatives.some((c) => c.position === wanted)) return wanted
  const order = (position: string) => {
    const cell = parseCell(position)
    return cell ? [cell.row, cell.column] : [Number.MAX_SAFE_INTEGER, 0]
  }
  return [...creatives]
    .map((c) => c.position)
    .sort((a, b) => {
      const [ra, ca] = order(a)
      const [rb, cb] = order(b)
      return ra! - rb! || ca! - cb!
    })[0]
}
