import { type ContentLanguage, LANGUAGE_SEGMENTS } from './languages.ts'
import { own } from './own.ts'

/**
 * Visitor URLs (SPEC §2 End-user pages). A site is reached on its own host (the default domain
 * `{site-uuid}.<sites-domain>` or a custom domain), where the site segment is left out, or under
 * `/sites/{siteId}`; a custom path prefix may come first. The default language has no segment.
 */
export interface SiteUrlParts {
  lang: ContentLanguage
  defaultLanguage: ContentLanguage
  /** The site of the `/sites/{siteId}` segment; left out when absent or when it is `hostSiteId`. */
  siteId?: string | undefined
  /** The site the host itself serves, if any: its segment is the default and is omitted. */
  hostSiteId?: string | undefined
  /** A custom path prefix such as `/campaign`. */
  prefix?: string | undefined
  /** A page under the site (`register`, `contact`, `forms`, `login`…); none for the swipe page. */
  page?: string | undefined
}

const segmentsOf = (path: string | undefined) =>
  (path ?? '')
    .split('/')
    .filter(Boolean)
    .map((s) => encodeURIComponent(decodeSafe(s)))

const decodeSafe = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * The path of a site page. The swipe page ends with a slash (`/`, `/en/`, `/sites/x/kr/`) so the
 * edge maps it to the folder's index.html; other pages do not (`/en/register`).
 */
export const siteUrl = (parts: SiteUrlParts): string => {
  const segments = segmentsOf(parts.prefix)
  if (parts.siteId && parts.siteId !== parts.hostSiteId)
    segments.push('sites', encodeURIComponent(parts.siteId))
  if (parts.lang !== parts.defaultLanguage) segments.push(LANGUAGE_SEGMENTS[parts.lang])
  const page = segmentsOf(parts.page)
  if (page.length) return `/${[...segments, ...page].join('/')}`
  return segments.length ? `/${segments.join('/')}/` : '/'
}

/**
 * Internal link targets (shared `INTERNAL_LINK_TARGETS`) and the visitor page each opens: the
 * contact form, the homepage ("other") form and the membership sign-up.
 */
export const INTERNAL_PAGES: Record<string, string> = {
  contact: 'contact',
  form: 'forms',
  membership: 'register',
}

/**
 * The membership form's pages: they start or use a member's session, so they exist only on the
 * site's own origin, never on the shared path-form host (docs/decisions/0029-members-sessions.md).
 */
export const MEMBER_PAGES: ReadonlySet<string> = new Set([
  'register',
  'register-success',
  'register-complete',
  'login',
])

export const isMemberPage = (page: string): boolean => MEMBER_PAGES.has(page)

/** The page an internal target opens, or undefined for an unknown target. */
export const internalPage = (target: string | null | undefined): string | undefined =>
  own(INTERNAL_PAGES, target)

/** An http(s) URL as written, or undefined for anything else (javascript:, data:, relative…). */
export const safeExternalUrl = (value: string | null | undefined): string | undefined => {
  const text = value?.trim()
  if (!text) return undefined
  try {
    const parsed = new URL(text)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** A `tel:` link of a phone number (digits, `+`, and the separators people type). */
export const telUrl = (value: string | null | undefined): string | undefined => {
  const digits = (value ?? '').replace(/[\s().-]/g, '')
  return /^\+?\d{3,20}$/.test(digits) ? `tel:${digits}` : undefined
}

/** A cookie path for a site root: `/` or `/sites/x` (no trailing slash, so `/sites/x/en/` is inside). */
export const cookiePath = (root: string): string => (root === '/' ? '/' : root.replace(/\/$/, ''))
