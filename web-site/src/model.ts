import type { Locale } from '@swipe/shared/i18n/locales'
import { dropNulls } from '@swipe/shared/nulls'
import { bottomBarShows, snsLinksFor } from '@swipe/shared/site/bottom-bar'
import { cellOrder, isCellReference, isInGrid, parseCell, siteGrid } from '@swipe/shared/site/cells'
import { ctaContentFor } from '@swipe/shared/site/cta'
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  HTML_LANGS,
  LANGUAGE_NAMES,
  LANGUAGE_SEGMENTS,
} from '@swipe/shared/site/languages'
import { GLOBAL_SETTING_DEFAULTS, SEO_DEFAULTS } from '@swipe/shared/site/model-defaults'
import {
  enabledDestinations,
  enabledVendors,
  externalTransmissionNotice,
  type NoticeRow,
  type SiteTags,
  SiteTagsSchema,
  tagsScriptSource,
} from '@swipe/shared/site/tags-vendors'
import { PAGE_TEXTS, type PageTexts } from '@swipe/shared/site/texts'
import { internalPage, isMemberPage, safeExternalUrl, siteUrl, telUrl } from '@swipe/shared/site/urls'
import { ctaItem } from './blocks/Cta.tsx'
import { companyContent } from './blocks/company.ts'
import type { Picture } from './blocks/Picture.tsx'
import { largestJpeg, pictureOf, SMALLEST_FRAME } from './blocks/renditions.ts'
import type { Href } from './blocks/values.ts'
import { contentHash } from './lib/format.ts'
import { FORM_PAGES, type FormPageName, type FormsModel, formsOf } from './lib/forms.ts'
import type { PublishCreative, PublishCta, PublishInput, PublishSeo } from './types.ts'

/** The frame and link shapes are the blocks' (blocks/values.ts). */
export { FRAME, type Href } from './blocks/values.ts'

export interface CellModel {
  position: string
  row: number
  column: number
  /** Row-major page order from 1 (A1 = 1, B1 = 2, …): what CTA sheets name. */
  order: number
  creative: PublishCreative
  /**
   * The media URL (a video's web MP4 when it has one); none for a members-only creative (its media
   * never goes into the page).
   */
  media?: string
  /** An image's web renditions (issue 22); none: the original is shown. */
  picture?: Picture
  /** A video's poster (its first frame), the cell's first paint. */
  poster?: string
  video: boolean
  locked: boolean
  /** Whether this creative shows the bottom bar's SNS links and company tabs (`site/bottom-bar.ts`). */
  shows: { sns: boolean; company: boolean }
}

export interface CtaModel {
  index: number
  cta: PublishCta
  /** Its text in the page's language (`ctaContentFor`). */
  content: string
  link?: Href
  image?: string
  /** The image's web renditions (issue 22). */
  picture?: Picture
  remaining?: number
}

