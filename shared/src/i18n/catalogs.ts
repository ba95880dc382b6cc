import type { Catalog } from './catalog.ts'
import type { Locale } from './locales.ts'
import { en } from './messages.en.ts'
import { ja } from './messages.ja.ts'
import { ko } from './messages.ko.ts'
import { zh } from './messages.zh.ts'

/**
 * The four server-message catalogues as `messages.ts` reads them, imported here: what code run
 * from source (tsx, vitest) and the console get. A Lambda bundle resolves `#i18n/catalogs` to
 * catalogs.lambda.ts instead (shared/package.json `imports`, condition `swipe-lambda`, set by
 * AppFunction's bundling), which loads each language from its own file in the asset.
 */
export const catalogs: Readonly<Record<Locale, Catalog>> = { ja, en, zh, ko }
