import { randomInt } from 'node:crypto'
import type { SiteLanguage, UpdateSiteInput } from '@swipe/shared'
import {
  type CreativeView,
  documentFields,
  type GlobalSettingView,
  type MenuView,
  type SettingsView,
  type SiteDocumentKind,
  type SiteView,
} from '@swipe/shared/site/model'
import { Accounts } from '#data/accounts'
import { ExperimentSlots, Experiments } from '#data/experiments'
import { MediaRenditions } from '#data/media-renditions'
import { StoredMedia } from '#data/media-store'
import { ApprovalGates, PublishRequests } from '#data/publish-requests'
import { PublishSchedules } from '#data/publish-schedules'
import { isConditionFailure } from '#data/service'
import { SiteUploads } from '#data/site-uploads'
import { SiteVersions } from '#data/site-versions'
import {
  type Creative,
  type GlobalMenu,
  LegacyCreatives,
  type Site,
  type SiteItems,
  type SiteRow,
  type SiteSetting,
  sitesService,
} from '#data/sites'
import { type OemZones, zoneIn } from '#domain/oem-zones'
import type { Actor } from '#edge/auth'
import { ConflictError } from '#edge/errors'
import { adminOf } from '#edge/tenancy'
import { logger } from '#platform/services/logger'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { siteUrl } from '#platform/services/urls'

/**
 * DynamoDB's TransactWriteItems limit. A save whose changes fit (the site item plus at most 99
 * others) commits in one transaction; a larger one stages its creatives first (update.ts).
 */
export const MAX_TRANSACTION_ITEMS = 100

/** Throws 409 when a conditional transaction lost to another change. */
export const assertCommitted = (result: { canceled: boolean }) => {
  if (result.canceled) throw new ConflictError()
}

/** Whether a conditional write failed its condition (one test for every write: #data/service). */
export { isConditionFailure }

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

/** Every item of a site's partition, read through the site model (`sitesFor(actor).load`). */
export type { SiteItems }

/** The site's grid generation (items written before generations existed count as the first). */
export const gridGenerationOf = (item: { gridGeneration?: number | undefined }) => item.gridGeneration ?? 1

/**
 * A generation number no other save attempt uses: the instant in ms times 4,096 plus a random
 * part (below 2^53). Two attempts staging at once never write into each other's creatives.
 */
export const newGeneration = (now = Date.now()): number => now * 4096 + randomInt(4096)

/**
 * Whether an item belongs to the site as it is now: its language is still one of the site's, and
 * a creative was made for the current grid. Anything else is cleared content awaiting the sweep.
 */
export const isCurrent = (
  site: { languages: readonly string[]; gridGeneration?: number | undefined },
  item: { lang: string; position?: string; gridGeneration?: number | undefined },
) =>
  site.languages.includes(item.lang) &&
  (item.position === undefined || gridGenerationOf(item) === gridGenerationOf(site))

/** A document's fields as an answer gives them: every field of the model, absent ones as null. */
const answered = (kind: SiteDocumentKind, document: Record<string, unknown>) =>
  Object.fromEntries(documentFields(kind).map((field) => [field, document[field] ?? null]))

/**
 * What the public site shows against what is saved (docs/decisions/0015-site-editor.md "Saved is not live:
 * live state, save actions and their toasts"): the version a publish wrote, and whether the site is served
 * publicly with a different version. A site published before versions were recorded has none: its changes
 * count as unpublished until the next publish, since nothing proves the live site shows them.
 */
export const liveStateOf = (site: Pick<Site, 'status' | 'version' | 'publishedVersion'>) => {
  const served = site.status === 'PUBLISH'
  const publishedVersion = served ? (site.publishedVersion ?? null) : null
  return { publishedVersion, unpublishedChanges: served && publishedVersion !== site.version }
}

/** `oemZone`: the site's OEM's verified sites domain (issue 19 white label, `#domain/oem-zones`). */
export const globalSettingOf = (site: Site, oemZone?: string): GlobalSettingView => ({
  id: site.siteId,
  ...(answered('site', site) as Omit<GlobalSettingView, 'id'>),
  status: site.status,
  url: siteUrl(site, oemZone),
  siteUuid: site.siteUuid,
  ownerId: site.ownerId,
  customDomain: site.customDomain ?? null,
  createdAt: iso(site.createdAt),
  updatedAt: iso(site.updatedAt),
  publishedAt: iso(site.publishedAt),
  ...liveStateOf(site),
})

/**
 * The name of each site's parent account (SPEC §2 site list): the owning account's company name,
 * its email when it has none. One batch read for the owners of a page of sites.
 */
export const ownerNames = async (
  sites: readonly Pick<SiteRow, 'ownerId'>[],
): Promise<Map<string, string>> => {
  const ids = [...new Set(sites.map((s) => s.ownerId))]
  const names = new Map<string, string>()
  if (ids.length === 0) return names
  const found = await Accounts.get(ids.map((accountId) => ({ accountId }))).go()
  for (const owner of found.data) names.set(owner.accountId, owner.companyName || owner.email)
  return names
}

