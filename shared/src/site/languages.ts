/**
 * Content languages (SPEC §1: JP, KR, CN, EN "mapped to ja, kr, cn, en"). The mapped codes are
 * the URL segments and the `lang` cookie value; the page's `lang` attribute needs a BCP 47 tag,
 * and `kr`/`cn` are not languages there (`kr` is Kanuri), so it gets ja, ko, zh, en.
 */
export type ContentLanguage = 'JP' | 'EN' | 'CN' | 'KR'

export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['JP', 'EN', 'CN', 'KR']

/** URL segment and cookie value of each content language. */
export const LANGUAGE_SEGMENTS: Record<ContentLanguage, string> = { JP: 'ja', EN: 'en', CN: 'cn', KR: 'kr' }

/** The `<html lang>` of each content language. */
export const HTML_LANGS: Record<ContentLanguage, string> = { JP: 'ja', EN: 'en', CN: 'zh', KR: 'ko' }

/** Each language's name in itself, for the language selector. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = {
  JP: '日本語',
  EN: 'English',
  CN: '简体中文',
  KR: '한국어',
}

/** The content language of a URL segment or cookie value (case-insensitive), if it is one. */
export const languageOfSegment = (segment: string | null | undefined): ContentLanguage | undefined =>
  CONTENT_LANGUAGES.find((l) => LANGUAGE_SEGMENTS[l] === segment?.toLowerCase())
