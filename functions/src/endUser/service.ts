import { isLocale, type SiteLanguage } from '@swipe/shared'
import type { AnyRoute } from '@swipe/shared/contract'
import { cellAtOrder, cellOrder, isInGrid, siteGrid } from '@swipe/shared/site/cells'
import { HTML_LANGS, LANGUAGE_NAMES, LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import type {
  Product,
  VisitorCreativeView,
  VisitorImageRendition,
  VisitorMediaRenditions,
  VisitorProductView,
} from '@swipe/shared/site/model'
import { DEFAULT_MEDIA_TYPE } from '@swipe/shared/site/model-defaults'
import { safeExternalUrl, telUrl } from '@swipe/shared/site/urls'
import {
  type MediaRendition,
  type Rendition,
  readyRenditions,
  renditionFilesOf,
} from '#data/media-renditions'
import { type Creative, loadSiteItems, readSite, type Site, type SiteItems, Sites } from '#data/sites'
import { NotFoundError } from '#edge/errors'
import { type EndpointOptions, type Event, endpoint, type Handle, requestState } from '#edge/http'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { readManifest } from '../publishing/release.ts'
import { mediaPaths, releasePrefix } from '../publishing/retention.ts'
import { isCurrent } from '../sites/service.ts'

/**
 * The end-user read API (SPEC §7 End user; docs/decisions/0026-end-user-read-api.md): what a
 * visitor's page may know about a published site. Every read goes through `publishedSite` or
 * `publishedSetting`: any site that is not published (draft, private, expired, checking its
 * domain, deleted, unknown) does not exist here, and answers the same 404. Views are built field
 * by field from the stored items, so owner, tenants, version, storage keys and members-only media
 * can never leak by a field added to an entity.
 */

/** Site content, cacheable briefly by the browser (the CloudFront behaviour of /api/v1 caches nothing). */
export const CONTENT_CACHE = { 'cache-control': 'public, max-age=60' }
/** Live counts (CTA slots) and writes. */
export const NO_STORE = { 'cache-control': 'no-store' }
/** A member's answers: for that browser only, never kept. */
export const PRIVATE_NO_STORE = { 'cache-control': 'private, no-store' }

type Items = SiteItems

/** Every item of a published site (one query on its partition), or 404. */
export const publishedSite = async (siteId: string): Promise<{ site: Site; items: Items }> => {
  const items = await loadSiteItems(siteId)
  const site = items.sites[0]
  if (site?.status !== 'PUBLISH') throw new NotFoundError()
  return { site, items }
}

/** The global setting of a published site (one item), or 404. */
export const publishedSetting = async (siteId: string): Promise<Site> => {
  const site = (await Sites.get({ siteId }).go()).data
  if (site?.status !== 'PUBLISH') throw new NotFoundError()
  return readSite(site)
}

/** A site's languages as stored (a site item read or not through the model). */
type SiteLanguages = { languages: readonly string[]; defaultLanguage: string }

/** The site's languages, default first (the order of its language selector). */
export const languagesOf = (site: SiteLanguages): SiteLanguage[] => {
  const first = defaultLanguageOf(site)
  return [first, ...(site.languages as SiteLanguage[]).filter((l) => l !== first)]
}

/** The default language, or the first language when the stored default is not one of them. */
export const defaultLanguageOf = (site: SiteLanguages): SiteLanguage =>
  site.languages.includes(site.defaultLanguage)
    ? (site.defaultLanguage as SiteLanguage)
    : ((site.languages[0] as SiteLanguage | undefined) ?? 'JP')

/** The language a request reads: the asked one when the site has it, else the default. */
export const languageFor = (site: SiteLanguages, asked?: SiteLanguage) =>
  asked && site.languages.includes(asked) ? asked : defaultLanguageOf(site)

/**
 * A visitor endpoint: the route's handler with the messages in the page's language. An explicit
 * `X-Lang` header wins; otherwise `?lang=` (JP → ja, KR → ko, CN → zh, EN → en) replaces the
 * browser's Accept-Language, so a 404 or 403 reads in the language of the page that asked.
 */
export const visitorEndpoint = <R extends AnyRoute>(route: R, handle: Handle<R>, options?: EndpointOptions) =>
  endpoint(
    route,
    async (input) => {
      setVisitorLocale(input.event, (input.query as { lang?: SiteLanguage } | undefined)?.lang)
      return handle(input)
    },
    options,
  )

/** The page's language `lang` becomes the messages' language, unless the request named one (`X-Lang`). */
export const setVisitorLocale = (event: Event, lang: SiteLanguage | undefined) => {
  const headers = event.headers ?? {}
  if (!lang || headers['x-lang'] || headers['X-Lang']) return
  const locale = HTML_LANGS[lang]
  if (isLocale(locale)) requestState(event).locale = locale
}

/** What a release's manifest says a visitor may load from it. */
interface ReleaseFiles {
  /** Its own files (`assets/…`, older releases' `media/<file>`) and the shared media it shows. */
  files: ReadonlySet<string>
  /** The shared media path of each media key its pages show (manifests since decision 0063). */
  mediaKeys: Readonly<Record<string, string>>
}

/** A release's own files never change once written: its manifest is read once per container. */
const releaseFiles = new Map<string, Promise<ReleaseFiles>>()

const NO_FILES: ReleaseFiles = { files: new Set(), mediaKeys: {} }

/** A release's manifest as `ReleaseFiles`; none when it cannot be read. */
const filesOfRelease = (prefix: string): Promise<ReleaseFiles> => {
  let files = releaseFiles.get(prefix)
  if (!files) {
    if (releaseFiles.size > 500) releaseFiles.clear()
    files = readManifest(prefix).then((manifest) => ({
      files: new Set([...manifest.files, ...manifest.media]),
      mediaKeys: manifest.mediaKeys,
    }))
    files.catch(() => releaseFiles.delete(prefix))
    releaseFiles.set(prefix, files)
  }
  return files.catch(() => NO_FILES)
}

/**
 * The URL of each media key a published page shows: the path the served release's manifest gives
 * it in the site's public media store (decision 0063; releases made before that: the name
 * `mediaPaths` derives from the key, or their own `media/<file>`), root-relative exactly as the
 * rendered page references it, so it is same-origin on whichever host the visitor opened (the
 * sites CSP allows media from 'self' only). Anything else (a file saved after the last publish, a
 * members-only creative's media, which no page shows) is a presigned GET valid one hour.
 */
export const mediaUrls = async (
  site: Site,
  keys: Iterable<string | null | undefined>,
): Promise<Map<string, string>> => {
  const unique = [...new Set([...keys].filter((k): k is string => typeof k === 'string' && k !== ''))]
  if (unique.length === 0) return new Map()
  const release = site.releaseId ? await filesOfRelease(releasePrefix(site.siteId, site.releaseId)) : NO_FILES
  const uploads = `sites/${site.siteId}/uploads/`
  const shared = mediaPaths(unique)
  const urls = await Promise.all(
    unique.map(async (key) => {
      const file = key.startsWith(uploads) ? key.slice(uploads.length) : ''
      const older = file && !file.includes('/') ? `media/${file}` : undefined
      const path =
        release.mediaKeys[key] ??
        [shared.get(key), older].find((p) => p !== undefined && release.files.has(p))
      if (path) return [key, `/${path}`] as const
      return [key, await presignGet(mediaBucket, key)] as const
    }),
  )
  return new Map(urls)
}

/**
 * What a visitor's answer says about media (issue 22): the URL of each key and of each file of its
 * web renditions that are ready (`mediaUrls`), and those renditions by original key.
 */
export interface VisitorMedia {
  urls: ReadonlyMap<string, string>
  renditions: ReadonlyMap<string, MediaRendition>
}

/** The URLs of media keys and of their ready web renditions (one batch read of the records). */
export const visitorMedia = async (
  site: Site,
  keys: Iterable<string | null | undefined>,
): Promise<VisitorMedia> => {
  const originals = [...new Set([...keys].filter((k): k is string => typeof k === 'string' && k !== ''))]
  const renditions = await readyRenditions(site.siteId, originals)
  const urls = await mediaUrls(site, [...originals, ...[...renditions.values()].flatMap(renditionFilesOf)])
  return { urls, renditions }
}

const FORMAT_ORDER = { avif: 0, webp: 1, jpeg: 2 } as const

/**
 * An image's ready renditions as a visitor loads them: every format and width made, best format
 * first and narrowest first; none unless the key has ready image renditions.
 */
const imageRenditionsOf = (key: string | null | undefined, media: VisitorMedia): VisitorImageRendition[] => {
  const record = key ? media.renditions.get(key) : undefined
  if (record?.mediaType !== 'image') return []
  return ((record.renditions ?? []) as Rendition[])
    .flatMap((r) => {
      const url = media.urls.get(r.key)
      return r.format !== 'mp4' && url ? [{ format: r.format, width: r.target, url }] : []
    })
    .sort((a, b) => FORMAT_ORDER[a.format] - FORMAT_ORDER[b.format] || a.width - b.width)
}

/**
 * A creative's media renditions (a video's MP4 and JPEG poster, or an image's files), or null
 * while there are none ready: the reader then shows the file as uploaded.
 */
const mediaRenditionsOf = (
  key: string | null | undefined,
  media: VisitorMedia,
): VisitorMediaRenditions | null => {
  const record = key ? media.renditions.get(key) : undefined
  if (record?.mediaType === 'video') {
    const mp4 = ((record.renditions ?? []) as Rendition[]).find((r) => r.format === 'mp4')
    const video = mp4 && media.urls.get(mp4.key)
    if (!video) return null
    const poster = ((record.poster ?? []) as Rendition[]).find((r) => r.format === 'jpeg')
    return { images: [], video, poster: (poster && media.urls.get(poster.key)) || null }
  }
  const images = imageRenditionsOf(key, media)
  return images.length ? { images, video: null, poster: null } : null
}

/**
 * A view's media URLs passed through `to` (the site API makes root-relative ones absolute): the
 * creative's media and renditions, and its products' images and renditions.
 */
export const withMediaUrls = (
  view: VisitorCreativeView,
  to: (url: string) => string,
): VisitorCreativeView => {
  if (view.locked) return view
  const images = (list: VisitorImageRendition[]) => list.map((i) => ({ ...i, url: to(i.url) }))
  const made = view.mediaRenditions
  return {
    ...view,
    mediaUrl: view.mediaUrl === null ? null : to(view.mediaUrl),
    mediaRenditions: made && {
      images: images(made.images),
      video: made.video === null ? null : to(made.video),
      poster: made.poster === null ? null : to(made.poster),
    },
    products: view.products.map((p) => ({
      ...p,
      imageUrl: p.imageUrl === null ? null : to(p.imageUrl),
      imageRenditions: images(p.imageRenditions),
    })),
  }
}

/**
 * The creatives a visitor sees in one language, in page order: those of the current grid that
 * have media (a members-only one shows as locked). The same set the renderer places.
 */
export const visibleCreatives = (site: Site, items: Items, lang: SiteLanguage): Creative[] =>
  items.creatives
    .filter(
      (c) => c.lang === lang && isCurrent(site, c) && isInGrid(c.position, siteGrid(site)) && c.mediaKey,
    )
    .sort((a, b) => cellOrder(a.position, site.numberVertical) - cellOrder(b.position, site.numberVertical))

/** Whom an answer is for: a member (end-user token of the site) also sees members-only creatives. */
export interface Audience {
  member?: boolean
}

/** The media keys a list of creatives shows: a members-only creative's only to a member. */
export const creativeMediaKeys = (creatives: readonly Creative[], { member = false }: Audience = {}) =>
  creatives
    .filter((c) => member || !c.membersOnlyLock)
    .flatMap((c) => [c.mediaKey, ...productsOf(c).map((p) => p.imagePath)])

const productsOf = (c: Creative): Product[] => [...c.products].sort((a, b) => a.order - b.order)

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value)