/** A row of the site list. */
export const summaryOf = (site: SiteRow, names?: Map<string, string>, zones?: OemZones) => ({
  id: site.siteId,
  name: site.name,
  url: siteUrl(site, zones && zoneIn(zones, site.tenantIds)),
  status: site.status,
  ownerId: site.ownerId,
  ownerName: names?.get(site.ownerId) ?? null,
  numberHorizontal: site.numberHorizontal,
  numberVertical: site.numberVertical,
  // A list row is not read through the model (one bad document must not hide the list): the
  // entity stores languages as the content languages the save wrote.
  languages: site.languages as SiteLanguage[],
  createdAt: iso(site.createdAt),
  publishedAt: iso(site.publishedAt),
  scheduledPublishAt: iso(site.scheduledPublishAt),
  scheduledUnpublishAt: iso(site.scheduledUnpublishAt),
  version: site.version,
})

/** The fields of a creative the editor reads and writes (the model's; keys, generation and lock aside). */
export const creativeFields = (c: Creative): CreativeView => ({
  ...(answered('creative', c) as Omit<CreativeView, 'order'>),
  order: c.order,
})
export const menuFields = (m: GlobalMenu): MenuView => answered('menu', m) as MenuView
export const settingsFields = (s: SiteSetting): SettingsView => answered('settings', s) as SettingsView

/** The whole site as the editor loads it: global setting, menus, creatives, settings, version. */
export const siteView = (site: Site, items: SiteItems, oemZone?: string): SiteView => {
  const byLangThenCell = (a: { lang: string; order?: number }, b: { lang: string; order?: number }) =>
    site.languages.indexOf(a.lang as never) - site.languages.indexOf(b.lang as never) ||
    (a.order ?? 0) - (b.order ?? 0)
  return {
    globalSetting: globalSettingOf(site, oemZone),
    version: site.version,
    menus: items.menus
      .filter((m) => isCurrent(site, m))
      .sort(byLangThenCell)
      .map(menuFields),
    creatives: items.creatives
      .filter((c) => isCurrent(site, c))
      .sort(byLangThenCell)
      .map(creativeFields),
    settings: items.settings
      .filter((s) => isCurrent(site, s))
      .sort(byLangThenCell)
      .map(settingsFields),
  }
}

/** A storage key a site references, and where it sits in the editor's save body. */
export interface KeyRef {
  key: string
  path: string
}

/**
 * Every storage key of the site as the editor sees it (favicon, logo, CTA images, creative media,
 * product images), with its path in a PUT /site/{id} body. Cleared items are left out.
 */
export const siteKeys = (site: Site, items: SiteItems): KeyRef[] => {
  const refs: KeyRef[] = []
  const add = (key: unknown, path: string) => {
    if (typeof key === 'string' && key !== '') refs.push({ key, path })
  }
  add(site.faviconKey, 'globalSetting.faviconKey')
  add(site.logoKey, 'globalSetting.logoKey')
  ;(site.popupCtas ?? []).forEach((cta, i) => {
    cta.localized.forEach((l, j) => {
      add(l.imageUrl, `globalSetting.popupCtas.${i}.localized.${j}.imageUrl`)
    })
  })
  siteView(site, items).creatives.forEach((c, i) => {
    add(c.mediaKey, `creatives.${i}.mediaKey`)
    ;((c.products ?? []) as Array<{ imagePath?: string }>).forEach((p, j) => {
      add(p.imagePath, `creatives.${i}.products.${j}.imagePath`)
    })
  })
  return refs
}

/**
 * Every storage key a draft in the editor's shape names (a save body, or a version's content:
 * publishing/versions.ts), with its field path in a PUT /site/{id} body.
 */
export const draftKeys = (body: Pick<UpdateSiteInput, 'globalSetting' | 'creatives'>): KeyRef[] => {
  const refs: KeyRef[] = []
  const add = (key: string | undefined, path: string) => {
    if (key) refs.push({ key, path: `body.${path}` })
  }
  const g = body.globalSetting
  add(g.faviconKey, 'globalSetting.faviconKey')
  add(g.logoKey, 'globalSetting.logoKey')
  g.popupCtas.forEach((cta, i) => {
    cta.localized.forEach((l, j) => {
      add(l.imageUrl, `globalSetting.popupCtas.${i}.localized.${j}.imageUrl`)
    })
  })
  body.creatives?.forEach((c, i) => {
    add(c.mediaKey, `creatives.${i}.mediaKey`)
    c.products.forEach((p, j) => {
      add(p.imagePath, `creatives.${i}.products.${j}.imagePath`)
    })
  })
  return refs
}

/**
 * `media` of every site answer the editor reads: a presigned GET (one hour) for each key the site
 * references, so the editor can show files it does not otherwise have access to.
 */
