import { SITE_STATUSES } from '@swipe/shared'
import { BOTTOM_BAR_DEFAULTS } from '@swipe/shared/site/bottom-bar'
import { readDocument } from '@swipe/shared/site/migrations'
import {
  type CreativeDocument,
  documentFields,
  type MenuDocument,
  type SettingsDocument,
  SITE_LANGUAGES,
  type SiteDocument,
  type SiteDocumentKind,
} from '@swipe/shared/site/model'
import {
  CREATIVE_DEFAULTS as C,
  GLOBAL_SETTING_DEFAULTS as G,
  SITE_SCHEMA_VERSION,
} from '@swipe/shared/site/model-defaults'
import { Entity, type EntityItem, Service } from 'electrodb'
import { AppError } from '#edge/errors'
import { logger } from '#platform/services/logger'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

export { SITE_LANGUAGES }

/**
 * The site's stored documents (docs/decisions/0004-site-model.md): each
 * item's fields besides its keys and bookkeeping are one document of the shared site model
 * (`@swipe/shared/site/model`), and `schemaVersion` names the model version it was written under
 * (absent: written before versions existed, read as 1). Readers take items through `readSite`,
 * `readSiteItems`… which bring them up to the current version and check them against the model.
 * ElectroDB's own `model.version` ('1') is how ElectroDB recognises an entity's items, not the
 * document's version: changing it would hide every stored item, so it stays.
 */
const schemaVersion = { type: 'number', default: () => SITE_SCHEMA_VERSION } as const

/**
 * A site's global setting (SPEC §3 Site). The rest of the site (per-language menus, creatives and
 * other settings) are separate small items in the same partition (collection `siteItems`), so one
 * query loads a whole site. `version` is the lock of the whole site: every editor save is one
 * transaction conditioned on it (docs/data-model.md).
 */
