import { dropNulls } from '@swipe/shared/nulls'
import { type MessageMatchRule, matchMap, startPagePath } from '@swipe/shared/site/message-match'
import { enabledDestinations, SiteTagsSchema } from '@swipe/shared/site/tags-vendors'
import {
  CACHE_CONTROL,
  fitsFirstWindow,
  inlineCandidates,
  type PublishInput,
  type PublishRenditions,
  publicMediaKeys,
  type RenderedFile,
  renderSitePages,
  renderSwipePage,
  siteLanguages,
} from '@swipe/web-site'
import { type RunningSplit, runningExperiment } from '#data/experiments'
import { type MediaRendition, type Rendition, readyRenditions } from '#data/media-renditions'
import { storedMediaFor } from '#data/media-store'
import { loadSiteItems, type Site, type SiteRow, Sites } from '#data/sites'
import { oemZoneOf } from '#domain/oem-zones'
import { commitSiteStatus } from '#domain/plans'
import { BadRequestError, ConflictError, type FieldIssue, NotFoundError, ValidationError } from '#edge/errors'
import { platform } from '#platform'
import { type HostTarget, PATH_FORM_FOLDER, pathFormKey } from '#platform/services/host-map'
import { siteHosts } from '#platform/services/hosts'
import { logger } from '#platform/services/logger'
import { sharedSitesOrigin, siteUrl } from '#platform/services/urls'
import {
  creativeFields,
  globalSettingOf,
  isConditionFailure,
  isCurrent,
  menuFields,
  type SiteItems,
  settingsFields,
  siteKeys,
} from '../sites/service.ts'
import { summarise, type VersionContent, versionContent } from './changes.ts'
import { type ReleaseMedia, storeMediaCopies } from './media-store.ts'
import {
  carryOver,
  cleanUpReleases,
  deleteAllReleases,
  deleteRelease,
  headMedia,
  listReleases,
  readContent,
  readManifest,
  readMedia,
  writeContent,
  writeManifest,
  writeRelease,
} from './release.ts'
import { expiredReleases, mediaPaths, newReleaseId, releasePrefix } from './retention.ts'
import { latestVersion } from './versions.ts'

/** A site as one query loads it (`sitesFor(actor).load`). */
export interface LoadedSite {
  site: Site
  items: SiteItems
}

/** The site's origin (`https://<host>`) for canonical and alternate links; none where the stage has none. */
const originOf = (site: Site, oemZone?: string): string | undefined => {
  const url = siteUrl(site, oemZone)
  return url ? new URL(url).origin : undefined
}

/**
 * The renderer's input for a site as stored (ARCHITECTURE decision 4): the site model's views, as
 * the editor loads them (the global setting and every current language's menu, creatives and
 * settings), the site served on its own host, media resolved through `media`.
 */
export const publishInput = (
  { site, items }: LoadedSite,
  media: Record<string, string>,
  publishedAt: number,
  /** The OEM's verified sites domain (issue 19 white label): the pages' origin is on it. */
  oemZone?: string,
): PublishInput => {
  const origin = originOf(site, oemZone)
  return {
    site: globalSettingOf(site, oemZone),
    menus: items.menus.filter((m) => isCurrent(site, m)).map(menuFields),
    creatives: items.creatives.filter((c) => isCurrent(site, c)).map(creativeFields),
    settings: items.settings.filter((s) => isCurrent(site, s)).map(settingsFields),
    media,
    publishedAt: new Date(publishedAt).toISOString(),
    address: { form: 'host' },
    // Same origin as the page: the edge forwards /api/v1 to the API, so beacons need no CORS.
    analyticsEndpoint: '/api/v1/analytics/events',
    ...(origin ? { origin } : {}),
  }
}

