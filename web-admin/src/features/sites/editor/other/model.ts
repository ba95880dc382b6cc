import { defaultForms, type SiteLanguage } from '@swipe/shared'
import { BOTTOM_BAR_DEFAULTS } from '@swipe/shared/site/bottom-bar'
import { COMPANY_DEFAULTS, SEO_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { Company, SeoConfig, SiteForms, SiteSettings } from '../../api.ts'
import { entryIndex, type FieldProblem, problemsFromIssues, type SiteDraft } from '../draft.ts'

/** A language's other settings as created on their first edit. */
export const newSettings = (lang: SiteLanguage): SiteSettings => ({
  lang,
  seo: null,
  sns: [],
  company: null,
  forms: defaultForms(lang),
  ...BOTTOM_BAR_DEFAULTS,
})

export const emptySeo = (): SeoConfig => ({ title: '', h1: '', description: '', ...SEO_DEFAULTS })

export const emptyCompany = (): Company => ({ companyWebsite: null, ...COMPANY_DEFAULTS })

/** The forms a language shows: its own, or the localised defaults while it has none. */
export const formsOf = (settings: SiteSettings | undefined, lang: SiteLanguage): SiteForms =>
  settings?.forms ?? defaultForms(lang)

/** Changes one language's settings, creating them with the defaults on the first edit. */
export const updateSettings = (
  draft: SiteDraft,
  lang: SiteLanguage,
  update: (settings: SiteSettings) => SiteSettings,
): SiteDraft => {
  const index = entryIndex(draft.settings, lang)
  const current = index === -1 ? newSettings(lang) : draft.settings[index]!
  const next = update(current)
  const settings =
    index === -1 ? [...draft.settings, next] : draft.settings.map((s, i) => (i === index ? next : s))
  return { ...draft, settings }
}

/** The part of a shared zod schema this file needs (web-admin does not depend on zod itself). */
interface SafeParser {
  safeParse: (value: unknown) => {
    success: boolean
    error?: { issues: Parameters<typeof problemsFromIssues>[0] }
  }
}

/** What the shared schema finds wrong with a value, localised, with paths relative to it. */
export const issuesOf = (schema: SafeParser, value: unknown): FieldProblem[] => {
  const result = schema.safeParse(value)
  return result.success || !result.error ? [] : problemsFromIssues(result.error.issues)
}

/** The problems below `prefix.` with the prefix taken off (`settings.0.seo.title` → `title`). */
export const relativeTo = (problems: readonly FieldProblem[], prefix: string): FieldProblem[] =>
  problems
    .filter((p) => p.path.startsWith(`${prefix}.`))
    .map((p) => ({ ...p, path: p.path.slice(prefix.length + 1) }))
