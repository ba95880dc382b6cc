import { SITE_STATUSES } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'

export const SITE_LANGUAGES = ['JP', 'EN', 'CN', 'KR'] as const

/**
 * A site's global setting (SPEC §3 Site). The rest of the site (per-language creatives, menus,
 * settings) are separate small items in the same partition (collection `siteItems`).
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
      status: { type: SITE_STATUSES, required: true, default: 'DRAFT' },
      numberHorizontal: { type: 'number', required: true },
      numberVertical: { type: 'number', required: true },
      viewMode: { type: ['MOBILE', 'PC'] as const, required: true, default: 'MOBILE' },
      defaultLanguage: { type: SITE_LANGUAGES, required: true, default: 'JP' },
      languages: { type: 'list', items: { type: 'string' }, required: true },
      displayLanguageIcon: { type: 'boolean', required: true, default: false },
      displayGlobalMenu: { type: 'boolean', required: true, default: false },
      globalMenuTextColor: { type: 'string' },
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
    },
  },
  entityConfig,
)

/** One cell of the grid in one language (SPEC §3 Creative detail). Position is a cell reference such as B2. */
export const Creatives = new Entity(
  {
    model: { entity: 'creative', version: '1', service: SERVICE },
    attributes: {
      siteId: { type: 'string', required: true, readOnly: true },
      lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
      position: { type: 'string', required: true, readOnly: true },
      order: { type: 'number', required: true },
      mediaKey: { type: 'string' },
      mediaType: { type: ['image', 'video'] as const },
      imageAlt: { type: 'string' },
      mainText: { type: 'string' },
      mainTextColor: { type: 'string' },
      linkButtonText: { type: 'string' },
      linkDestinationUrl: { type: 'string' },
      isInternalLink: { type: 'boolean', default: false },
      linkButtonColor: { type: 'string', default: '#99D52A' },
      linkTextColor: { type: 'string', default: '#FFFFFF' },
      membersOnlyLock: { type: 'boolean', default: false },
      version: { type: 'number', required: true, default: 1 },
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

export type Site = EntityItem<typeof Sites>
export type Creative = EntityItem<typeof Creatives>
