import { CtaCounters } from '#data/end-user'
import { isConditionFailure } from '#edge/rate-limit'

/**
 * Popup CTA click counters (docs/data-model.md): one item per site and CTA, changed only by
 * `ADD`. The publisher may read `ctaClicks` to render each CTA's slots as of publication.
 */

/** Clicks counted per CTA index of a site (one query; CTAs never clicked are absent). */
export const ctaClicks = async (siteId: string): Promise<Map<number, number>> => {
  const found = await CtaCounters.query.byCta({ siteId }).go({ pages: 'all' })
  return new Map(found.data.map((c) => [c.ctaIndex, c.clicks ?? 0]))
}

/**
 * Counts one click, atomically. With a `limit`, the write is conditional on fewer clicks than the
 * limit having been counted, so of two visitors racing for the last slot exactly one is counted;
 * the other gets `undefined`. Returns the clicks counted after this one.
 */
export const countClick = async (siteId: string, ctaIndex: number, limit?: number) => {
  if (limit !== undefined && limit <= 0) return undefined
  try {
    const update = CtaCounters.update({ siteId, ctaIndex }).add({ clicks: 1 })
    const { data } = await (limit === undefined
      ? update
      : update.where((attr, op) => `${op.notExists(attr.clicks)} OR ${op.lt(attr.clicks, limit)}`)
    ).go({ response: 'all_new' })
    return data.clicks ?? 1
  } catch (error) {
    if (isConditionFailure(error)) return undefined
    throw error
  }
}
