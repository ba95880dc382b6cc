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
 * Whether a popup CTA shows now on the page of `sheetOrder` (SPEC §4): the time lies within its
 * start and end (only a start: from then on; only an end: until then; equal start and end: at that
 * instant; neither: always) and the page is one of its effective sheets. An applicant-limit CTA
 * with no slot left shows no more (docs/decisions.md, "Visitor site").
 */
export const isCtaActive = (cta: CtaRules, now: number | Date, sheetOrder: number): boolean => {
  const time = now instanceof Date ? now.getTime() : now
  const start = toTime(cta.startDate ?? undefined)
  const end = toTime(cta.endDate ?? undefined)
  if (start !== undefined && time < start) return false
  if (end !== undefined && time > end) return false
  if (!(cta.effectiveSheets ?? []).includes(sheetOrder)) return false
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
