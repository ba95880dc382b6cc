import { toTime } from './countdown.ts'

/** What activity depends on: the CTA's dates, its sheets and, for an applicant limit, its slots. */
export interface CtaRules {
  startDate?: string | number | null | undefined
  endDate?: string | number | null | undefined
  /** Page orders (a creative's row-major order from 1) the CTA shows on. */
  effectiveSheets?: readonly number[] | null | undefined
  kind?: string | null | undefined
  /** Slots left for an applicant-limit CTA, when known. */
  remaining?: number | null | undefined
}

/**
 * Whether a CTA's page selection takes the page of `sheetOrder`: one of the pages chosen, or any
 * page when none is chosen (the editor's 「選択しない場合は、すべてのページに表示されます」).
 */
export const onSheet = (effectiveSheets: readonly number[] | null | undefined, sheetOrder: number): boolean =>
  !effectiveSheets?.length || effectiveSheets.includes(sheetOrder)

/**
 * Whether a popup CTA shows now on the page of `sheetOrder` (SPEC §4): the time lies within its
 * start and end (only a start: from then on; only an end: until then; equal start and end: at that
 * instant; neither: always) and the page is one of its effective sheets (none chosen: every
 * page, `onSheet`). An applicant-limit CTA
 * with no slot left shows no more (docs/decisions/0022-visitor-site.md).
 */
export const isCtaActive = (cta: CtaRules, now: number | Date, sheetOrder: number): boolean => {
  const time = now instanceof Date ? now.getTime() : now
  const start = toTime(cta.startDate ?? undefined)
  const end = toTime(cta.endDate ?? undefined)
  if (start !== undefined && time < start) return false
  if (end !== undefined && time > end) return false
  if (!onSheet(cta.effectiveSheets, sheetOrder)) return false
  if (cta.kind === 'APPLICANT_LIMIT' && typeof cta.remaining === 'number' && cta.remaining <= 0) return false
  return true
}

/** Slots left of an applicant-limit CTA: its limit less the clicks counted, never below zero. */
export const remainingSlots = (
  limit: string | number | null | undefined,
  clicks: number | null | undefined,
): number | undefined => {
  const max = typeof limit === 'number' ? limit : limit ? Number.parseInt(limit, 10) : Number.NaN
  if (!Number.isFinite(max)) return undefined
  return Math.max(0, max - (clicks ?? 0))
}

/** A CTA's text and image in one language, as stored (`CtaLocalizedSchema`). */
export interface CtaLocalized {
  lang: string
  content?: string | null | undefined
  imageUrl?: string | null | undefined
}

/**
 * What a CTA shows on the page of `lang`: that language's own text and image, each falling back
 * on its own to the default language's while the language has none (a CTA is never an empty
 * button because a translation is missing). Empty text counts as none.
 */
export const ctaContentFor = (
  cta: { localized?: readonly CtaLocalized[] | null | undefined },
  lang: string,
  defaultLanguage: string,
): { content: string; imageUrl: string | undefined } => {
  const own = cta.localized?.find((l) => l.lang === lang)
  const fallback = cta.localized?.find((l) => l.lang === defaultLanguage)
  const content = own?.content?.trim() ? own.content : fallback?.content?.trim() ? fallback.content : ''
  const imageUrl = own?.imageUrl || fallback?.imageUrl || undefined
  return { content, imageUrl }
}

/** Every image a CTA names, in any language. */
export const ctaImageKeys = (cta: { localized?: readonly CtaLocalized[] | null | undefined }): string[] =>
  (cta.localized ?? []).flatMap((l) => (l.imageUrl ? [l.imageUrl] : []))
