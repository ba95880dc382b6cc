/**
 * The media-renditions route of the sites context (issue 22), merged into `sitesRoutes`
 * (./sites.ts). Head in ./routes.ts. The editor polls it after an upload: web renditions are made
 * off the request path, so an upload is `processing` until they exist.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { IdParams } from './common.ts'
import type { RouteIo } from './define.ts'

/**
 * Where a media file stands: `processing` (renditions being made; the original is published
 * meanwhile), `ready` (published as its renditions), `failed` (published as uploaded; `message`
 * says why) and `original` (a file that gets no renditions, or one uploaded before they existed:
 * published as uploaded).
 */
export const MEDIA_STATES = ['processing', 'ready', 'failed', 'original'] as const

export const MediaStatusQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Up to 100 of the site's media keys, comma-separated. */
    keys: z
      .string()
      .min(1)
      .max(20_000)
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.string().min(1).max(300)).min(1).max(100)),
  }),
)

export const MediaStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    key: z.string(),
    state: z.enum(MEDIA_STATES),
    /** Why it failed, in the caller's language. */
    message: z.string().optional(),
  }),
)

export const mediaRoutesIo = {
  'sites.mediaStatus': () => ({
    summary: "The state of some of a site's media: their web renditions being made, ready or failed.",
    params: IdParams,
    query: MediaStatusQuery,
    response: z.object({ media: z.array(MediaStatusSchema) }),
  }),
} satisfies Record<string, () => RouteIo>