/**
 * Adds the pages of the `/sites/{siteId}/` path form (SPEC §2) to a release: the same site
 * rendered with that root into `PATH_FORM_FOLDER`, served by the shared sites host. Files both
 * forms reference (script, company texts) are the release's own; a file only the path form
 * names is added at the release root, where the edge looks for files.
 *
 * Every tenant's path form shares that host's origin, so no member session may live there
 * (docs/decisions/0029-members-sessions.md): its member pages send the visitor
 * to the site's own origin (`memberOrigin`), and its swipe page never unlocks.
 */
const withPathForm = (files: RenderedFile[], input: PublishInput): RenderedFile[] => {
  const shared = sharedSitesOrigin()
  const pathForm = renderSitePages({
    ...input,
    address: { form: 'path' },
    memberOrigin: input.origin ?? '',
    ...(shared ? { origin: shared } : { origin: undefined }),
  })
  const known = new Set(files.map((f) => f.path))
  const extra = pathForm.flatMap((file) => {
    if (file.contentType.startsWith('text/html'))
      return [{ ...file, path: `${PATH_FORM_FOLDER}/${file.path}` }]
    return known.has(file.path) ? [] : [file]
  })
  return [...files, ...extra]
}

/** A release written to the sites bucket and not yet served. */
export interface PreparedRelease {
  releaseId: string
  prefix: string
  /** Paths of the rendered files and the shared media the pages reference, relative to the prefix. */
  paths: string[]
  /** Hashed files of recently served releases copied in for visitors still on their pages. */
  carried: string[]
  /** The media copied into the site's store by this publish (none the store or the served release held). */
  copied: string[]
  /** What the release was rendered from (kept beside it for the version history). */
  content: VersionContent
}

/**
 * The releases whose pages visitors may still have open: the one served now and those it
 * replaced within the grace period (none when the site is not served).
 */
export const recentReleases = async (
  site: Pick<SiteRow, 'siteId' | 'status' | 'releaseId'>,
  now: number,
): Promise<string[]> => {
  const served = servedRelease(site)
  if (!served) return []
  const all = await listReleases(site.siteId)
  const expired = new Set(expiredReleases(all, { serving: served, now }))
  return all.filter((id) => id <= served && !expired.has(id))
}

/**
 * Renders the site and writes the release: pages, the hashed files of recently served releases
 * that this one lacks (`carryOver`), and last the manifest (its own hashed files, and the media its
 * pages show by key, which the clean-up keeps). Media are not written: the pages reference the
 * site's store (decision 0063), where the media job put each upload and rendition under its
 * content address. Only media the store does not hold and the served release does not show (an
 * upload still being processed, media from before the store) are checked (HEAD) and copied in, and
 * recorded so no later publish copies them again. The render happens before anything is written,
 * so a render that throws leaves no trace; a write that fails deletes the release it wrote. A media
 * key without an object refuses the publish with 400 `upload.missing` on the field that names it,
 * before anything is written.
 */
