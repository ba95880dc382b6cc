import type { ContentLanguage } from '@swipe/shared/site/languages'

/**
 * What the publisher hands to `renderSitePages`: a site as the editor saved it (the shapes of
 * `siteView` in functions/src/sites/service.ts and of the shared site-builder schemas). Optional
 * values may be absent or `null`, as the API answers them.
 */
type Maybe<T> = T | null | undefined

export type { ContentLanguage }

/** The global setting (SPEC §3 Site). */
export interface PublishSite {
  id: string
  siteUuid?: Maybe<string>
  name: string
  /** Rows (SPEC §3: numberHorizontal is the number of rows). */
  numberHorizontal: number
  /** Columns. */
  numberVertical: number
  viewMode?: Maybe<'MOBILE' | 'PC'>
  defaultLanguage: ContentLanguage
  /** The site's languages; unknown codes are ignored. */
  languages: readonly string[]
  displayLanguageIcon?: Maybe<boolean>
  displayGlobalMenu?: Maybe<boolean>
  faviconKey?: Maybe<string>
  logoKey?: Maybe<string>
  globalMenuTextColor?: Maybe<string>
  /** Colour of the language (speaker) icon. */
  speakerColor?: Maybe<string>
  popupCtas?: Maybe<readonly PublishCta[]>
  customDomain?: Maybe<string>
}

/** SPEC §3 Popup CTA (shared PopupCtaSchema), plus the clicks counted so far when known. */
export interface PublishCta {
  id?: Maybe<string>
  kind?: Maybe<'TIME_LIMIT' | 'APPLICANT_LIMIT'>
  isInternalLink?: Maybe<boolean>
  linkUrl?: Maybe<string>
  content?: Maybe<string>
  linkButtonColor?: Maybe<string>
  linkTextColor?: Maybe<string>
  /** A media storage key (resolved through `media`). */
  imageUrl?: Maybe<string>
  startDate?: Maybe<string>
  endDate?: Maybe<string>
  limit?: Maybe<string>
  numberClicks?: Maybe<number>
  showRemainingTime?: Maybe<boolean>
  showRemainingSlots?: Maybe<boolean>
  effectiveSheets?: Maybe<readonly number[]>
  animation?: Maybe<string>
  displayPosition?: Maybe<'TOP' | 'CENTER' | 'BOTTOM'>
}

/** The global menu of one language. */
export interface PublishMenu {
  lang: string
  /** An item whose id is a cell reference jumps there; otherwise item n jumps to row n. */
  items?: Maybe<readonly { id?: Maybe<string>; name: string }[]>
  textColor?: Maybe<string>
}

export interface PublishLinkPoint {
  /** Frame pixels (351 × 535, SPEC §9): the point's centre. */
  x: number
  y: number
  linkUrl?: Maybe<string>
  isInternalLink?: Maybe<boolean>
}

/** SPEC §3 Product. Coordinates are frame pixels of the card's top-left corner. */
export interface PublishProduct {
  id?: Maybe<string>
  productName?: Maybe<string>
  imagePath?: Maybe<string>
  price?: Maybe<number>
  description?: Maybe<string>
  linkButtonUrl?: Maybe<string>
  linkButtonText?: Maybe<string>
  linkButtonColor?: Maybe<string>
  linkTextColor?: Maybe<string>
  coordinateX?: Maybe<number>
  coordinateY?: Maybe<number>
  textColor?: Maybe<string>
  backgroundColor?: Maybe<string>
  isInternalLink?: Maybe<boolean>
  order?: Maybe<number>
}