/** Everything one language's page shows, resolved from the publish input. */
export interface PageModel {
  lang: ContentLanguage
  segment: string
  htmlLang: string
  texts: PageTexts
  /** The site root path (the default language's page): `/`, `/sites/{id}/`, `/prefix/`. */
  root: string
  /** This language's swipe page path. */
  home: string
  /** Rows top to bottom, each the row's creatives left to right (empty cells left out). */
  rows: CellModel[][]
  /**
   * The cell the page opens on when the render was asked to start elsewhere
   * (`PublishInput.startCell`) and that cell shows a creative here (not empty, not members-only);
   * absent: the first creative, as always (`openingCell`).
   */
  start?: string
  cellCount: number
  title: string
  description: string
  h1: string
  headTags: string
  bodyTags: string
  canonical?: string
  /** The first creative's image as an absolute URL, for link previews (needs the origin). */
  ogImage?: string
  alternates: { hrefLang: string; href: string }[]
  favicon?: string
  logo?: string
  /** The logo's web renditions (issue 22). */
  logoPicture?: Picture
  /**
   * The URL segments of the site's other languages on the default language's page (where a
   * returning visitor's remembered language is restored, ../boot.ts); empty on the others.
   */
  otherSegments: string[]
  /** The language selector's entries, when the language icon setting is ON. */
  languages:
    | {
        lang: ContentLanguage
        segment: string
        htmlLang: string
        name: string
        href: string
        current: boolean
      }[]
    | null
  speakerColor?: string | null | undefined
  /** The global menu's entries and the cell each jumps to, when the global menu is ON. */
  menu: { name: string; target: string }[] | null
  menuColor?: string | null | undefined
  /** The SNS links, when some creative switches them on. */
  sns: { type: string; href: string; external: boolean }[] | null
  /** Which of the four company tabs have text, and the JSON that holds it. */
  company: { tabs: number[]; website?: string; data: string; file: string; json: string } | null
  /**
   * The site's ad tags (shared/src/site/tags-vendors.ts), when any vendor is on: the first-party
   * file that loads them after consent (`file` in the release, `script` its URL from this page),
   * the source of that file, the consent mode, and the external-transmission notice's page and rows
   * in this language. Null: no tags, no banner, no notice.
   */
  tags: {
    file: string
    script: string
    source: string
    consent: SiteTags['consent']
    notice: string
    rows: NoticeRow[]
  } | null
  ctas: CtaModel[]
  /** The language's enabled visitor forms. */
  forms: FormsModel
  /** Membership is enabled (and its pages reachable): the lock invites to sign up and sign in. */
  members: boolean
  /**
   * Members' sessions live on this origin (the site's own, not the shared path-form host): the
   * swipe page may ask for members-only creatives for a signed-in member.
   */
  unlocks: boolean
  /**
   * The member pages (register, sign-in…) are on another origin (`PublishInput.memberOrigin`):
   * this render makes redirects there instead.
   */
  membersAway: boolean
  /**
   * Where a creator link leads: an internal target's page (when its form is enabled) or an
   * http(s) URL; none otherwise.
   */
  link: (value: string | null | undefined, internal: boolean | null | undefined) => Href | undefined
  /** An internal link whose form is switched off: shown as an unavailable button, never a 404. */
  unavailable: (value: string | null | undefined, internal: boolean | null | undefined) => boolean
  /**
   * A page under this language (`register`, `login`…). A member page is an absolute URL on the
   * site's own origin when this render is not there (`membersAway`).
   */
  page: (name: string) => string
  media: (key: string | null | undefined) => string | undefined
  /** A media key's image renditions, when every file of them is in the release (issue 22). */
  picture: (key: string | null | undefined, minWidth?: number) => Picture | undefined
}

const knownLanguages = (input: PublishInput): ContentLanguage[] =>
  CONTENT_LANGUAGES.filter((l) => input.site.languages.includes(l))

/** The languages that get a page, default first. */
export const siteLanguages = (input: PublishInput): ContentLanguage[] => {
  const langs = knownLanguages(input)
  const first = defaultLanguageOf(input)
  return [first, ...langs.filter((l) => l !== first)]
}

/** The site's default language; the first known one (else JP) if the stored value is not a language. */
export const defaultLanguageOf = (input: PublishInput): ContentLanguage => {
  const stored = input.site.defaultLanguage
  return stored && CONTENT_LANGUAGES.includes(stored)
    ? stored
    : (knownLanguages(input)[0] ?? GLOBAL_SETTING_DEFAULTS.defaultLanguage)
}

const toTime = (value: string | number | Date | undefined) =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value ?? '')

/** A root-relative URL on the site's origin; an absolute one as it is. */
const absoluteOn = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url)

const isPlainPath = (url: string) => !/^[a-z][a-z\d+.-]*:|^\/\//i.test(url) && !url.startsWith('/')

