/**
 * Where a visitor who converted came from (issue 32 Deliver 4 and 6): what the page's island keeps
 * from the landing and sends with a completed form or sign-up (`ConversionContext`,
 * shared/src/schemas/visitor-forms.ts; this file has no zod, so the island can import it). Two
 * kinds of data, kept apart:
 * - campaign data, no identifier: the UTM parameters, the referring site and which ad click ids
 *   the landing URL carried. First-party only; our own analytics counts conversions by it.
 * - the click ids' values (`fbclid`, `gclid`, `gbraid`, `wbraid`, `ttclid`, LINE's `ldtag_cl`) and
 *   the vendors' browser ids (`_fbp`, `_ttp`): identifiers, kept and sent only after the visitor
 *   consents (the island stores them on "accept"); the server sends them to the ad platforms only
 *   with `consent: 'granted'`.
 */

/** The landing URL's ad click parameters, per ad platform. */
export const CLICK_ID_PARAMS = ['fbclid', 'gclid', 'gbraid', 'wbraid', 'ttclid', 'ldtag_cl'] as const
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number]

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