export const Sites = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'site', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          /** The owner's ancestors plus the owner: who may see this site, without a walk. */
          tenantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
          siteUuid: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          /** Lower-cased name, for the list's name filter. */
          searchName: {
            type: 'string',
            watch: ['name'],
            set: (_, item: { name?: string }) => (item.name ?? '').toLowerCase(),
          },
          status: { type: SITE_STATUSES, required: true, default: 'DRAFT' },
          numberHorizontal: { type: 'number', required: true },
          numberVertical: { type: 'number', required: true },
          /**
           * The generation of creatives the site shows (docs/decisions/0017-saves-of-any-size.md): a new
           * one is made when the grid size changes (the creatives are cleared) and when a save changes
           * more creatives than one transaction holds (every creative is staged under the new
           * generation, then one transaction flips this number with the version). Creatives of any
           * other generation are ignored on read at once and deleted after the save. Only compared
           * for equality; new ones are unique per save attempt (`newGeneration`).
           */
          gridGeneration: { type: 'number', required: true, default: 1 },
          /**
           * Whether every creative of the site is keyed with its generation. Sites stored before the
           * generation joined the key lack it: their next save stages every creative anew, and the
           * sweep deletes the old items under their old keys (`LegacyCreatives`).
           */
          keyedCreatives: { type: 'boolean', default: true },
          viewMode: { type: ['MOBILE', 'PC'] as const, required: true, default: G.viewMode },
          defaultLanguage: { type: SITE_LANGUAGES, required: true, default: G.defaultLanguage },
          languages: { type: 'list', items: { type: 'string' }, required: true },
          displayLanguageIcon: { type: 'boolean', required: true, default: G.displayLanguageIcon },
          displayGlobalMenu: { type: 'boolean', required: true, default: G.displayGlobalMenu },
          /** Optional; absent reads as G.creativeFit (docs/decisions/0024-creative-frame-on-phones.md). */
          creativeFit: { type: ['FILL', 'FIT'] as const },
          faviconKey: { type: 'string' },
          logoKey: { type: 'string' },
          globalMenuTextColor: { type: 'string' },
          speakerColor: { type: 'string' },
          /** SPEC §3 Popup CTA list, validated by PopupCtaSchema (a few small entries). */
          popupCtas: { type: 'any', required: true, default: () => [] },
          /** Ad tags by ID and the consent mode, validated by SiteTagsSchema (shared/src/site/tags-vendors.ts). */
          adTags: { type: 'any' },
          messageMatch: { type: 'any' },
          customDomain: { type: 'string' },
          createdAt: { type: 'number', required: true, default: () => Date.now(), readOnly: true },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => Date.now(),
            watch: '*',
            set: () => Date.now(),
          },
          publishedAt: { type: 'number' },
          /**
           * When a scheduled publish and unpublish will run (issue 33 part 6): mirrors of the site's
           * `PublishSchedules` items for the site list, written and removed with them.
           */
          scheduledPublishAt: { type: 'number' },
          scheduledUnpublishAt: { type: 'number' },
          /**
           * The rendered release the public host map serves while the status is PUBLISH
           * (`sites/<siteId>/<releaseId>/` in the sites bucket); set with the status, removed when the
           * site stops being served (functions/src/publishing).
           */
          releaseId: { type: 'string' },
          /**
           * The site version whose content the served release shows: the version the publish commit
           * wrote, carried over by a save that changes nothing, removed with `releaseId`. A PUBLISH site
           * whose `version` differs has saved changes visitors do not see yet (`unpublishedChanges`).
           */
          publishedVersion: { type: 'number' },
          /**
           * The server-side conversion destinations the served release's notice lists (issue 32): set
           * by the publish, removed with `releaseId`. Server events go only to destinations both on in
           * the saved settings and in this list, so no visitor's data goes anywhere the notice they
           * consented under did not name.
           */
          publishedConversions: { type: 'list', items: { type: 'string' } },
          /** The message-match map of the live release (issue 34 part 5): what the edge applies. */
          publishedMatches: { type: 'any' },
          version: { type: 'number', required: true, default: 1 },
          /**
           * The model version of the document (see above). Stamped whenever the document is written:
           * on create, and by any update that sets a document field (the editor's save writes the
           * whole global setting); a status change or a publication leaves it as it was.
           */
          schemaVersion: {
            ...schemaVersion,
            watch: documentFields('site'),
            set: () => SITE_SCHEMA_VERSION,
          },
        },
        indexes: {
          byId: {
            collection: 'siteItems',
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: [] },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'] },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'siteId'] },
          },
          /** The site a default-domain host `<siteUuid>.<sites domain>` names (end-user site lookup). */
          byUuid: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['siteUuid'] },
            sk: { field: 'gsi2sk', composite: [] },
          },
          /** The site a custom domain names (end-user site lookup); sparse: only sites with a domain. */
          byCustomDomain: {
            index: 'gsi3',
            pk: { field: 'gsi3pk', composite: ['customDomain'] },
            sk: { field: 'gsi3sk', composite: [] },
          },
          /** Every site, newest first: the platform staff's site list. */
          all: {
            index: 'gsi4',
            pk: { field: 'gsi4pk', composite: [] },
            sk: { field: 'gsi4sk', composite: ['createdAt', 'siteId'] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * One cell of the grid in one language (SPEC §3 Creative detail). Position is a cell reference
 * such as B2. The generation is part of the key, so a save can stage a whole new set of creatives
 * beside the one readers see (docs/data-model.md).
 */
export const Creatives = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'creative', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
          position: { type: 'string', required: true, readOnly: true },
          /** The site's generation this creative belongs to (see Sites.gridGeneration); part of the key. */
          gridGeneration: { type: 'number', required: true, default: 1, readOnly: true },
          order: { type: 'number', required: true },
          mediaKey: { type: 'string' },
          mediaType: { type: ['image', 'video'] as const },
          imageAlt: { type: 'string' },
          mainText: { type: 'string' },
          mainTextColor: { type: 'string' },
          linkButtonText: { type: 'string' },
          linkDestinationUrl: { type: 'string' },
          isInternalLink: { type: 'boolean', default: C.isInternalLink },
          linkButtonColor: { type: 'string', default: C.linkButtonColor },
          linkTextColor: { type: 'string', default: C.linkTextColor },
          price: { type: 'number' },
          priceTextColor: { type: 'string' },
          /** Absent: the creative follows its language's bottom-bar default. */
          snsConfig: { type: 'boolean' },
          showCompany: { type: 'boolean' },
          membersOnlyLock: { type: 'boolean', default: C.membersOnlyLock },
          hoverArrowColor: { type: 'string', default: C.hoverArrowColor },
          arrowFadeInterval: { type: 'number' },
          sliderSeconds: { type: 'number' },
          /** Validated by ImageLinkPointSchema / ProductSchema; at most 20 each, so the item stays small. */
          imageLinkPoints: { type: 'any', default: () => [] },
          products: { type: 'any', default: () => [] },
          version: { type: 'number', required: true, default: 1 },
          /** The model version of the document (a creative is always written whole). */
          schemaVersion,
        },
        indexes: {
          byId: {
            collection: 'siteItems',
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['gridGeneration', 'lang', 'position'] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * Creatives as they were keyed before the generation joined the key (`lang`, `position`): only
 * to delete such items once a save has replaced them (`sweep`). The collection query reads both
 * kinds as `creatives` (same entity name and version).
 */
export const LegacyCreatives = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'creative', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
          position: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byId: {
            collection: 'siteItems',
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['lang', 'position'] },
          },
        },
      },
      entityConfig,
    ),
)