export const prepareRelease = async (loaded: LoadedSite, now: number): Promise<PreparedRelease> => {
  const { site } = loaded
  const refs = siteKeys(site, loaded.items)
  const originals = [...new Set(refs.map((ref) => ref.key))]
  const served = servedRelease(site)
  const [oemZone, ready, shown] = await Promise.all([
    oemZoneOf(site.tenantIds),
    readyRenditions(site.siteId, originals),
    served ? readManifest(releasePrefix(site.siteId, served)) : undefined,
  ])
  // The web renditions that are ready (issue 22); any other media is published as uploaded.
  const renditions = publishRenditions(ready)
  const renditionKeys = new Set(Object.values(renditions).flatMap(renditionFiles))
  const keys = [...originals, ...renditionKeys]
  const derived = mediaPaths(keys)
  // Where each key is served from: where the served release has it (a republish reads no more),
  // else the store's record, else where a publish copies it.
  const stored = await storedMediaFor(
    site.siteId,
    keys.filter((key) => shown?.mediaKeys[key] === undefined),
  )
  const paths = new Map(
    keys.map((key) => [key, shown?.mediaKeys[key] ?? stored.get(key)?.path ?? derived.get(key)!]),
  )
  const held = new Set(shown?.media ?? [])
  const outside = (list: string[]) => list.filter((key) => !stored.has(key) && !held.has(paths.get(key)!))
  const keysNeeded = () =>
    publicMediaKeys({ ...publishInput(loaded, Object.fromEntries(paths), now), renditions })
  let needed = keysNeeded()
  let fresh = outside(needed)
  const types = await headMedia(fresh)
  // A rendition whose object is gone leaves its original as uploaded; only a missing original refuses.
  const lost = new Set(fresh.filter((key) => !types.get(key) && renditionKeys.has(key)))
  if (lost.size) {
    for (const [key, made] of Object.entries(renditions))
      if (renditionFiles(made).some((file) => lost.has(file))) delete renditions[key]
    needed = keysNeeded()
    fresh = outside(needed)
  }
  const missing = new Set(fresh.filter((key) => !types.get(key)))
  if (missing.size) {
    const issues: FieldIssue[] = refs
      .filter((ref) => missing.has(ref.key))
      .map((ref) => ({ path: ref.path, code: 'upload.missing', params: { file: ref.key } }))
    throw new ValidationError(issues)
  }
  const copies: ReleaseMedia[] = fresh.map((key) => ({
    key,
    path: paths.get(key)!,
    contentType: types.get(key)!,
  }))
  const mediaKeys = Object.fromEntries(needed.map((key) => [key, paths.get(key)!]))
  const media = [...new Set(Object.values(mediaKeys))]
  const rendered = { ...publishInput(loaded, mediaKeys, now, oemZone), renditions }
  const content = versionContent(rendered)
  // The first creatives' small AVIF files, which a page carries inside when it fits (web-site inline.ts).
  const read = await readMedia(inlineCandidates(rendered))
  const inlineFiles = Object.fromEntries(
    Object.entries(read).map(([key, bytes]) => [key, Buffer.from(bytes).toString('base64')]),
  )
  const input = { ...rendered, inline: { files: inlineFiles, fits: fitsFirstWindow } }
  const files = [
    ...withPathForm(renderSitePages(input), input),
    ...(await startPages(rendered, site.messageMatch as MessageMatchRule[] | undefined)),
  ]
  const releaseId = newReleaseId(now)
  const prefix = releasePrefix(site.siteId, releaseId)
  const own = files.filter((f) => f.cacheControl === CACHE_CONTROL.immutable).map((f) => f.path)
  let carried: string[]
  try {
    await storeMediaCopies(site.siteId, copies)
    await Promise.all([writeRelease(prefix, files), writeContent(prefix, content)])
    const recent = await recentReleases(site, now)
    carried = await carryOver(
      recent.map((id) => releasePrefix(site.siteId, id)),
      prefix,
      new Set(own),
    )
    await writeManifest(prefix, { files: own, mediaKeys })
  } catch (error) {
    await deleteRelease(prefix).catch(() => undefined)
    throw error
  }
  return {
    releaseId,
    prefix,
    paths: [...media, ...files.map((f) => f.path)],
    carried,
    copied: copies.map((m) => m.path),
    content,
  }
}

/**
 * The start pages of a site's message-match rules (issue 34 part 5; shared/src/site/message-match.ts):
 * for each cell a rule opens on (A1 is the page itself), each language's swipe page rendered to open
 * there, carrying that cell's first creative inside when it fits, at `<language>/_start/<cell>/`
 * beside the page. The edge serves one for a swipe-page request whose UTM value matches. A cell
 * that is empty or members-only in a language renders as the page itself (the renderer's rule).
 */
const startPages = async (rendered: PublishInput, rules: readonly MessageMatchRule[] | undefined) => {
  const cells = [...new Set((rules ?? []).map((rule) => rule.cell))].filter((cell) => cell !== 'A1')
  const pages = await Promise.all(
    cells.map(async (cell) => {
      const start = { ...rendered, startCell: cell }
      const read = await readMedia(inlineCandidates(start))
      const files = Object.fromEntries(
        Object.entries(read).map(([key, bytes]) => [key, Buffer.from(bytes).toString('base64')]),
      )
      const input = { ...start, inline: { files, fits: fitsFirstWindow } }
      return siteLanguages(input).map((lang) => {
        const page = renderSwipePage(input, lang)
        return { ...page, path: startPagePath(page.path, cell) }
      })
    }),
  )
  return pages.flat()
}

