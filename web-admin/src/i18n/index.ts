import type { Catalog } from '@swipe/shared/i18n/catalog'
import { translateWith } from '@swipe/shared/i18n/catalog'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@swipe/shared/i18n/locales'
import type { Locale as AntLocale } from 'antd/es/locale'
import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.ts'
import type analyticsJa from './analytics.ja.json'
import type billingJa from './billing.ja.json'
import type contentJa from './content.ja.json'
import type ja from './ja.json'
import type previewJa from './preview.ja.json'
import type siteApiJa from './siteApi.ja.json'
import type siteContentJa from './siteContent.ja.json'
import type siteEditorJa from './siteEditor.ja.json'
import type siteListJa from './siteList.ja.json'
import type siteSubmissionsJa from './siteSubmissions.ja.json'

/**
 * The console's texts, loaded per language and per feature so the first screen downloads only
 * what it shows (issue 14):
 * - the core catalogue (`ja.json`, …) of the interface language before the first render; the
 *   shared server messages (`@swipe/shared/i18n/messages.<lng>`) and antd's locale when first
 *   needed (`loadServerMessages`, `loadAntdLocale`: not on the sign-in screens' first load);
 * - a feature's catalogue (`siteList.<lng>.json`, …) with the route that needs it
 *   (`loadFeatureTexts`, called from the route's lazy loader), under its own key of the one
 *   `translation` namespace, so screens keep writing `t('siteList.…')`;
 * - another language when the user picks it: i18next asks the backend below and switches only
 *   when that language's core and every feature loaded so far have arrived.
 * Tests load everything at once (`bundled.ts`).
 */

/** Catalogues that belong to one part of the console, loaded with its routes. */
export const FEATURES = [
  'siteList',
  'siteEditor',
  'siteContent',
  'siteSubmissions',
  'content',
  'preview',
  'analytics',
  'billing',
  'siteApi',
] as const
export type Feature = (typeof FEATURES)[number]

/** Where one language's texts come from: lazy chunks in the app, static imports in tests. */
export interface TextSource {
  core: (lng: Locale) => Promise<ResourceKey>
  feature: (lng: Locale, feature: Feature) => Promise<ResourceKey>
  shared: (lng: Locale) => Promise<Catalog>
  antd: (lng: Locale) => Promise<AntLocale>
}

/** Everything of every language, for a start without loading (tests). */
export interface BundledTexts {
  core: Record<Locale, ResourceKey>
  features: Record<Locale, Record<Feature, ResourceKey>>
  shared: Record<Locale, Catalog>
  antd: Record<Locale, AntLocale>
}

type Translation = typeof ja & {
  analytics: typeof analyticsJa
  billing: typeof billingJa
  siteList: typeof siteListJa
  siteEditor: typeof siteEditorJa
  siteContent: typeof siteContentJa
  siteSubmissions: typeof siteSubmissionsJa
  siteApi: typeof siteApiJa
  preview: typeof previewJa
  content: typeof contentJa
}

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation }
  }
}

/**
 * Parts of a language fetched when first needed rather than at start (issue 14: the sign-in
 * screens show neither): the server messages on a sign-in screen's first check or failed request,
 * both with the signed-in console's routes and the password reset screen (app/routes.tsx). Once
 * asked for, every language loaded later brings them along.
 */
export type OnDemandPart = 'shared' | 'antd'
const wantedParts = new Set<OnDemandPart>()

const sharedCatalogs: Partial<Record<Locale, Catalog>> = {}
const antdLocales: Partial<Record<Locale, AntLocale>> = {}
/** Features some route has asked for; a language loaded later brings them along. */
const wantedFeatures = new Set<Feature>()
let source: TextSource | undefined

export const i18n = i18next.createInstance()

/** One language's core texts, shared messages and antd locale, plus every feature asked for so far. */
const loadLanguage = async (lng: Locale, from: TextSource): Promise<Record<string, ResourceKey>> => {
  const [core, shared, antd] = await Promise.all([
    from.core(lng),
    wantedParts.has('shared') ? from.shared(lng) : undefined,
    wantedParts.has('antd') ? from.antd(lng) : undefined,
  ])
  if (shared) sharedCatalogs[lng] = shared
  if (antd) antdLocales[lng] = antd
  const texts: Record<string, ResourceKey> = { ...(core as Record<string, ResourceKey>) }
  // A feature asked for while this language was on its way is fetched too (bounded: four features).
  for (let round = 0; round <= FEATURES.length; round++) {
    const missing = [...wantedFeatures].filter((feature) => !(feature in texts))
    if (missing.length === 0) break
    const parts = await Promise.all(missing.map((feature) => from.feature(lng, feature)))
    missing.forEach((feature, index) => {
      texts[feature] = parts[index] as ResourceKey
    })
  }
  return texts
}

