import * as z from 'zod'

/** `{siteId}` of the end-user routes. An id that names no published site is a 404, not a 400. */
export const SiteParams = z.object({ siteId: z.string().min(1).max(64) })

/** `{siteId}` and `{pageId}`: a page order from 1 or a cell reference. */
export const PageParams = SiteParams.extend({ pageId: z.string().min(1).max(8) })

/** `{siteId}` and `{ctaIndex}`: the CTA's index in the site's popup CTAs. */
export const CtaParams = SiteParams.extend({ ctaIndex: z.coerce.number().int().min(0).max(19) })