/** SPEC §3 Creative detail: one cell in one language. */
export interface PublishCreative {
  lang: string
  /** Cell reference, such as B2. */
  position: string
  order?: Maybe<number>
  mediaKey?: Maybe<string>
  mediaType?: Maybe<'image' | 'video'>
  imageAlt?: Maybe<string>
  linkButtonText?: Maybe<string>
  linkDestinationUrl?: Maybe<string>
  isInternalLink?: Maybe<boolean>
  linkButtonColor?: Maybe<string>
  linkTextColor?: Maybe<string>
  mainText?: Maybe<string>
  mainTextColor?: Maybe<string>
  /** Yen, tax included. */
  price?: Maybe<number>
  priceTextColor?: Maybe<string>
  /** Whether the bottom bar shows the SNS links on this creative. */
  snsConfig?: Maybe<boolean>
  /** Whether the bottom bar shows the company-information tabs on this creative. */
  showCompany?: Maybe<boolean>
  membersOnlyLock?: Maybe<boolean>
  hoverArrowColor?: Maybe<string>
  /** Seconds one fade of the swipe arrows takes (they fade out and in again). */
  arrowFadeInterval?: Maybe<number>
  /** Seconds before the row advances to its next column on its own. */
  sliderSeconds?: Maybe<number>
  imageLinkPoints?: Maybe<readonly PublishLinkPoint[]>
  products?: Maybe<readonly PublishProduct[]>
}

export interface PublishSeo {
  title?: Maybe<string>
  h1?: Maybe<string>
  description?: Maybe<string>
  /** The creator's head tags, validated by the builder; placed verbatim at the end of <head>. */
  head?: Maybe<string>
  /** The creator's body tags, validated by the builder; placed verbatim at the end of <body>. */
  body?: Maybe<string>
}

export interface PublishCompany {
  companyWebsite?: Maybe<string>
  companyProfile?: Maybe<string>
  companyClause?: Maybe<string>
  termsOfService?: Maybe<string>
  privacyPolicy?: Maybe<string>
  /** SPEC §5: visitors must agree to the terms and privacy policy on the forms that show the company. */
  contractAgreementRequired?: Maybe<boolean>
  /** Which visitor forms show the company's texts (and, when required, the agreement). */
  showInForm?: Maybe<boolean>
  showInMemberShip?: Maybe<boolean>
  showInContact?: Maybe<boolean>
}

/** SPEC §3 Form field definition (shared `FormFieldSchema`). */
export interface PublishFormField {
  id?: Maybe<string>
  /** A fixed field: email, password, confirm_password, company. */
  key?: Maybe<'email' | 'password' | 'confirm_password' | 'company'>
  typeInput: 'TEXT_BOX' | 'NUMBER' | 'SELECT' | 'SELECT_OPTIONS'
  title: string
  placeholder?: Maybe<string>
  isRequired?: Maybe<boolean>
  options?: Maybe<readonly { value: string; isDefault?: Maybe<boolean> }[]>
}

/** One visitor form of a language; a form that is not `enabled` gets no page. */
export interface PublishForm {
  enabled?: Maybe<boolean>
  fields?: Maybe<readonly PublishFormField[]>
  /** The contact form's company name, shown under its title. */
  companyName?: Maybe<string>
}

/** The visitor forms of a language (shared `SiteFormsSchema`; the recipient email is never rendered). */
export interface PublishForms {
  contact?: Maybe<PublishForm>
  membership?: Maybe<PublishForm>
  /** The homepage ("other") form, at `forms`. */
  homepage?: Maybe<PublishForm>
}

/** SPEC §3 Other settings of one language. */
export interface PublishSettings {
  lang: string
  seo?: Maybe<PublishSeo>
  sns?: Maybe<readonly { snsType: string; snsUrl: string }[]>
  company?: Maybe<PublishCompany>
  /** The visitor forms: their pages, and whether the swipe page's links to them are live. */
  forms?: Maybe<PublishForms>
}

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
   * (the path form on the shared sites host, docs/decisions.md "Members' sessions: one origin per
   * site"): the site's own origin (`https://{site-uuid}.<sites domain>` or its custom domain). The
   * member pages (register, sign-in…) then link there and are rendered as redirects there, and the
   * swipe page never asks for members-only creatives. `''`: no such origin, no member links at all.
   * Absent: this render is the site's own origin.
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
}

/** One object of the release, its key relative to the release prefix. */
export interface RenderedFile {
  /** `index.html`, `en/index.html`, `assets/swipe.<hash>.js`, `data/company.en.<hash>.json`… */
  path: string
  contentType: string
  body: string | Uint8Array
  cacheControl: string
}
