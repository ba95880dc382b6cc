import { defaultForms, SITE_LANGUAGES, type SiteLanguage, UpdateSiteBody } from '@swipe/shared'
import { tShared } from '../../../../i18n/index.ts'
import type { GlobalMenu, MediaUrl, SaveSiteBody, SiteDetail, SitePlan, SiteSettings } from '../../api.ts'
import { type FieldProblem, problemsFromIssues, type SiteDraft } from '../draft.ts'

/**
 * The editor frame's pure rules: what a save sends, what is checked before it, how languages are
 * added and removed, and which tab a problem belongs to. Kept free of React so they are tested alone.
 */

/** The editor's tabs (SPEC §2 site editor), in display order. */
export const EDITOR_TABS = ['settings', 'domain', 'cta', 'creatives', 'menu', 'other', 'tags'] as const
export type EditorTabKey = (typeof EDITOR_TABS)[number]

/** The draft parts of a loaded or saved site. */
export const draftOf = (site: SiteDetail): SiteDraft => ({
  globalSetting: site.globalSetting,
  menus: site.menus,
  creatives: site.creatives,
  settings: site.settings,
})

/** Display URLs by storage key. The API may omit `media` while a site references no file. */
export const mediaMapOf = (media: readonly MediaUrl[] | null | undefined): Record<string, string> =>
  Object.fromEntries((media ?? []).map((m) => [m.key, m.url]))

/**
 * PUT /site/{id}: the whole global setting without the fields the server owns, and every part whole
 * (an entry left out is deleted).
 */
export const saveBodyOf = (draft: SiteDraft, version: number): SaveSiteBody => {
  const {
    status: _status,
    url: _url,
    siteUuid: _siteUuid,
    ownerId: _ownerId,
    customDomain: _customDomain,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    publishedAt: _publishedAt,
    publishedVersion: _publishedVersion,
    unpublishedChanges: _unpublishedChanges,
    ...globalSetting
  } = draft.globalSetting
  return {
    version,
    globalSetting,
    menus: draft.menus,
    creatives: draft.creatives,
    settings: draft.settings,
  }
}

/** Rows × columns beyond the plan, checked only when the grid changes (the API's rule as well). */
export const gridOverPlan = (
  grid: { numberHorizontal: number; numberVertical: number },
  saved: { numberHorizontal: number; numberVertical: number },
  plan: SitePlan,
): boolean =>
  (grid.numberHorizontal !== saved.numberHorizontal || grid.numberVertical !== saved.numberVertical) &&
  grid.numberHorizontal * grid.numberVertical > plan.quantitySwipe

/**
 * Everything the API would refuse that the editor can tell beforehand: the shared `UpdateSiteBody`
 * schema, plus the plan's creative limit (the schema only knows the default limit).
 */
export const validateSave = (body: SaveSiteBody, saved: SiteDraft, plan: SitePlan): FieldProblem[] => {
  const checked = UpdateSiteBody.safeParse(body)
  const problems = checked.success ? [] : problemsFromIssues(checked.error.issues)
  const gridPath = 'globalSetting.numberHorizontal'
  if (
    gridOverPlan(body.globalSetting, saved.globalSetting, plan) &&
    !problems.some((p) => p.path === gridPath)
  )
    problems.push({ path: gridPath, message: tShared('validation.tooManyCreatives') })
  return problems
}

/** The tab that shows the field at `path` (a problem's path without `body.`). */
export const tabOfPath = (path: string): EditorTabKey => {
  const [part, field] = path.split('.')
  if (part === 'creatives') return 'creatives'
  if (part === 'menus') return 'menu'
  if (part === 'settings') return 'other'
  if (part === 'globalSetting' && field === 'popupCtas') return 'cta'
  if (part === 'globalSetting' && field === 'customDomain') return 'domain'
  if (part === 'globalSetting' && (field === 'adTags' || field === 'messageMatch')) return 'tags'
  return 'settings'
}

const isSiteLanguage = (value: string | undefined): value is SiteLanguage =>
  (SITE_LANGUAGES as readonly string[]).includes(value ?? '')

/**
 * The content language a problem is about: `menus.0…` names the draft's first menu, the publish
 * check names the language itself (`creatives.JP`).
 */
export const languageOfPath = (path: string, draft: SiteDraft): SiteLanguage | undefined => {
  const [part, key] = path.split('.')
  if (part !== 'menus' && part !== 'creatives' && part !== 'settings') return undefined
  if (isSiteLanguage(key)) return key
  const index = Number(key)
  if (!Number.isInteger(index)) return undefined
  return draft[part][index]?.lang
}

export const emptyMenu = (lang: SiteLanguage): GlobalMenu => ({ lang, items: [], textColor: null })

/** A new language's other settings: nothing set yet, the default forms in that language. */
export const defaultSettings = (lang: SiteLanguage): SiteSettings => ({
  lang,
  seo: null,
  sns: [],
  company: null,
  forms: defaultForms(lang),
})

/** Drops a language and every entry of it (its menu, creatives, other settings and CTA texts). */
export const removeLanguage = (draft: SiteDraft, lang: SiteLanguage): SiteDraft => ({
  globalSetting: {
    ...draft.globalSetting,
    languages: draft.globalSetting.languages.filter((l) => l !== lang),
    popupCtas: draft.globalSetting.popupCtas.map((cta) =>
      cta.localized.some((l) => l.lang === lang)
        ? { ...cta, localized: cta.localized.filter((l) => l.lang !== lang) }
        : cta,
    ),
  },
  menus: draft.menus.filter((m) => m.lang !== lang),
  creatives: draft.creatives.filter((c) => c.lang !== lang),
  settings: draft.settings.filter((s) => s.lang !== lang),
})

/**
 * Adds a language with an empty menu and default settings (no creatives yet). A single-language
 * site becoming multilingual gets the language icon (the visitors' switcher) switched on; the
 * creator can switch it off again, and a later language leaves their choice alone.
 */
export const addLanguage = (draft: SiteDraft, lang: SiteLanguage): SiteDraft => {
  const without = removeLanguage(draft, lang)
  const languages = [...without.globalSetting.languages, lang]
  const becomesMultilingual = without.globalSetting.languages.length === 1 && languages.length > 1
  return {
    ...without,
    globalSetting: {
      ...without.globalSetting,
      languages,
      ...(becomesMultilingual ? { displayLanguageIcon: true } : {}),
    },
    menus: [...without.menus, emptyMenu(lang)],
    settings: [...without.settings, defaultSettings(lang)],
  }
}

/**
 * A single-language site switching its language: the content of the old one is reset (SPEC §4),
 * the new one starts like a freshly added language.
 */
export const switchOnlyLanguage = (draft: SiteDraft, lang: SiteLanguage): SiteDraft => {
  let next = draft
  for (const old of draft.globalSetting.languages) next = removeLanguage(next, old)
  next = addLanguage(next, lang)
  return { ...next, globalSetting: { ...next.globalSetting, languages: [lang], defaultLanguage: lang } }
}

/** A server call stored new creatives of `lang` (bulk upload): take those, keep every other edit. */
export const mergeServerCreatives = (draft: SiteDraft, site: SiteDetail, lang: SiteLanguage): SiteDraft => ({
  ...draft,
  creatives: [
    ...draft.creatives.filter((c) => c.lang !== lang),
    ...site.creatives.filter((c) => c.lang === lang),
  ],
})