/** The renderer's view of ready rendition records (storage keys, formats, box widths). */
export const publishRenditions = (
  records: ReadonlyMap<string, MediaRendition>,
): Record<string, PublishRenditions> => {
  const out: Record<string, PublishRenditions> = {}
  for (const [key, record] of records) {
    const files = (record.renditions ?? []) as Rendition[]
    if (record.mediaType === 'video') {
      const video = files.find((f) => f.format === 'mp4')
      const poster = ((record.poster ?? []) as Rendition[]).flatMap((p) =>
        p.format === 'jpeg' || p.format === 'webp' ? [{ format: p.format, key: p.key }] : [],
      )
      if (video) out[key] = { video: video.key, poster }
    } else {
      const images = files.flatMap((f) =>
        f.format === 'mp4' ? [] : [{ format: f.format, key: f.key, width: f.target, bytes: f.bytes }],
      )
      if (images.length) out[key] = { images }
    }
  }
  return out
}

/** Every storage key a renditions entry names. */
export const renditionFiles = (made: PublishRenditions): string[] => [
  ...(made.images ?? []).map((i) => i.key),
  ...(made.poster ?? []).map((p) => p.key),
  ...(made.video ? [made.video] : []),
]

export const readSite = async (siteId: string): Promise<SiteRow | undefined> =>
  (await Sites.get({ siteId }).go({ consistent: true })).data ?? undefined

/**
 * The release the public host map should serve for a stored site: a PUBLISH site's, and a
 * DOMAIN_VERIFYING one's that was published (its default domain keeps serving while the custom
 * domain is verified, issue 19).
 */
export const servedRelease = (site: Pick<SiteRow, 'status' | 'releaseId'> | undefined) =>
  (site?.status === 'PUBLISH' || site?.status === 'DOMAIN_VERIFYING') && site.releaseId
    ? site.releaseId
    : undefined

/** What the host map depends on; a change of it means someone else is applying a newer state. */
const mapState = (
  site: SiteRow | undefined,
  oemZone: string | undefined,
  experiment: RunningSplit | undefined,
) =>
  site
    ? `${site.status}|${site.releaseId ?? ''}|${siteHosts(site, oemZone).join(',')}|${experiment?.experimentId ?? ''}`
    : 'deleted'

/** A stored site and the experiment it runs (issue 34): what the host map serves. */
const readServing = async (siteId: string) => {
  const [site, experiment] = await Promise.all([readSite(siteId), runningExperiment(siteId)])
  return { site, experiment }
}

/**
 * The host map's target of a served release: the release, and while an experiment runs every
 * arm's release with its weight (the edge picks one per visitor), and the live release's
 * message-match map (its start pages). An experiment whose control is no longer the served release
 * is not applied (a publish or a rollback ends it first).
 */
const targetOf = (site: SiteRow, releaseId: string, experiment: RunningSplit | undefined): HostTarget => {
  const { siteId } = site
  const prefix = releasePrefix(siteId, releaseId)
  const matches = site.publishedMatches as Record<string, string> | undefined
  const served = { siteId, prefix, ...(matches && Object.keys(matches).length ? { matches } : {}) }
  if (!experiment || experiment.arms[0]?.releaseId !== releaseId) return served
  return {
    ...served,
    experiment: {
      id: experiment.experimentId,
      arms: experiment.arms.map((arm) => ({
        prefix: releasePrefix(siteId, arm.releaseId),
        weight: arm.weight,
      })),
    },
  }
}

