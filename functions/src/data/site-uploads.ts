import { BULK_JOB_STATUSES } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'
import { SITE_LANGUAGES } from './sites.ts'

/**
 * A file the server checked (size, declared type, first bytes) after a presigned upload to the
 * site's `uploads/` prefix: only such keys, or keys the site already references, may be attached
 * to a site. Stored in the site's partition but outside the `siteItems` collection, so loading the
 * editor never reads a site's upload history (docs/data-model.md).
 */
export const SiteUploads = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteUpload', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** The object's key in the media bucket: `sites/{siteId}/uploads/…`. */
          key: { type: 'string', required: true, readOnly: true },
          fileName: { type: 'string', required: true },
          kind: { type: 'string', required: true },
          mediaType: { type: ['image', 'video'] as const, required: true },
          purpose: { type: ['media', 'logo', 'favicon'] as const, required: true, default: 'media' },
          size: { type: 'number', required: true },
          contentType: { type: 'string', required: true },
          confirmedAt: { type: 'number', required: true, default: () => Date.now() },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['siteId'] },
            // Storage keys are case-sensitive; ElectroDB lower-cases key values unless told not to.
            sk: { field: 'sk', composite: ['key'], casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * A ZIP bulk upload being processed (SPEC §7 bulk-upload): the worker records its progress and
 * per-file report here; the console polls it. Its id is the UUID of the ZIP's key, so completing
 * the same upload twice finds the same job. Expires by TTL a week after it was made.
 */
export const BulkJobs = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'bulkJob', version: '1', service: SERVICE },
        attributes: {
          jobId: { type: 'string', required: true, readOnly: true },
          siteId: { type: 'string', required: true, readOnly: true },
          /** The account that completed the upload (for the log; scope is checked on the site). */
          accountId: { type: 'string', required: true, readOnly: true },
          /** The ZIP in the media bucket: `sites/{siteId}/bulk/{jobId}.zip`. */
          zipKey: { type: 'string', required: true, readOnly: true },
          lang: { type: SITE_LANGUAGES, required: true, readOnly: true },
          /** The site version the placement is conditioned on. */
          version: { type: 'number', required: true, readOnly: true },
          status: { type: BULK_JOB_STATUSES, required: true, default: 'processing' },
          /** Set once by the worker that took the job, so a repeated invocation does nothing. */
          claimedAt: { type: 'number' },
          processed: { type: 'number', required: true, default: 0 },
          total: { type: 'number', required: true, default: 0 },
          /** `[{ name, status, position?, mediaType?, code?, params? }]`, localised when read. */
          report: { type: 'any', required: true, default: () => [] },
          /** The outcome's message key and its parameters. */
          code: { type: 'string' },
          params: { type: 'any' },
          createdAt: { type: 'number', required: true, default: () => Date.now(), readOnly: true },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => Date.now(),
            watch: '*',
            set: () => Date.now(),
          },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byId: { pk: { field: 'pk', composite: ['jobId'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      entityConfig,
    ),
)

export type SiteUpload = EntityItem<typeof SiteUploads>
export type BulkJob = EntityItem<typeof BulkJobs>
