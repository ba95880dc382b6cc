import { documentFields, type SiteDocumentKind } from '@swipe/shared/site/model'
import { SITE_SCHEMA_VERSION } from '@swipe/shared/site/model-defaults'
import { describe, expect, it } from 'vitest'
import {
  Creatives,
  GlobalMenus,
  readCreative,
  readSettings,
  SiteSettings,
  Sites,
  StoredDataError,
} from './sites.ts'

// The entities name their table at import (TABLE_NAME, set by test/support/unit-setup.ts); nothing
// here talks to it.

/** Attributes an entity keeps besides its document: keys, bookkeeping, lock and version. */
const BOOKKEEPING: Record<SiteDocumentKind, string[]> = {
  site: [
    'siteId',
    'ownerId',
    'tenantIds',
    'siteUuid',
    'searchName',
    'status',
    'gridGeneration',
    'keyedCreatives',
    'customDomain',
    'createdAt',
    'updatedAt',
    'publishedAt',
    'releaseId',
    'publishedVersion',
    'publishedConversions',
    'publishedMatches',
    'scheduledPublishAt',
    'scheduledUnpublishAt',
    'version',
    'schemaVersion',
  ],
  creative: ['siteId', 'gridGeneration', 'order', 'version', 'schemaVersion'],
  menu: ['siteId', 'schemaVersion'],
  settings: ['siteId', 'schemaVersion'],
}

const attributesOf = (entity: { schema: { attributes: Record<string, unknown> } }) =>
  Object.keys(entity.schema.attributes).sort()

describe('the site entities', () => {
  it.each([
    ['site', Sites],
    ['creative', Creatives],
    ['menu', GlobalMenus],
    ['settings', SiteSettings],
  ] as const)('store exactly the model’s %s fields besides their keys and bookkeeping', (kind, entity) => {
    expect(attributesOf(entity)).toEqual([...documentFields(kind), ...BOOKKEEPING[kind]].sort())
  })
})

describe('reading stored items', () => {
  it('migrates an unversioned creative and stamps the current version', () => {
    const read = readCreative({
      siteId: 's1',
      lang: 'JP',
      position: 'A1',
      gridGeneration: 1,
      order: 0,
      version: 1,
      mediaKey: 'k',
    })
    expect(read.schemaVersion).toBe(SITE_SCHEMA_VERSION)
    expect(read.linkButtonColor).toBe('#99D52A')
    expect(read.siteId).toBe('s1')
  })

  it('refuses settings whose forms fail the model: an error, not all-disabled forms', () => {
    expect(() =>
      readSettings({ siteId: 's1', lang: 'JP', sns: [], forms: { contact: { enabled: 1 } } }),
    ).toThrow(StoredDataError)
  })
})
