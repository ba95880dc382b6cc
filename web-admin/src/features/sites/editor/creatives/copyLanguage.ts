import type { SiteLanguage } from '@swipe/shared'
import type { Creative } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'
import { newCreative } from './model.ts'

/**
 * "Copy creatives from another language" (docs/decisions/0018-multilingual-sites.md): every cell of the grid
 * that has something set in the source language (media, texts, links, products, link points, colours,
 * switches) is copied whole into the same cell of the target language; cells blank in the source leave the
 * target's cell as it is.
 */

/** A cell with nothing set: every field as a fresh cell has it. */
export const isBlank = (creative: Creative | undefined): boolean => {
  if (!creative) return true
  const fresh = newCreative(creative.lang, creative.position) as unknown as Record<string, unknown>
  const actual = creative as unknown as Record<string, unknown>
  return Object.keys(fresh).every(
    (k) => JSON.stringify(actual[k] ?? null) === JSON.stringify(fresh[k] ?? null),
  )
}

const byPosition = (draft: SiteDraft, lang: SiteLanguage) =>
  new Map(draft.creatives.filter((c) => c.lang === lang).map((c) => [c.position, c]))

export interface CopyPlan {
  /** Cells of the grid the source language has something in: the ones copied. */
  copied: string[]
  /** Of those, the cells the target language already has something in: overwritten by the copy. */
  overwritten: string[]
}

/** What copying `from` into `to` would do, in grid order. */
export const planCopy = (
  draft: SiteDraft,
  from: SiteLanguage,
  to: SiteLanguage,
  positions: readonly string[],
): CopyPlan => {
  const source = byPosition(draft, from)
  const target = byPosition(draft, to)
  const copied = positions.filter((p) => !isBlank(source.get(p)))
  return { copied, overwritten: copied.filter((p) => !isBlank(target.get(p))) }
}

/** The draft with the source language's cells copied into the target language (one change). */
export const copyCreatives = (
  draft: SiteDraft,
  from: SiteLanguage,
  to: SiteLanguage,
  positions: readonly string[],
): SiteDraft => {
  if (from === to) return draft
  const source = byPosition(draft, from)
  const { copied } = planCopy(draft, from, to, positions)
  if (copied.length === 0) return draft
  const replaced = new Set(copied)
  return {
    ...draft,
    creatives: [
      ...draft.creatives.filter((c) => c.lang !== to || !replaced.has(c.position)),
      ...copied.map((p) => ({ ...structuredClone(source.get(p)!), lang: to })),
    ],
  }
}

/** The draft with one language's creatives put back as they were (undo of a copy). */
export const restoreCreatives = (
  draft: SiteDraft,
  lang: SiteLanguage,
  before: readonly Creative[],
): SiteDraft => ({
  ...draft,
  creatives: [...draft.creatives.filter((c) => c.lang !== lang), ...before],
})

/** One language's creatives, for comparing and restoring. */
export const creativesOf = (draft: SiteDraft, lang: SiteLanguage): Creative[] =>
  draft.creatives.filter((c) => c.lang === lang)