const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    if (!source || !isLocale(language) || namespace !== 'translation') return callback(null, {})
    loadLanguage(language, source).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/** The stored choice (key `lang`), else Japanese: the console is Japanese first (SPEC §1). */
const initialLanguage = (): Locale => {
  const stored = readStorage(STORAGE_KEYS.lang)
  return isLocale(stored) ? stored : DEFAULT_LOCALE
}

const reflectLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
}

const OPTIONS = {
  supportedLngs: [...LOCALES],
  // Every language holds every key (locales.test.ts), so no fallback language is loaded beside it.
  fallbackLng: false,
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions

let started = false
const onStart = () => {
  if (started) throw new Error('i18n is already started')
  started = true
  i18n.on('languageChanged', (lng) => {
    if (isLocale(lng)) writeStorage(STORAGE_KEYS.lang, lng)
    reflectLanguage(lng)
    // A language loaded before a part was wanted gets it now (the switch itself does not wait).
    for (const part of wantedParts) void loadPart(part).catch(() => undefined)
  })
}

/** Starts i18n in the app: resolves when the interface language's texts are in. */
export const startI18n = async (from: TextSource, lng: Locale = initialLanguage()): Promise<void> => {
  onStart()
  source = from
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng })
  reflectLanguage(i18n.language)
}

/** Starts i18n with every text already at hand, synchronously (tests). */
export const startI18nBundled = (texts: BundledTexts, lng: Locale = initialLanguage()): void => {
  onStart()
  Object.assign(sharedCatalogs, texts.shared)
  Object.assign(antdLocales, texts.antd)
  for (const feature of FEATURES) wantedFeatures.add(feature)
  const resources = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      { translation: { ...(texts.core[locale] as object), ...texts.features[locale] } },
    ]),
  )
  void i18n.use(initReactI18next).init({ ...OPTIONS, resources, lng, initAsync: false })
  reflectLanguage(i18n.language)
}

/**
 * Loads a feature's texts for the interface language (and any other language already loaded, so
 * switching back shows them at once); a route's lazy loader awaits it beside the screen's chunk.
 */
export const loadFeatureTexts = async (...features: Feature[]): Promise<void> => {
  for (const feature of features) wantedFeatures.add(feature)
  const from = source
  if (!from) return
  const jobs = LOCALES.filter((lng) => i18n.hasResourceBundle(lng, 'translation')).flatMap((lng) =>
    features
      .filter((feature) => i18n.getResource(lng, 'translation', feature) === undefined)
      .map(async (feature) => {
        const texts = await from.feature(lng, feature)
        i18n.addResourceBundle(lng, 'translation', { [feature]: texts }, true, true)
      }),
  )
  await Promise.all(jobs)
}

/**
 * Loads an on-demand part for the interface language and every language already loaded (so that
 * switching back needs no fetch), and for every language loaded later. Resolves at once when it
 * is in (tests start with everything).
 */
const loadPart = async (part: OnDemandPart): Promise<void> => {
  wantedParts.add(part)
  const from = source
  if (!from) return
  const store = part === 'shared' ? sharedCatalogs : antdLocales
  const languages = new Set<Locale>([
    currentLocale(),
    ...LOCALES.filter((lng) => i18n.hasResourceBundle(lng, 'translation')),
  ])
  await Promise.all(
    [...languages]
      .filter((lng) => store[lng] === undefined)
      .map(async (lng) => {
        if (part === 'shared') sharedCatalogs[lng] = await from.shared(lng)
        else antdLocales[lng] = await from.antd(lng)
      }),
  )
}

/** The server messages (validation.*, error.*) that `tShared` reads; see `OnDemandPart`. */
export const loadServerMessages = (): Promise<void> => loadPart('shared')

/** antd's locale that `antdLocale` returns, for antd's host (app/AntdHost.tsx); see `OnDemandPart`. */
export const loadAntdLocale = (): Promise<void> => loadPart('antd')

/** The interface language as a shared `Locale` (what X-Lang carries). */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)

/** antd's texts for the interface language (undefined until loaded: antd's own English). */
export const antdLocale = (lng: string): AntLocale | undefined =>
  isLocale(lng) ? antdLocales[lng] : undefined

/** Localises a shared message key (validation.*, error.*) in the current interface language. */
export const tShared = (key: string, params?: Record<string, string | number>): string => {
  const catalog = sharedCatalogs[currentLocale()] ?? Object.values(sharedCatalogs)[0]
  return catalog ? translateWith(catalog, key, params) : key
}