/** A product as a visitor sees it: its image as URLs, never a storage key. */
export const productView = (p: Product, media: VisitorMedia): VisitorProductView => {
  const { imagePath, ...fields } = p
  return {
    ...fields,
    id: orNull(p.id),
    imageUrl: (imagePath && media.urls.get(imagePath)) || null,
    imageRenditions: imageRenditionsOf(imagePath, media),
    price: orNull(p.price),
    description: orNull(p.description),
    linkButtonUrl: orNull(p.linkButtonUrl),
    linkButtonText: orNull(p.linkButtonText),
    textColor: orNull(p.textColor),
    backgroundColor: orNull(p.backgroundColor),
  }
}

export const productsView = (c: Creative, media: VisitorMedia) =>
  productsOf(c).map((p) => productView(p, media))

/**
 * One creative for a visitor. A members-only one is `locked` (unless the visitor is a member) and
 * carries only what the frame needs (position, arrows, bottom-bar switches): no media, texts,
 * links or products. Creator texts are plain strings; the client escapes them.
 */
export const creativeView = (
  c: Creative,
  site: Site,
  media: VisitorMedia,
  { member = false }: Audience = {},
): VisitorCreativeView => {
  const frame = {
    position: c.position,
    order: cellOrder(c.position, site.numberVertical),
    snsConfig: orNull(c.snsConfig),
    showCompany: orNull(c.showCompany),
    hoverArrowColor: c.hoverArrowColor,
    arrowFadeInterval: orNull(c.arrowFadeInterval),
    sliderSeconds: orNull(c.sliderSeconds),
  }
  if (c.membersOnlyLock && !member) return { ...frame, locked: true as const }
  return {
    ...frame,
    locked: false as const,
    mediaType: c.mediaType ?? DEFAULT_MEDIA_TYPE,
    mediaUrl: (c.mediaKey && media.urls.get(c.mediaKey)) || null,
    mediaRenditions: mediaRenditionsOf(c.mediaKey, media),
    imageAlt: c.imageAlt ?? '',
    mainText: orNull(c.mainText),
    mainTextColor: orNull(c.mainTextColor),
    linkButtonText: orNull(c.linkButtonText),
    linkDestinationUrl: orNull(c.linkDestinationUrl),
    isInternalLink: c.isInternalLink,
    linkButtonColor: c.linkButtonColor,
    linkTextColor: c.linkTextColor,
    price: orNull(c.price),
    priceTextColor: orNull(c.priceTextColor),
    imageLinkPoints: c.imageLinkPoints.map((p) => ({ ...p, linkUrl: orNull(p.linkUrl) })),
    products: productsView(c, media),
  }
}

