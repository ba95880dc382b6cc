import { gzipSync } from 'node:zlib'
import { renderSitePages, swipePagePath } from '@swipe/web-site'
import { type MediaRendition, type Rendition, readyOf, renditionRecords } from '#data/media-renditions'
import { PreviewComments } from '#data/previews'
import { oemZoneOf } from '#domain/oem-zones'
import { attemptHead } from '#domain/webhooks'
import { platform } from '#platform'
import { siteKeys } from '../../sites/service.ts'
import { type LoadedSite, publishInput, publishRenditions, renditionFiles } from '../publish.ts'
import { mediaPaths } from '../retention.ts'
import { externalLinks } from './rules.ts'
import type { ChecklistInput, LinkFacts, MediaFacts } from './types.ts'

/** The phone the first-creative budget is measured for: 390 CSS px wide at 3× (the page's `sizes` is the frame's width). */
const PHONE_PIXELS = 390 * 3

/** The whole link check ends by then: a link that has not answered is `unchecked`, not unreachable. */
export const LINK_CHECK_DEADLINE_MS = 1200
/** Links checked at once. */
const LINK_CONCURRENCY = 12
/** At most this many distinct addresses are checked per run (the rest are `unchecked`). */
const LINK_CHECK_MAX = 120

/**
 * The bytes of the image a phone loads for a media record: the picture's first source (AVIF, else
 * WebP, else JPEG, as the page lists them) at the smallest width covering `PHONE_PIXELS`, else the
 * widest; a video's poster the same way.
 */
export const phoneBytes = (record: MediaRendition): number | undefined => {
  const files = ((record.mediaType === 'video' ? record.poster : record.renditions) ?? []) as Rendition[]
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    const sized = files.filter((f) => f.format === format).sort((a, b) => a.target - b.target)
    if (!sized.length) continue
    return (sized.find((f) => f.target >= PHONE_PIXELS) ?? sized.at(-1)!).bytes
  }
  return undefined
}

/**
 * Each distinct address's answer to one HEAD through the outbound-address policy, all within
 * `deadlineMs`: an address refused by the policy is `failed` with its category, one that has not
 * answered by the deadline is `unchecked`.
 */
export const checkLinks = async (
  urls: readonly string[],
  deadlineMs = LINK_CHECK_DEADLINE_MS,
): Promise<Map<string, LinkFacts>> => {
  const found = new Map<string, LinkFacts>(urls.map((url) => [url, { result: 'unchecked' }]))
  const queue = [...new Set(urls)].slice(0, LINK_CHECK_MAX)
  const ends = Date.now() + deadlineMs
  const resolve = platform().outbound.linkResolver
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const left = ends - Date.now()
      if (left <= 50) return
      const answer = await attemptHead(
        url,
        { 'user-agent': 'SwipeLPStudio-LinkCheck/1.0' },
        { deadlineMs: left, ...(resolve ? { resolve } : {}) },
      )
      if (answer.status !== undefined)
        // 405 and 501: a server that does not take HEAD is there all the same.
        found.set(
          url,
          answer.status < 400 || answer.status === 405 || answer.status === 501
            ? { result: 'ok', status: answer.status }
            : { result: 'status', status: answer.status },
        )
      else if (answer.error !== 'timeout')
        found.set(url, { result: 'failed', category: answer.error ?? 'network' })
    }
  }
  await Promise.all(Array.from({ length: LINK_CONCURRENCY }, worker))
  return found
}

/**
 * What the checklist reads for a loaded site (./types.ts), gathered at once: the rendition records
 * of its media, the first page of each language rendered as a publish would (with the renditions
 * that are ready; media at the paths a publish derives), the open blocking review comments, and
 * the answers of its external links.
 */
export const gatherChecklist = async (loaded: LoadedSite, now: number): Promise<ChecklistInput> => {
  const { site } = loaded
  const keys = [...new Set(siteKeys(site, loaded.items).map((ref) => ref.key))]
  const [oemZone, records, comments] = await Promise.all([
    oemZoneOf(site.tenantIds),
    renditionRecords(site.siteId, keys),
    PreviewComments.query.comment({ siteId: site.siteId }).go({ pages: 'all' }),
  ])
  const renditions = publishRenditions(readyOf(records))
  const renditionKeys = Object.values(renditions).flatMap(renditionFiles)
  const paths = Object.fromEntries(mediaPaths([...keys, ...renditionKeys]))
  const input = { ...publishInput(loaded, paths, now, oemZone), renditions }
  const media = new Map<string, MediaFacts>(
    records.map((r) => [
      r.key,
      { state: r.state, mediaType: r.mediaType === 'video' ? 'video' : 'image', phoneBytes: phoneBytes(r) },
    ]),
  )
  const base: ChecklistInput = {
    site: input.site,
    creatives: input.creatives,
    menus: input.menus,
    settings: input.settings,
    now,
    media,
    firstHtml: [],
    blockingComments: comments.data
      .filter((c) => c.status === 'open' && c.blocking && site.languages.includes(c.lang as never))
      .map((c) => ({ id: c.commentId, cell: c.cell, lang: c.lang, text: c.text })),
    links: new Map(),
  }
  // The links are asked first: their answers arrive while the pages render.
  const links = checkLinks(externalLinks(base).map((l) => l.url))
  const files = renderSitePages(input)
  const firstHtml = site.languages.flatMap((lang) => {
    const page = files.find((f) => f.path === swipePagePath(lang, lang === site.defaultLanguage))
    return page ? [{ lang, gzipBytes: gzipSync(page.body).length }] : []
  })
  return { ...base, firstHtml, links: await links }
}