/**
 * Makes the host map serve what the stored site says: its hosts point at its release while it is
 * PUBLISH, and are removed otherwise (draft, private, expired, deleted). Every status change
 * commits first and calls this after; it re-reads the site after writing and applies again if
 * the site changed meanwhile, so of two changes racing, the map ends with the later one.
 * `known` gives the hosts of a site that is already deleted.
 */
export const syncHostMap = async (siteId: string, known: SiteRow): Promise<string | undefined> => {
  let current = await readServing(siteId)
  // The OEM's verified sites domain adds `{site-uuid}.<oem domain>` (issue 19 white label).
  const oemZone = await oemZoneOf((current.site ?? known).tenantIds)
  for (let round = 1; ; round++) {
    const hosts = [...siteHosts(current.site ?? known, oemZone), pathFormKey(siteId)]
    const releaseId = servedRelease(current.site)
    if (releaseId) {
      const target = targetOf(current.site!, releaseId, current.experiment)
      await platform().hostMap.update({ puts: new Map(hosts.map((host) => [host, target])) })
    } else {
      await platform().hostMap.update({ deletes: hosts })
    }
    const after = await readServing(siteId)
    if (
      mapState(after.site, oemZone, after.experiment) === mapState(current.site, oemZone, current.experiment)
    )
      return releaseId
    if (round >= 5) throw new Error(`The host map of site ${siteId} did not settle`)
    current = after
  }
}

/** Test seams: called between the steps of a publish (never set in production). */
export interface PublishHooks {
  /** The release is written, the status not yet committed. */
  afterWrite?: (release: PreparedRelease) => Promise<void>
  /** The status is committed, the host map not yet flipped. */
  beforeFlip?: (release: PreparedRelease) => Promise<void>
}

/** Who publishes (the version history's "by"); none for the seed and other jobs. */
export interface PublishAuthor {
  accountId: string
  name: string
}

export interface PublishOptions {
  author?: PublishAuthor | undefined
  /** The version the caller saw; the status commit is conditioned on it (default: the loaded one). */
  expectVersion?: number
  /** The site, when the caller has loaded it already. */
  loaded?: LoadedSite
  now?: number
  hooks?: PublishHooks
}

/** A site and its items as a publish reads them; 404 when it is gone. */
export const loadSite = async (siteId: string): Promise<LoadedSite> => {
  const items = await loadSiteItems(siteId)
  const site = items.sites[0]
  if (!site) throw new NotFoundError()
  return { site, items }
}

/** The server-side destinations the release's notice lists (the saved setting, read through its schema). */
export const publishedDestinations = (stored: unknown): string[] => {
  const parsed = stored ? SiteTagsSchema.safeParse(dropNulls(stored)) : undefined
  return parsed?.success ? enabledDestinations(parsed.data) : []
}

/**
 * Publishes a site (SPEC §4 "save and publish as public"): renders and writes a new release, then
 * commits status PUBLISH with the release id on the version condition, then flips the host map
 * of the site's hosts to the release, then deletes releases whose grace period is over. A visitor
 * sees the old release or the new one, never a mix. The commit records the version it writes as
 * `publishedVersion`: what the public site shows (a later save makes `unpublishedChanges`). A
 * stale version writes nothing (409); a version that turns stale during the render leaves no
 * status change, no flip and no release.
 */
