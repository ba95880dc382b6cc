import type { ContentLanguage } from '@swipe/shared/site/languages'
import type {
  CreativeSchema,
  CreativeView,
  GlobalMenuSchema,
  GlobalSettingView,
  Nullable,
  SiteDocumentSchema,
  SiteSettingsSchema,
} from '@swipe/shared/site/model'
import type * as z from 'zod'

/**
 * What the publisher hands to `renderSitePages`: a site as the editor saved it. Every document
 * type is the site model's (`@swipe/shared/site/model`, types only): the fields a document must
 * have are required, a field the model gives a default may be absent (the render applies the
 * same default), and any optional value may be `null`, as the API's views answer it
 * (`siteView` in functions/src/sites/service.ts). A field added to the model reaches the
 * renderer's input without an edit here.
 */
type Document<S extends z.ZodType> = Nullable<z.input<S>>

export type { ContentLanguage }

type SiteDocument = Document<typeof SiteDocumentSchema>

/** SPEC §3 Popup CTA, plus the clicks counted so far when known. */
export type PublishCta = NonNullable<SiteDocument['popupCtas']>[number] & { numberClicks?: number | null }

/** The global setting (SPEC §3 Site), with the id, uuid and custom domain the server keeps. */
export type PublishSite = Omit<SiteDocument, 'popupCtas'> & {
  popupCtas?: PublishCta[] | null
} & Pick<GlobalSettingView, 'id'> &
  Partial<Nullable<Pick<GlobalSettingView, 'siteUuid' | 'customDomain'>>>

/** The global menu of one language. */
export type PublishMenu = Document<typeof GlobalMenuSchema>

/** SPEC §3 Creative detail: one cell in one language, with its page order when the view gives it. */
export type PublishCreative = Document<typeof CreativeSchema> & Partial<Pick<CreativeView, 'order'>>

export type PublishLinkPoint = NonNullable<PublishCreative['imageLinkPoints']>[number]

/** SPEC §3 Product. Coordinates are frame pixels of the card's top-left corner. */
export type PublishProduct = NonNullable<PublishCreative['products']>[number]

/** SPEC §3 Other settings of one language. */
export type PublishSettings = Document<typeof SiteSettingsSchema>

export type PublishSeo = NonNullable<PublishSettings['seo']>

export type PublishCompany = NonNullable<PublishSettings['company']>

/** The visitor forms of a language (the recipient email is never rendered). */
export type PublishForms = NonNullable<PublishSettings['forms']>

/**
 * One visitor form of a language; a form that is not `enabled` gets no page. Only the contact
 * form has a company name (shown under its title).
 */
export type PublishForm = PublishForms[keyof PublishForms] &
  Partial<Pick<PublishForms['contact'], 'companyName'>>

/** SPEC §3 Form field definition. */
export type PublishFormField = NonNullable<PublishForm['fields']>[number]

/**
 * How the site is addressed. `host`: on its own host (default domain `{site-uuid}.<sites-domain>`
 * or a custom domain) at `/`, other languages at `/{lang}/`. `path`: under `/sites/{siteId}/`.
 * `prefix` is a custom path prefix before either.
 */
export interface SiteAddress {
  form: 'host' | 'path'
  prefix?: string
}

export interface PublishInput {
  site: PublishSite
  menus: readonly PublishMenu[]
  creatives: readonly PublishCreative[]
  settings: readonly PublishSettings[]
  /**
   * Storage key → URL the page uses for it. A relative URL (`media/abc.jpg`) is taken from the
   * site root; an absolute path or an https URL is used as it is. Keys not in the map are not shown.
   */
  media: Readonly<Record<string, string>>
  /**
   * Web renditions of media keys (issue 22), by the original's key; their files are storage keys
   * resolved through `media` like any other. A key without renditions (still processing, failed,
   * or a kind that gets none) is shown as uploaded.
   */
  renditions?: Readonly<Record<string, PublishRenditions>>
  /**
   * Small rendition files a page may carry inside (src/inline.ts): the first creatives' AVIF files
   * the publisher read (`inlineCandidates`), base64 by storage key, and the publisher's measure of
   * whether a page still arrives in TCP's first window (`fitsFirstWindow`). Absent: every picture
   * is fetched.
   */
  inline?: {
    files: Readonly<Record<string, string>>
    fits: (html: string) => boolean
  }
  /** ISO instant of this publication. */
  publishedAt: string
  /** The render's clock (defaults to `publishedAt`): CTAs that have ended by then are left out. */
  now?: string | number | Date
  /** Default: `{ form: 'host' }`. */
  address?: SiteAddress
  /** The site's origin (`https://…`), for canonical and alternate-language links. */
  origin?: string
  /**
   * Where members sign up and sign in, when this render is not served on the site's own origin
   * (the path form on the shared sites host, docs/decisions/0029-members-sessions.md): the site's own origin
   * (`https://{site-uuid}.<sites domain>` or its custom domain). The member pages (register, sign-in…) then
   * link there and are rendered as redirects there, and the swipe page never asks for members-only creatives.
   * `''`: no such origin, no member links at all. Absent: this render is the site's own origin.
   */
  memberOrigin?: string
  /** Where the page posts analytics beacons (`data-analytics-endpoint`); none when absent. */
  analyticsEndpoint?: string
  /**
   * Base path of the API the page calls (`data-api`): popup CTA clicks (counted, applicant limits
   * enforced) and live slots. Default: the analytics endpoint's base when it is
   * `<base>/analytics/events` (the publisher's `/api/v1/analytics/events` gives `/api/v1`);
   * otherwise none, and the page calls no API (CTAs work on their dates alone).
   */
  apiBase?: string
  /**
   * The cell the swipe pages open on (issue 34 "message match": an ad's visitors land on its own
   * creative as the first paint), e.g. `B2`. Each language's page starts there when that cell shows
   * a creative in the language; a cell that is empty, members-only, outside the grid or no cell
   * reference leaves that page as it is without the option (from its first creative). The page
   * then paints that cell first (its position in the markup, its image with the first creative's
   * priority, preload or inline AVIF) and names it on `<body data-start>` for the island; the
   * SEO texts and link preview stay the first creative's. Absent: the pages as always, byte for byte.
   */
  startCell?: string
}

/** The web renditions of one media key (issue 22). */
export interface PublishRenditions {
  /** An image's files: each format at the width (CSS px × density) of the box it was made for. */
  images?: readonly { format: 'avif' | 'webp' | 'jpeg'; key: string; width: number; bytes?: number }[]
  /** A video's H.264/AAC MP4. */
  video?: string
  /** A video's first frame, its first paint. */
  poster?: readonly { format: 'webp' | 'jpeg'; key: string }[]
}

/** One object of the release, its key relative to the release prefix. */
export interface RenderedFile {
  /** `index.html`, `en/index.html`, `assets/swipe.<hash>.js`, `data/company.en.<hash>.json`… */
  path: string
  contentType: string
  body: string | Uint8Array
  cacheControl: string
}