/** Resolves a storage key through the publisher's media map, relative URLs from the site root. */
const mediaResolver = (input: PublishInput, root: string) => (key: string | null | undefined) => {
  if (!key) return undefined
  const url = input.media[key]
  if (!url) return undefined
  if (isPlainPath(url)) return `${root}${url.replace(/^\.\//, '')}`
  return url.startsWith('/') || safeExternalUrl(url) ? url : undefined
}

/**
 * A key's image rendition files with their URLs through the media map (none for a file not in
 * the release): `pictureOf` leaves out a format that misses one and needs the JPEG fallback.
 */
const renditionFiles =
  (input: PublishInput, media: (key: string | null | undefined) => string | undefined) =>
  (key: string | null | undefined) =>
    (key ? (input.renditions?.[key]?.images ?? []) : []).map((i) => ({
      format: i.format,
      width: i.width,
      url: media(i.key),
    }))

/** Builds the model of one language's page. */
/** The external-transmission notice's page, beside each language's swipe page. */
export const NOTICE_PAGE = 'external-transmission'

const tagsModel = (
  stored: unknown,
  url: (file: string) => string,
  notice: string,
  htmlLang: string,
): PageModel['tags'] => {
  // As saved (the save validated it; the editor's draft may hold nulls): read through the schema.
  const parsed = stored ? SiteTagsSchema.safeParse(dropNulls(stored)) : undefined
  const adTags = parsed?.success ? parsed.data : undefined
  if (!adTags || (enabledVendors(adTags).length === 0 && enabledDestinations(adTags).length === 0))
    return null
  const source = tagsScriptSource(adTags)
  const file = `assets/tags.${contentHash(source)}.js`
  return {
    file,
    script: url(file),
    source,
    consent: adTags.consent,
    notice,
    rows: externalTransmissionNotice(adTags, htmlLang as Locale),
  }
}