export const publishSite = async (siteId: string, options: PublishOptions = {}) => {
  const loaded = options.loaded ?? (await loadSite(siteId))
  const { site } = loaded
  const expectVersion = options.expectVersion ?? site.version
  if (site.version !== expectVersion) throw new ConflictError()
  // The control of a running experiment is what is live: a publish would change the test (issue 34).
  if (await runningExperiment(siteId)) throw new BadRequestError('experiment.running')
  const now = options.now ?? Date.now()
  // The version before, read while the release renders and writes (its content is compared with).
  const earlier = latestVersion(siteId).then(async (previous) => ({
    previous,
    before: previous ? await readContent(releasePrefix(siteId, previous.releaseId)) : undefined,
  }))
  earlier.catch(() => undefined)
  const release = await prepareRelease(loaded, now)
  await options.hooks?.afterWrite?.(release)
  const conversions = publishedDestinations(site.adTags)
  // The start pages the release has (issue 34 part 5): the edge's map while it is live.
  const matches = matchMap(site.messageMatch as MessageMatchRule[] | undefined)
  try {
    const { previous, before } = await earlier
    // The commit writes version expectVersion + 1, whose content is what was rendered, and its
    // version record in the same transaction.
    await commitSiteStatus(
      site,
      expectVersion,
      'PUBLISH',
      {
        publishedAt: now,
        releaseId: release.releaseId,
        publishedVersion: expectVersion + 1,
        publishedConversions: conversions,
        ...(matches ? { publishedMatches: matches } : {}),
      },
      matches ? [] : ['publishedMatches'],
      {
        siteId,
        versionId: release.releaseId,
        action: 'publish',
        releaseId: release.releaseId,
        siteVersion: expectVersion + 1,
        at: now,
        summary: summarise(before as VersionContent | undefined, release.content, Boolean(previous)),
        conversions,
        ...(matches ? { matches } : {}),
        ...(options.author ? { byAccountId: options.author.accountId, byName: options.author.name } : {}),
      },
    )
  } catch (error) {
    await deleteRelease(release.prefix).catch(() => undefined)
    if (isConditionFailure(error)) throw new ConflictError()
    throw error
  }
  await options.hooks?.beforeFlip?.(release)
  const served = await syncHostMap(siteId, site)
  const removed = await cleanUpReleases(siteId, { ownerId: site.ownerId, serving: served })
  logger.info('Site published', {
    siteId,
    releaseId: release.releaseId,
    files: release.paths.length,
    copiedMedia: release.copied.length,
    removedReleases: removed.length,
  })
  return { ...release, hosts: siteHosts(site, await oemZoneOf(site.tenantIds)), version: expectVersion + 1 }
}

/**
 * Stops serving a site whose new state is already stored (not PUBLISH, or deleted): removes its
 * hosts from the host map, then deletes the releases it served (a deleted site's all of them).
 */
export const unpublishSite = async (siteId: string, known: SiteRow): Promise<void> => {
  const served = await syncHostMap(siteId, known)
  if (!(await readSite(siteId))) {
    await deleteAllReleases(siteId)
    return
  }
  await cleanUpReleases(siteId, { ownerId: known.ownerId, serving: served, lastServed: known.releaseId })
}

/** The statuses under which a site is not served publicly. */
export type WithdrawnStatus = 'DRAFT' | 'PRIVATE' | 'EXPIRED'

/**
 * Records a status under which the site is not served (SPEC §4: draft, private, expired), on the
 * version condition when one is given, and then unpublishes it. PRIVATE keeps a publish date: it
 * is published to the viewers its creator invites (preview sharing), never to the public host map.
 */
export const withdrawSite = async (
  siteId: string,
  status: WithdrawnStatus,
  options: { expectVersion?: number; now?: number } = {},
): Promise<void> => {
  const site = await readSite(siteId)
  if (!site) throw new NotFoundError()
  const expectVersion = options.expectVersion ?? site.version
  if (site.version !== expectVersion) throw new ConflictError()
  const now = options.now ?? Date.now()
  try {
    await commitSiteStatus(site, expectVersion, status, status === 'PRIVATE' ? { publishedAt: now } : {}, [
      'releaseId',
      'publishedVersion',
      'publishedConversions',
    ])
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError()
    throw error
  }
  await unpublishSite(siteId, site)
}

/**
 * A site whose owner's plan or contract ended (SPEC §4 expired): status EXPIRED, whatever the
 * editor's version, and no longer served. Called by the contract lifecycle once it is wired.
 */
export const expireSite = async (siteId: string, now = Date.now()): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await withdrawSite(siteId, 'EXPIRED', { now })
      return
    } catch (error) {
      // An editor save slipped in between the read and the write: read again and retry.
      if (!(error instanceof ConflictError) || attempt >= 3) throw error
    }
  }
}
