import { createRequire } from 'node:module'
import type { Catalog } from './catalog.ts'
import { LOCALES, type Locale } from './locales.ts'

/**
 * The server-message catalogues inside a Lambda bundle (issue 14): no catalogue is bundled. The
 * bundling (infra/lib/app-function.ts) compiles each `messages.<lng>.ts` to `messages.<lng>.cjs`
 * beside `index.mjs`, and esbuild resolves `#i18n/catalogs` here (condition `swipe-lambda`; code
 * run from source gets catalogs.ts). A language is read the first time it is used, synchronously
 * (`require` of a CommonJS file, relative to the bundle), so `translate` stays synchronous and no
 * caller changes. A bundle that translates nothing drops this module (the calls are pure).
 */
const load = /* @__PURE__ */ createRequire(import.meta.url)
const loaded: Partial<Record<Locale, Catalog>> = {}

const catalogOf = (locale: Locale): Catalog => {
  let catalog = loaded[locale]
  if (!catalog) {
    catalog = (load(`./messages.${locale}.cjs`) as Partial<Record<Locale, Catalog>>)[locale]
    if (!catalog) throw new Error(`messages.${locale}.cjs does not export the ${locale} catalogue`)
    loaded[locale] = catalog
  }
  return catalog
}

/** One getter per language, so a language is read when (and only if) it is used. */
const lazyCatalogs = (): Readonly<Record<Locale, Catalog>> =>
  Object.freeze(
    Object.defineProperties(
      {},
      Object.fromEntries(
        LOCALES.map((locale) => [locale, { enumerable: true, get: () => catalogOf(locale) }]),
      ),
    ) as Record<Locale, Catalog>,
  )

export const catalogs = /* @__PURE__ */ lazyCatalogs()