/** The global menu of one language: its items and text colour (the site's menu colour when unset). */
export const menuView = (site: Site, items: Items, lang: SiteLanguage) => {
  const menu = items.menus.find((m) => m.lang === lang && isCurrent(site, m))
  return {
    items: (menu?.items ?? []).map((item) => ({
      id: orNull(item.id),
      name: item.name,
    })),
    textColor: menu?.textColor ?? site.globalMenuTextColor ?? null,
  }
}

/** The site's languages as its selector lists them, default first. */
export const languageList = (site: Site) =>
  languagesOf(site).map((lang) => ({
    lang,
    segment: LANGUAGE_SEGMENTS[lang],
    htmlLang: HTML_LANGS[lang],
    name: LANGUAGE_NAMES[lang],
  }))

/** The other settings of one language, when saved. */
export const settingsOf = (site: Site, items: Items, lang: SiteLanguage) =>
  items.settings.find((s) => s.lang === lang && isCurrent(site, s))

/**
 * SNS links a visitor may follow: http(s) URLs, and `tel:` for a phone number (the renderer's
 * rules). Anything else a creator typed is left out rather than handed to a client as a link.
 */
export const snsView = (sns: unknown) =>
  ((sns ?? []) as Array<{ snsType: string; snsUrl: string }>).flatMap((s) => {
    const href = s.snsType === 'phone_number' ? telUrl(s.snsUrl) : safeExternalUrl(s.snsUrl)
    return href ? [{ snsType: s.snsType, href }] : []
  })

/** A page reference: an order from 1 (`3`) or a cell (`B2`). */
export const positionOfPage = (pageId: string, site: Site): string | undefined => {
  if (/^\d{1,4}$/.test(pageId)) return cellAtOrder(Number(pageId), siteGrid(site))
  const upper = pageId.toUpperCase()
  return isInGrid(upper, siteGrid(site)) ? upper : undefined
}