export const siteMedia = async (
  site: Site,
  items: SiteItems,
): Promise<Array<{ key: string; url: string }>> => {
  const keys = [...new Set(siteKeys(site, items).map((ref) => ref.key))]
  return Promise.all(keys.map(async (key) => ({ key, url: await presignGet(mediaBucket, key) })))
}

/** Where a site's uploads are stored: `sites/{siteId}/uploads/`. */
export const uploadsPrefix = (siteId: string) => `sites/${siteId}/uploads/`

/** Which of these keys are uploads the server confirmed for this site (one batch read). */
export const confirmedKeys = async (siteId: string, keys: readonly string[]): Promise<Set<string>> => {
  const unique = [...new Set(keys)].filter((key) => key.startsWith(uploadsPrefix(siteId)))
  if (unique.length === 0) return new Set()
  const found = await SiteUploads.get(unique.map((key) => ({ siteId, key }))).go()
  return new Set(found.data.map((upload) => upload.key))
}

/** Deletes what a query found, in batches (nothing when it found nothing). */
const deleteFound = async <T>(
  found: Promise<{ data: T[] }>,
  remove: (items: T[]) => { go: () => Promise<unknown> },
) => {
  const { data } = await found
  if (data.length) await remove(data).go()
}

/** What a sweep reads of a site's items: their keys (items as stored or read through the model). */
interface SweptItems {
  creatives: ReadonlyArray<{
    siteId: string
    lang: SiteLanguage
    position: string
    gridGeneration?: number | undefined
  }>
  menus: ReadonlyArray<{ siteId: string; lang: SiteLanguage }>
  settings: ReadonlyArray<{ siteId: string; lang: SiteLanguage }>
}

/**
 * Deletes cleared content (removed languages, creatives of an older grid) after the save that
 * cleared it committed. Readers already ignore it; a failure here only leaves garbage the next
 * save sweeps again.
 */
export const sweep = async (
  site: Pick<Site, 'siteId'> & Parameters<typeof isCurrent>[0],
  items: SweptItems,
  everything = false,
  legacyKeys = everything,
) => {
  const stale = <T extends { lang: string; position?: string; gridGeneration?: number | undefined }>(
    list: readonly T[],
  ) => list.filter((item) => everything || !isCurrent(site, item))
  const creatives = stale(items.creatives).map(({ siteId, gridGeneration, lang, position }) => ({
    siteId,
    gridGeneration: gridGenerationOf({ gridGeneration }),
    lang,
    position,
  }))
  const menus = stale(items.menus).map(({ siteId, lang }) => ({ siteId, lang }))
  const settings = stale(items.settings).map(({ siteId, lang }) => ({ siteId, lang }))
  try {
    if (creatives.length) await sitesService.entities.creatives.delete(creatives).go({ concurrency: 4 })
    // Items stored before the generation joined the key sit under their old key.
    if (legacyKeys && creatives.length)
      await LegacyCreatives.delete(
        creatives.map(({ siteId, lang, position }) => ({ siteId, lang, position })),
      ).go({ concurrency: 4 })
    if (menus.length) await sitesService.entities.menus.delete(menus).go()
    if (settings.length) await sitesService.entities.settings.delete(settings).go()
    if (everything) {
      const { siteId } = site
      const all = { pages: 'all' } as const
      // A deleted site's records outside the collection, in its partition: its upload records, their
      // renditions (issue 22), where its media were stored (decision 0063), its version history and
      // scheduled changes, its publish requests and approval gate (issue 33), its experiments (issue 34). Its objects go with the site's prefix.
      await deleteFound(SiteUploads.query.byKey({ siteId }).go(all), (d) => SiteUploads.delete(d))
      await deleteFound(MediaRenditions.query.byKey({ siteId }).go(all), (d) => MediaRenditions.delete(d))
      await deleteFound(StoredMedia.query.byKey({ siteId }).go(all), (d) => StoredMedia.delete(d))
      await deleteFound(SiteVersions.query.byVersion({ siteId }).go(all), (d) => SiteVersions.delete(d))
      await deleteFound(PublishSchedules.query.schedule({ siteId }).go(all), (d) =>
        PublishSchedules.delete(d),
      )
      await deleteFound(PublishRequests.query.request({ siteId }).go(all), (d) => PublishRequests.delete(d))
      await ApprovalGates.delete({ siteId }).go()
      // Its experiments and their open slot (issue 34); their counts and visitors expire by TTL.
      await deleteFound(Experiments.query.bySite({ siteId }).go(all), (d) => Experiments.delete(d))
      await ExperimentSlots.delete({ siteId }).go()
    }
  } catch (error) {
    logger.warn('Site sweep incomplete', { siteId: site.siteId, error: (error as Error).name })
  }
}

export type { SiteLanguage }

/** Who an admin actor is in a site's version history: their account and contact name (or email). */
export const authorOf = (actor: Actor | undefined) => {
  const account = adminOf(actor)
  return { accountId: account.accountId, name: account.contactName || account.email }
}
