// All four imported (source, console), or each read from its own file at first use (Lambda bundles).
import { catalogs } from '#i18n/catalogs'
import type { Catalog, MessageKey } from './catalog.ts'
import { fillPlaceholders } from './catalog.ts'
import type { Locale } from './locales.ts'
import { FALLBACK_LOCALE } from './locales.ts'

/**
 * Messages the API and the screens share: validation and error texts (SPEC §5, §8).
 * Keys are stable; the API returns the key as `code` and the localised text as `message`.
 * The texts live in one module per language (messages.en.ts defines the keys; messages.ja.ts,
 * messages.zh.ts, messages.ko.ts follow it) so the console can load only its language; this module
 * gathers all four for the API. A Lambda bundle carries none of them: `#i18n/catalogs` reads a
 * language from its own file in the function's asset the first time it is used (catalogs.lambda.ts).
 */
export type { Catalog, MessageKey } from './catalog.ts'
export { fillPlaceholders, translateWith } from './catalog.ts'

export const messages: Readonly<Record<Locale, Catalog>> = catalogs

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messages.en, key)

/** Localises a message key, filling `{name}` placeholders; unknown keys come back unchanged. */
export const translate = (
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string => {
  const template = isMessageKey(key) ? (messages[locale][key] ?? messages[FALLBACK_LOCALE][key]) : key
  return fillPlaceholders(template, params)
}
