/** Interface languages. ja is the default, en the fallback (SPEC §1, §9). */
export const LOCALES = ['ja', 'en', 'zh', 'ko'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ja'
export const FALLBACK_LOCALE: Locale = 'en'

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/**
 * Picks the interface language from an explicit choice (X-Lang header, cookie) or an
 * Accept-Language header. Unknown or missing input gives the default, ja.
 */
export const resolveLocale = (explicit?: string | null, acceptLanguage?: string | null): Locale => {
  if (isLocale(explicit)) return explicit
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    const base = tag.split('-')[0]
    if (isLocale(base)) return base
  }
  return DEFAULT_LOCALE
}
