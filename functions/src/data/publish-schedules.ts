import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/** What a scheduled change does at its time: publish the saved draft, or stop serving the site. */
export const SCHEDULE_KINDS = ['publish', 'unpublish'] as const
/** PENDING until its run; FAILED when the run could not do it (the reason is kept for the editor). */
export const SCHEDULE_STATES = ['PENDING', 'FAILED'] as const

/**
 * A site's scheduled publish or unpublish (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md):
 * at most one of each kind per site, in the site's partition, and found by the `publishSchedule`
 * run through gsi1 (`publishschedule#<state>`, sorted by `at`). Deleted when it has run, and with
 * the site.
 */
export const PublishSchedules = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'publishSchedule', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          kind: { type: SCHEDULE_KINDS, required: true, readOnly: true },
          /** The instant it runs, ISO 8601 (sorts as time). */
          at: { type: 'string', required: true },
          state: { type: SCHEDULE_STATES, required: true, default: 'PENDING' },
          /** Who scheduled it: the author of the version a publish makes. */
          byAccountId: { type: 'string' },
          byName: { type: 'string' },
          /** FAILED: the message key of the reason (the images rule, the site gone …) and when. */
          error: { type: 'string' },
          failedAt: { type: 'number' },
          /**
           * A publish an approver approved (issue 33 part 4): the draft version approved and the request.
           * The run publishes only that version; a draft saved since fails it (`approval.stale`).
           */
          version: { type: 'number' },
          requestId: { type: 'string' },
          /** When a run took it (two runs never make the same change; a run that died is retaken later). */
          claimedAt: { type: 'number' },
        },
        indexes: {
          schedule: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['kind'] },
          },
          /** The changes in a state, the earliest first: the run reads PENDING up to now. */
          byState: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['state'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'publishschedule#${state}',
              casing: 'none',
            },
            sk: {
              field: 'gsi1sk',
              composite: ['at'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${at}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

export type PublishSchedule = EntityItem<typeof PublishSchedules>
