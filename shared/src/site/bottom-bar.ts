/**
 * Whether a creative shows the bottom bar's SNS links and company tabs
 * (docs/decisions/0020-form-links-and-bottom-bar-defaults.md). Each language's other settings hold the site's
 * default (`showSnsByDefault`, `showCompanyByDefault`, on unless switched off); a creative follows it unless
 * it says otherwise (`snsConfig` / `showCompany`: absent = follow, true = show, false = hide). No zod here:
 * the publish render, the API and the editor read it.
 */

/** The site-level defaults a settings document without them has: shown on every creative. */
export const BOTTOM_BAR_DEFAULTS = { showSnsByDefault: true, showCompanyByDefault: true } as const

type Maybe<T> = T | null | undefined

export interface BottomBarDefaults {
  showSnsByDefault?: Maybe<boolean>
  showCompanyByDefault?: Maybe<boolean>
}

/** A creative's own choice: null or absent follows the site's default. */
export interface BottomBarChoice {
  snsConfig?: Maybe<boolean>
  showCompany?: Maybe<boolean>
}

/** What one creative shows, its own choice first, then its language's default. */
export const bottomBarShows = (
  creative: BottomBarChoice,
  defaults: Maybe<BottomBarDefaults>,
): { sns: boolean; company: boolean } => ({
  sns: creative.snsConfig ?? defaults?.showSnsByDefault ?? BOTTOM_BAR_DEFAULTS.showSnsByDefault,
  company: creative.showCompany ?? defaults?.showCompanyByDefault ?? BOTTOM_BAR_DEFAULTS.showCompanyByDefault,
})

/**
 * The SNS links a language's pages show (issue 30 #11;
 * docs/decisions/0020-form-links-and-bottom-bar-defaults.md "SNS links are entered once"): its own, or the
 * default language's when it has none, so the links are entered once for every language and a language
 * overrides them by entering its own. `linksOf` reads one language's stored list.
 */
export const snsLinksFor = <T>(
  linksOf: (lang: string) => readonly T[] | null | undefined,
  lang: string,
  defaultLanguage: string,
): readonly T[] => {
  const own = linksOf(lang) ?? []
  return own.length > 0 || lang === defaultLanguage ? own : (linksOf(defaultLanguage) ?? [])
}
