/**
 * The site model's defaults (SPEC §3), declared once. No zod here, so the visitor page's renderer,
 * its island and the console's first load can read them without the schemas: the model's schemas
 * (`model.ts`), the entities, the API's views, the editor's new items and the published page all
 * take their defaults from these objects.
 */

/**
 * The schema version of the stored site documents this code writes (the Site item and its
 * creatives, menus and settings). Reads bring older documents up to it (`migrations.ts`).
 */
export const SITE_SCHEMA_VERSION = 3

/** SPEC §3 Creative detail. */
export const CREATIVE_DEFAULTS = {
  isInternalLink: false,
  linkButtonColor: '#99D52A',
  linkTextColor: '#FFFFFF',
  membersOnlyLock: false,
  hoverArrowColor: '#FFFFFF',
} as const

/** The media of a creative saved without a type. */
export const DEFAULT_MEDIA_TYPE = 'image' as const

/** SPEC §3 Product: a green button, the card at (65, 260) on the 351 × 535 frame. */
export const PRODUCT_DEFAULTS = {
  productName: '',
  linkButtonColor: '#2BAA50',
  linkTextColor: '#FFFFFF',
  coordinateX: 65,
  coordinateY: 260,
  isInternalLink: false,
  order: 0,
} as const

/** A point on a creative image that links somewhere. */
export const LINK_POINT_DEFAULTS = { isInternalLink: false } as const

/** SPEC §3 Popup CTA: red button, white text, no animation, at the bottom, on every page (no page chosen). */
export const CTA_DEFAULTS = {
  isInternalLink: false,
  linkButtonColor: '#FF0000',
  linkTextColor: '#FFFFFF',
  showRemainingTime: false,
  showRemainingSlots: false,
  animation: 'NONE',
  displayPosition: 'BOTTOM',
} as const

/** SPEC §3 Site (global setting). */
export const GLOBAL_SETTING_DEFAULTS = {
  viewMode: 'MOBILE',
  defaultLanguage: 'JP',
  displayLanguageIcon: false,
  displayGlobalMenu: false,
  /**
   * How a creative meets a phone's screen (docs/decisions/0024-creative-frame-on-phones.md): FILL
   * covers the screen, FIT shows the whole 351 × 535 frame (SPEC §9) at the screen's width.
   */
  creativeFit: 'FILL',
} as const

/** The languages of a site created without any. */
export const DEFAULT_SITE_LANGUAGES = ['JP'] as const

/** SPEC §3 Other settings: the company profile and legal texts, shown nowhere until switched on. */
export const COMPANY_DEFAULTS = {
  companyProfile: '',
  companyClause: '',
  termsOfService: '',
  privacyPolicy: '',
  contractAgreementRequired: false,
  showInForm: false,
  showInMemberShip: false,
  showInContact: false,
} as const

/** SPEC §3 Other settings: no head or body tags. */
export const SEO_DEFAULTS = { head: '', body: '' } as const
