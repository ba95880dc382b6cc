import { VERSION_ACTIONS } from '@swipe/shared/contract/versions'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * One published version of a site (issue 33 "Publish with confidence"; docs/decisions/0064-versions-and-rollback.md):
 * every publish and every rollback, with who, when, what changed against the version before, and
 * the release it serves. Written in the same transaction as the status commit that makes it live,
 * never changed afterwards. In the site's partition outside `siteItems`; deleted with the site.
 */
export const SiteVersions = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteVersion', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** The release id the version made live (a rollback's own id is the instant it happened). */
          versionId: { type: 'string', required: true, readOnly: true },
          action: { type: VERSION_ACTIONS, required: true, readOnly: true },
          /** The release it serves (a rollback: the earlier version's). */
          releaseId: { type: 'string', required: true, readOnly: true },
          /** The site's version number the commit wrote (the editor's optimistic lock). */
          siteVersion: { type: 'number', required: true, readOnly: true },
          /** The account that published or rolled back, and the name shown for it then. */
          byAccountId: { type: 'string', readOnly: true },
          byName: { type: 'string', readOnly: true },
          at: { type: 'number', required: true, readOnly: true },
          /** What changed against the version before (`VersionSummary`, publishing/versions.ts). */
          summary: { type: 'any', required: true, readOnly: true },
          /** A rollback's target version. */
          restoredFrom: { type: 'string', readOnly: true },
          /** The server-side conversion destinations its notice lists (restored with it). */
          conversions: { type: 'list', items: { type: 'string' }, readOnly: true },
          /** Its release's message-match map (issue 34 part 5): the edge applies it while it is live. */
          matches: { type: 'any', readOnly: true },
        },
        indexes: {
          byVersion: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['versionId'], casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

export type SiteVersion = EntityItem<typeof SiteVersions>

/** Every version of a site, newest first (one per publish or rollback: a few hundred at most). */
export const allVersions = async (siteId: string): Promise<SiteVersion[]> =>
  (await SiteVersions.query.byVersion({ siteId }).go({ order: 'desc', pages: 'all' })).data