/** The global menu of one language (SPEC §3 Global menu): its items and text colour. */
export const GlobalMenus = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'globalMenu', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
          /** `[{ id, name }]`, validated by MenuItemsSchema. */
          items: { type: 'any', required: true, default: () => [] },
          textColor: { type: 'string' },
          /** The model version of the document (a menu is always written whole). */
          schemaVersion,
        },
        indexes: {
          byId: {
            collection: 'siteItems',
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['lang'] },
          },
        },
      },
      entityConfig,
    ),
)

/** Other settings of one language (SPEC §3): SEO and tags, SNS links, company and legal texts. */
export const SiteSettings = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteSettings', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
          /** Validated by SeoConfigSchema, SnsLinkSchema and CompanySchema. */
          seo: { type: 'any' },
          sns: { type: 'any', required: true, default: () => [] },
          company: { type: 'any' },
          /** Validated by SiteFormsSchema: contact, membership and homepage forms. */
          forms: { type: 'any' },
          showSnsByDefault: { type: 'boolean', default: BOTTOM_BAR_DEFAULTS.showSnsByDefault },
          showCompanyByDefault: { type: 'boolean', default: BOTTOM_BAR_DEFAULTS.showCompanyByDefault },
          /** The model version of the document (settings are always written whole). */
          schemaVersion,
        },
        indexes: {
          byId: {
            collection: 'siteItems',
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['lang'] },
          },
        },
      },
      entityConfig,
    ),
)

/** A site's items: loaded by one query on the partition, saved by one transaction. */
export const sitesService = lazy(
  () =>
    new Service(
      { sites: Sites, creatives: Creatives, menus: GlobalMenus, settings: SiteSettings },
      entityConfig,
    ),
)

/** A stored item with its document as the current model reads it. */
type Read<Row, Document> = Omit<Row, keyof Document> & Document

export type SiteRow = EntityItem<typeof Sites>
export type Site = Read<SiteRow, SiteDocument>
export type Creative = Read<EntityItem<typeof Creatives>, CreativeDocument>
export type GlobalMenu = Read<EntityItem<typeof GlobalMenus>, MenuDocument>
export type SiteSetting = Read<EntityItem<typeof SiteSettings>, SettingsDocument>

/**
 * A stored site document that no migration brings into line with the model: 500, logged with
 * where it is and which fields fail (never their values). The data is not replaced by defaults.
 */
export class StoredDataError extends AppError {
  constructor() {
    super(500, 'error.storedData')
  }
}

const readItem = <K extends SiteDocumentKind, Row extends Record<string, unknown>>(kind: K, row: Row) => {
  const read = readDocument(kind, row)
  if (!read.ok) {
    const where = row as { siteId?: unknown; lang?: unknown; position?: unknown }
    logger.error('Stored site document unreadable', {
      siteId: where.siteId,
      lang: where.lang,
      position: where.position,
      ...read.problem,
    })
    throw new StoredDataError()
  }
  const rest = Object.fromEntries(
    Object.entries(row).filter(([k]) => !(documentFields(kind) as string[]).includes(k)),
  )
  return { ...rest, ...read.document, schemaVersion: SITE_SCHEMA_VERSION }
}

/** The Site item, its global setting read through the model (migrated, checked). */
export const readSite = (row: SiteRow): Site => readItem('site', row) as unknown as Site
export const readCreative = (row: EntityItem<typeof Creatives>): Creative =>
  readItem('creative', row) as unknown as Creative
export const readMenu = (row: EntityItem<typeof GlobalMenus>): GlobalMenu =>
  readItem('menu', row) as unknown as GlobalMenu
export const readSettings = (row: EntityItem<typeof SiteSettings>): SiteSetting =>
  readItem('settings', row) as unknown as SiteSetting

type StoredSiteItems = Awaited<
  ReturnType<ReturnType<typeof sitesService.collections.siteItems>['go']>
>['data']

/** Every item of a site's partition, read through the model. */
export interface SiteItems {
  sites: Site[]
  creatives: Creative[]
  menus: GlobalMenu[]
  settings: SiteSetting[]
}

export const readSiteItems = (data: StoredSiteItems): SiteItems => ({
  sites: data.sites.map(readSite),
  creatives: data.creatives.map(readCreative),
  menus: data.menus.map(readMenu),
  settings: data.settings.map(readSettings),
})

/** Every item of a site's partition (one query), read through the model. */
export const loadSiteItems = async (siteId: string, options: { consistent?: boolean } = {}) =>
  readSiteItems((await sitesService.collections.siteItems({ siteId }).go({ pages: 'all', ...options })).data)
