import { CREATIVE_DEFAULTS, SITE_LANGUAGES, SITE_STATUSES } from '@swipe/shared'
import { Entity, type EntityItem, Service } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'

export { SITE_LANGUAGES }

/**
 * A site's global setting (SPEC §3 Site). The rest of the site (per-language menus, creatives and
 * other settings) are separate small items in the same partition (collection `siteItems`), so one
 * query loads a whole site. `version` is the lock of the whole site: every editor save is one
 * transaction conditioned on it (docs/data-model.md).
 */
export const Sites = new Entity(
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
       * The generation of creatives the site shows (docs/decisions.md "Saves of any size"): a new
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
      viewMode: { type: ['MOBILE', 'PC'] as const, required: true, default: 'MOBILE' },
      defaultLanguage: { type: SITE_LANGUAGES, required: true, default: 'JP' },
      languages: { type: 'list', items: { type: 'string' }, required: true },
      displayLanguageIcon: { type: 'boolean', required: true, default: false },
      displayGlobalMenu: { type: 'boolean', required: true, default: false },
      faviconKey: { type: 'string' },
      logoKey: { type: 'string' },
      globalMenuTextColor: { type: 'string' },
      speakerColor: { type: 'string' },
      /** SPEC §3 Popup CTA list, validated by PopupCtaSchema (a few small entries). */
      popupCtas: { type: 'any', required: true, default: () => [] },
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
       * The rendered release the public host map serves while the status is PUBLISH
       * (`sites/<siteId>/<releaseId>/` in the sites bucket); set with the status, removed when the
       * site stops being served (functions/src/publishing).
       */
      releaseId: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
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
)

/**
 * One cell of the grid in one language (SPEC §3 Creative detail). Position is a cell reference
 * such as B2. The generation is part of the key, so a save can stage a whole new set of creatives
 * beside the one readers see (docs/data-model.md).
 */
export const Creatives = new Entity(
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
      isInternalLink: { type: 'boolean', default: CREATIVE_DEFAULTS.isInternalLink },
      linkButtonColor: { type: 'string', default: CREATIVE_DEFAULTS.linkButtonColor },
      linkTextColor: { type: 'string', default: CREATIVE_DEFAULTS.linkTextColor },
      price: { type: 'number' },
      priceTextColor: { type: 'string' },
      snsConfig: { type: 'boolean', default: CREATIVE_DEFAULTS.snsConfig },
      showCompany: { type: 'boolean', default: CREATIVE_DEFAULTS.showCompany },
      membersOnlyLock: { type: 'boolean', default: CREATIVE_DEFAULTS.membersOnlyLock },
      hoverArrowColor: { type: 'string', default: CREATIVE_DEFAULTS.hoverArrowColor },
      arrowFadeInterval: { type: 'number' },
      sliderSeconds: { type: 'number' },
      /** Validated by ImageLinkPointSchema / ProductSchema; at most 20 each, so the item stays small. */
      imageLinkPoints: { type: 'any', default: () => [] },
      products: { type: 'any', default: () => [] },
      version: { type: 'number', required: true, default: 1 },
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
)

/**
 * Creatives as they were keyed before the generation joined the key (`lang`, `position`): only
 * to delete such items once a save has replaced them (`sweep`). The collection query reads both
 * kinds as `creatives` (same entity name and version).
 */
export const LegacyCreatives = new Entity(
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
)

/** The global menu of one language (SPEC §3 Global menu): its items and text colour. */
export const GlobalMenus = new Entity(
  {
    model: { entity: 'globalMenu', version: '1', service: SERVICE },
    attributes: {
      siteId: { type: 'string', required: true, readOnly: true },
      lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
      /** `[{ id, name }]`, validated by MenuItemsSchema. */
      items: { type: 'any', required: true, default: () => [] },
      textColor: { type: 'string' },
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
)

/** Other settings of one language (SPEC §3): SEO and tags, SNS links, company and legal texts. */
export const SiteSettings = new Entity(
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
)

/** A site's items: loaded by one query on the partition, saved by one transaction. */
export const sitesService = new Service(
  { sites: Sites, creatives: Creatives, menus: GlobalMenus, settings: SiteSettings },
  entityConfig,
)

export type Site = EntityItem<typeof Sites>
export type Creative = EntityItem<typeof Creatives>
export type GlobalMenu = EntityItem<typeof GlobalMenus>
export type SiteSetting = EntityItem<typeof SiteSettings>
