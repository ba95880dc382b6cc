import { PUBLISH_REQUEST_STATES } from '@swipe/shared/contract/approvals'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * A site's approval gate (issue 33 part 4; docs/decisions/0067-checklist-and-approvals.md): whether
 * publishing needs an approver. Its own item in the site's partition, not a site field: turning it
 * on or off is not an edit of the draft and must not race the editor's saves. No item: off.
 */
export const ApprovalGates = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'approvalGate', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          required: { type: 'boolean', required: true },
          byAccountId: { type: 'string' },
          updatedAt: { type: 'number' },
        },
        indexes: {
          gate: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * A request to publish one draft version (issue 33 part 4), in the site's partition, time-ordered
 * ids. At most one is PENDING: a new request withdraws it. Approval publishes exactly `version`
 * (the draft must still be at it), or schedules it at `publishAt`; kept after the decision as the
 * site's approval log, deleted with the site.
 */
export const PublishRequests = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'publishRequest', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Time-ordered: `<ISO time>-<random>`. */
          requestId: { type: 'string', required: true, readOnly: true },
          state: { type: PUBLISH_REQUEST_STATES, required: true },
          /** The draft version requested. */
          version: { type: 'number', required: true, readOnly: true },
          byAccountId: { type: 'string', required: true, readOnly: true },
          byName: { type: 'string' },
          requestedAt: { type: 'number', required: true, readOnly: true },
          note: { type: 'string' },
          /** When it should go live (ms); none: at approval. */
          publishAt: { type: 'number' },
          decidedByAccountId: { type: 'string' },
          decidedByName: { type: 'string' },
          decidedAt: { type: 'number' },
          comment: { type: 'string' },
          /** The version (history id) the approval made live. */
          versionId: { type: 'string' },
        },
        indexes: {
          request: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['requestId'] },
          },
        },
      },
      entityConfig,
    ),
)

export type PublishRequest = EntityItem<typeof PublishRequests>
