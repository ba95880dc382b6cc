import type { SiteLanguage } from '@swipe/shared'
import { countdownText } from '@swipe/shared/site/countdown'
import { isCtaActive, remainingSlots } from '@swipe/shared/site/cta'

/**
 * Popup CTA rules on the server (SPEC §4), computed with the visitor island's own functions
 * (web-site `isCtaActive`, `remainingSlots`, `countdownText`), so the API and the page can never
 * disagree on whether a CTA shows or how many slots are left.
 */

/** A popup CTA as the site stores it (shared PopupCtaSchema). */
export interface StoredCta {
  kind?: 'TIME_LIMIT' | 'APPLICANT_LIMIT'
  isInternalLink?: boolean
  linkUrl?: string
  localized?: { lang: string; content?: string; imageUrl?: string }[]
  linkButtonColor?: string
  linkTextColor?: string
  startDate?: string
  endDate?: string
  limit?: string
  showRemainingTime?: boolean
  showRemainingSlots?: boolean
  effectiveSheets?: number[]
  animation?: string
  displayPosition?: 'TOP' | 'CENTER' | 'BOTTOM'
}

/** The applicant limit of a CTA, when it is an applicant-limit CTA with a numeric limit. */
export const applicantLimit = (cta: StoredCta): number | undefined => {
  return cta.kind === 'APPLICANT_LIMIT' ? remainingSlots(cta.limit, 0) : undefined
}

/** Whether a CTA has ended: such CTAs are left out, as the renderer leaves them out of the page. */
export const hasEnded = (cta: StoredCta, now: number) =>
  Boolean(cta.endDate) && Date.parse(cta.endDate!) < now

/**
 * Whether `now` lies within the CTA's start and end by the island's rule (only a start: from then
 * on; only an end: until then; equal: that instant). Sheets are the page's business: asked of
 * `isCtaActive` with a sheet the CTA is made to include.
 */
export const withinDates = (cta: StoredCta, now: number) =>
  isCtaActive({ startDate: cta.startDate, endDate: cta.endDate, effectiveSheets: [1] }, now, 1)

export interface CtaState {
  /** Slots left of an applicant-limit CTA (limit − clicks, never below 0); null otherwise. */
  remaining: number | null
  /** The sheets (page orders) the CTA shows on now (every page of the site when none is chosen). */
  activeSheets: number[]
  /** Whether it shows now: on `sheet` when given, else on any of its sheets. */
  active: boolean
  /** The remaining-time text in the page's language (empty once over, "no data" without an end). */
  countdown: string
}

/**
 * A CTA's live state from its rules and the clicks counted so far. `pages` is the site's number
 * of pages: a CTA with no page chosen shows on each of them.
 */
export const ctaState = (
  cta: StoredCta,
  clicks: number,
  now: number,
  lang: SiteLanguage,
  sheet?: number,
  pages = 0,
): CtaState => {
  const remaining = cta.kind === 'APPLICANT_LIMIT' ? remainingSlots(cta.limit, clicks) : undefined
  const rules = {
    startDate: cta.startDate,
    endDate: cta.endDate,
    effectiveSheets: cta.effectiveSheets ?? [],
    kind: cta.kind,
    remaining,
  }
  const chosen = cta.effectiveSheets ?? []
  const sheets = chosen.length ? chosen : Array.from({ length: pages }, (_, i) => i + 1)
  const activeSheets = sheets.filter((s) => isCtaActive(rules, now, s))
  return {
    remaining: remaining ?? null,
    activeSheets,
    active: sheet === undefined ? activeSheets.length > 0 : isCtaActive(rules, now, sheet),
    countdown: countdownText(cta.endDate, now, lang),
  }
}