export const pageModel = (input: PublishInput, lang: ContentLanguage): PageModel => {
  const { site } = input
  const address = input.address ?? { form: 'host' as const }
  const defaultLanguage = defaultLanguageOf(input)
  const urlBase = {
    defaultLanguage,
    siteId: address.form === 'path' ? site.id : undefined,
    prefix: address.prefix,
  }
  const memberOrigin = input.memberOrigin?.replace(/\/$/, '')
  const membersAway = memberOrigin !== undefined
  /** A page's path; a member page on the site's own origin when members are away from this one. */
  const pathOf = (l: ContentLanguage, page?: string) =>
    membersAway && page && isMemberPage(page)
      ? `${memberOrigin}${siteUrl({ defaultLanguage, prefix: address.prefix, lang: l, page })}`
      : siteUrl({ ...urlBase, lang: l, page })
  const root = pathOf(defaultLanguage)
  const home = pathOf(lang)
  const media = mediaResolver(input, root)
  const filesOf = renditionFiles(input, media)
  const picture = (key: string | null | undefined, minWidth?: number) => pictureOf(filesOf(key), minWidth)
  const texts = PAGE_TEXTS[lang]
  const settings = input.settings.find((s) => s.lang === lang)
  const seo: Partial<PublishSeo> = settings?.seo ?? {}
  const origin = input.origin?.replace(/\/$/, '')
  const langs = siteLanguages(input)
  const forms = formsOf(settings)
  const available = (page: string | undefined) =>
    Boolean(page && page in FORM_PAGES && forms[FORM_PAGES[page as FormPageName]])

  const link = (value: string | null | undefined, internal: boolean | null | undefined): Href | undefined => {
    if (internal) {
      const page = internalPage(value)
      return page && available(page) ? { href: pathOf(lang, page), external: false } : undefined
    }
    const href = safeExternalUrl(value)
    return href ? { href, external: true } : undefined
  }

  // The grid: the language's creatives that have media (or a lock), placed by their cell.
  const columns = site.numberVertical
  const byRow = new Map<number, CellModel[]>()
  for (const creative of input.creatives) {
    if (creative.lang !== lang) continue
    const cell = parseCell(creative.position)
    if (!cell || !isInGrid(creative.position, siteGrid(site))) continue
    const locked = Boolean(creative.membersOnlyLock)
    const original = locked ? undefined : media(creative.mediaKey)
    if (!creative.mediaKey || (!locked && !original)) continue
    const video = creative.mediaType === 'video'
    const made = locked ? undefined : input.renditions?.[creative.mediaKey]
    // A video plays its web MP4 and shows its poster first when both are in the release.
    const webVideo = video ? media(made?.video) : undefined
    const poster = video ? media(made?.poster?.find((p) => p.format === 'jpeg')?.key) : undefined
    const url = webVideo ?? original
    const shown = video || locked ? undefined : picture(creative.mediaKey, SMALLEST_FRAME)
    const model: CellModel = {
      position: creative.position,
      row: cell.row,
      column: cell.column,
      order: cellOrder(creative.position, columns),
      creative,
      ...(url ? { media: url } : {}),
      ...(shown ? { picture: shown } : {}),
      ...(webVideo && poster ? { poster } : {}),
      video,
      locked,
      shows: bottomBarShows(creative, settings),
    }
    byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), model])
  }
  const rows = [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, cells]) => cells.sort((a, b) => a.column - b.column))
  const cells = rows.flat()
  const wanted = input.startCell?.trim().toUpperCase()
  const start = wanted ? cells.find((c) => c.position === wanted && !c.locked) : undefined

  const menuOf = input.menus.find((m) => m.lang === lang)
  const menu =
    site.displayGlobalMenu && rows.length
      ? (menuOf?.items ?? [])
          .filter((item) => item.name?.trim())
          .map((item, i) => {
            const named = isCellReference(item.id) && cells.find((c) => c.position === item.id)
            const target = named ? named.position : rows[Math.min(i, rows.length - 1)]![0]!.position
            return { name: item.name, target }
          })
      : null

  const snsOn = cells.some((c) => c.shows.sns)
  // A language without SNS links of its own shows the default language's (issue 30 #11).
  const snsLinks = snsLinksFor((l) => input.settings.find((s) => s.lang === l)?.sns, lang, defaultLanguage)
  const sns = snsOn
    ? snsLinks.flatMap((s) => {
        const href = s.snsType === 'phone_number' ? telUrl(s.snsUrl) : safeExternalUrl(s.snsUrl)
        return href ? [{ type: s.snsType, href, external: s.snsType !== 'phone_number' }] : []
      })
    : null

  const { tabs, website, texts: legalTexts } = companyContent(settings?.company)
  const json = JSON.stringify({ website: website ?? null, texts: legalTexts })
  const file = `data/company.${LANGUAGE_SEGMENTS[lang]}.${contentHash(json)}.json`
  const companyModel =
    cells.some((c) => c.shows.company) && (tabs.length || website)
      ? {
          tabs: tabs.length ? tabs : [0],
          ...(website ? { website } : {}),
          data: `${root}${file}`,
          file,
          json,
        }
      : null

  const now = toTime(input.now ?? input.publishedAt)
  const ctas = (site.popupCtas ?? []).flatMap((cta, index): CtaModel[] => {
    // A CTA that has ended by publication can never show again: it is left out of the page.
    if (cta.endDate && Date.parse(cta.endDate) < now) return []
    // Its text and image in this language, the default language's where this one has none.
    const shown = ctaContentFor(cta, lang, defaultLanguage)
    return [
      ctaItem(cta, index, {
        content: shown.content,
        link: link(cta.linkUrl, cta.isInternalLink),
        image: media(shown.imageUrl),
        picture: picture(shown.imageUrl),
      }),
    ]
  })

  const tags = tagsModel(site.adTags, (file) => `${root}${file}`, pathOf(lang, NOTICE_PAGE), HTML_LANGS[lang])

  const title = seo.title?.trim() || site.name
  return {
    lang,
    segment: LANGUAGE_SEGMENTS[lang],
    htmlLang: HTML_LANGS[lang],
    texts,
    root,
    home,
    rows,
    ...(start ? { start: start.position } : {}),
    cellCount: cells.length,
    title,
    // Without an SEO description, the first creative's main text stands in (search results and
    // link previews need one); the creator's own description always wins.
    description:
      seo.description?.trim() ||
      (rows[0]?.[0] && !rows[0][0].locked ? (rows[0][0].creative.mainText?.trim() ?? '') : ''),
    h1: seo.h1?.trim() || title,
    headTags: seo.head ?? SEO_DEFAULTS.head,
    bodyTags: seo.body ?? SEO_DEFAULTS.body,
    ...(origin ? { canonical: `${origin}${home}` } : {}),
    // The link preview: the first creative's largest JPEG rendition when it has them (a JPEG of
    // the frame's 2× size, which every crawler takes), else its file as uploaded.
    ...(origin && rows[0]?.[0]?.media && !rows[0][0].video
      ? {
          ogImage: absoluteOn(origin, largestJpeg(filesOf(rows[0][0].creative.mediaKey)) ?? rows[0][0].media),
        }
      : {}),
    alternates: origin
      ? [
          ...langs.map((l) => ({ hrefLang: HTML_LANGS[l], href: `${origin}${pathOf(l)}` })),
          { hrefLang: 'x-default', href: `${origin}${root}` },
        ]
      : [],
    ...(media(site.faviconKey) ? { favicon: media(site.faviconKey)! } : {}),
    ...(media(site.logoKey) ? { logo: media(site.logoKey)! } : {}),
    ...(media(site.logoKey) && picture(site.logoKey) ? { logoPicture: picture(site.logoKey)! } : {}),
    otherSegments:
      lang === defaultLanguage ? langs.filter((l) => l !== lang).map((l) => LANGUAGE_SEGMENTS[l]) : [],
    languages:
      site.displayLanguageIcon && langs.length > 1
        ? langs.map((l) => ({
            lang: l,
            segment: LANGUAGE_SEGMENTS[l],
            htmlLang: HTML_LANGS[l],
            name: LANGUAGE_NAMES[l],
            href: pathOf(l),
            current: l === lang,
          }))
        : null,
    speakerColor: site.speakerColor,
    menu,
    menuColor: menuOf?.textColor ?? site.globalMenuTextColor,
    sns,
    company: companyModel,
    tags,
    ctas,
    forms,
    members: Boolean(forms.membership) && (!membersAway || Boolean(memberOrigin)),
    unlocks: Boolean(forms.membership) && !membersAway,
    membersAway,
    link,
    unavailable: (value, internal) =>
      Boolean(internal && internalPage(value) && !available(internalPage(value))),
    page: (name) => pathOf(lang, name),
    media,
    picture,
  }
}

/** The storage keys a release needs: everything the pages show, never a members-only creative's media. */
export const publicMediaKeys = (input: PublishInput): string[] => {
  const keys = new Set<string>()
  const add = (key: string | null | undefined) => {
    if (!key || !input.media[key]) return
    keys.add(key)
    // Its web renditions too, those the media map names (issue 22).
    const made = input.renditions?.[key]
    for (const file of [...(made?.images ?? []), ...(made?.poster ?? [])])
      if (input.media[file.key]) keys.add(file.key)
    if (made?.video && input.media[made.video]) keys.add(made.video)
  }
  add(input.site.faviconKey)
  add(input.site.logoKey)
  for (const lang of siteLanguages(input)) {
    const model = pageModel(input, lang)
    for (const cell of model.rows.flat()) {
      if (cell.locked) continue
      add(cell.creative.mediaKey)
      for (const product of cell.creative.products ?? []) add(product.imagePath)
    }
    for (const cta of model.ctas) add(ctaContentFor(cta.cta, lang, defaultLanguageOf(input)).imageUrl)
  }
  return [...keys].sort()
}
