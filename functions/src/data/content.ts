import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * System notifications (issue 20; docs/data-model.md "System notifications"). A notification is
 * stored once, for the audiences it names, and never copied per reader; what a reader has read is
 * one small item per reader (a "read up to" instant plus the ids read one by one since). Statuses
 * are computed when read (`@swipe/shared/schemas/content` `contentStatus`), never stored.
 */

/**
 * One system notification. pk `sysnoti#<id>` (get, update, delete by id); `gsi1` lists them all
 * newest first for staff; `gsi2` orders them by the instant readers see them (`visibleFrom`), so a
 * reader's feed and unread count are one range query up to now.
 */
export const SystemNotifications = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'systemNoti', version: '1', service: SERVICE },
        attributes: {
          notiId: { type: 'string', required: true, readOnly: true },
          audiences: { type: 'list', items: { type: 'string' }, required: true },
          mode: { type: ['INSTANT', 'RESERVE'] as const, required: true },
          draft: { type: 'boolean', required: true },
          /** `{ ja, en?, zh?, ko? }` */
          title: { type: 'any', required: true },
          content: { type: 'any', required: true },
          contentUrl: { type: 'string', default: '' },
          /**
           * ISO instant from which readers see it: the publication instant (INSTANT, set when first
           * saved as not a draft) or the start date (RESERVE). A draft keeps its creation time here
           * only to have a sort key; `draft` hides it.
           */
          visibleFrom: { type: 'string', required: true },
          /** Whether it was ever published (a draft never published has no publication date). */
          published: { type: 'boolean', required: true },
          startDate: { type: 'string' },
          endDate: { type: 'string' },
          createdAt: { type: 'string', required: true, readOnly: true },
          createdBy: { type: 'string', required: true, readOnly: true },
          updatedAt: { type: 'string', required: true },
          version: { type: 'number', required: true },
          /** A constant: the partition of the staff list and of the readers' feed. */
          scope: { type: 'string', default: 'all', readOnly: true },
        },
        indexes: {
          byId: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'pk', composite: ['notiId'], template: 'sysnoti#${notiId}', casing: 'none' },
            sk: { field: 'sk', composite: [], template: 'noti', casing: 'none' },
          },
          byCreated: {
            index: 'gsi1',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'gsi1pk', composite: ['scope'], template: 'sysnoti#${scope}', casing: 'none' },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'notiId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}#${notiId}',
              casing: 'none',
            },
          },
          byVisible: {
            index: 'gsi2',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'gsi2pk', composite: ['scope'], template: 'sysnotivis#${scope}', casing: 'none' },
            sk: {
              field: 'gsi2sk',
              composite: ['visibleFrom'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${visibleFrom}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SystemNotification = EntityItem<typeof SystemNotifications>

/**
 * Per audience: a version bumped by every write that concerns it, and the future instants at which
 * what it sees changes (scheduled starts, end dates). With the reader's own version they make the
 * bell's ETag, so a poll can be answered 304 from memory (docs/decisions/0044-notifications.md).
 */
export const SystemNotiAudiences = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'systemNotiAudience', version: '1', service: SERVICE },
        attributes: {
          audience: { type: 'string', required: true, readOnly: true },
          version: { type: 'number', required: true },
          /** ISO instants, ascending. */
          instants: { type: 'list', items: { type: 'string' }, default: () => [] },
        },
        indexes: {
          byAudience: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'pk', composite: ['audience'], template: 'sysnotiaud#${audience}', casing: 'none' },
            sk: { field: 'sk', composite: [], template: 'meta', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
export type SystemNotiAudienceMeta = EntityItem<typeof SystemNotiAudiences>

/**
 * What one reader has read: everything visible from up to `readUpTo` (mark all as read), plus the
 * ids read one by one that became visible after it. Constant size however many notifications exist.
 */
export const SystemNotiReads = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'systemNotiRead', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          /** ISO instant; '' when never set. */
          readUpTo: { type: 'string', default: '' },
          readIds: { type: 'list', items: { type: 'string' }, default: () => [] },
          version: { type: 'number', required: true },
        },
        indexes: {
          byAccount: {
            pk: {
              field: 'pk',
              composite: ['accountId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'sysnotiread#${accountId}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: [], template: 'state', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
export type SystemNotiReadState = EntityItem<typeof SystemNotiReads>

/**
 * Latest information (`kind` news) and a site's notification deliveries (`kind` delivery): one
 * item each. `ownerKey` is what readers query: for news `platform` (written by staff, read by
 * everyone) or the OEM master's id (read by its subtree); for a delivery the site id. `tenantIds`
 * is what the policy compares (the site's, or the OEM's chain; none for platform news). pk
 * `notice#<id>`; `gsi1` lists one owner's notices newest first (the writers' list and the readers'
 * query); `gsi2` lists every notice of a kind for staff.
 */
export const Notices = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'notice', version: '1', service: SERVICE },
        attributes: {
          noticeId: { type: 'string', required: true, readOnly: true },
          kind: { type: ['news', 'delivery'] as const, required: true, readOnly: true },
          ownerKey: { type: 'string', required: true, readOnly: true },
          tenantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
          /** Deliveries: the site language it shows in, or ALL. */
          lang: { type: 'string', default: 'ALL' },
          title: { type: 'string', required: true },
          content: { type: 'string', required: true },
          contentUrl: { type: 'string', default: '' },
          distributeSiteUrl: { type: 'string', default: '' },
          mode: { type: ['INSTANT', 'RESERVE'] as const, required: true },
          draft: { type: 'boolean', required: true },
          visibleFrom: { type: 'string', required: true },
          published: { type: 'boolean', required: true },
          startDate: { type: 'string' },
          endDate: { type: 'string' },
          imageKey: { type: 'string' },
          createdAt: { type: 'string', required: true, readOnly: true },
          createdBy: { type: 'string', required: true, readOnly: true },
          updatedAt: { type: 'string', required: true },
          version: { type: 'number', required: true },
        },
        indexes: {
          byId: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'pk', composite: ['noticeId'], template: 'notice#${noticeId}', casing: 'none' },
            sk: { field: 'sk', composite: [], template: 'notice', casing: 'none' },
          },
          byOwner: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['kind', 'ownerKey'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'notice#${kind}#${ownerKey}',
              casing: 'none',
            },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'noticeId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}#${noticeId}',
              casing: 'none',
            },
          },
          byKind: {
            index: 'gsi2',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            pk: { field: 'gsi2pk', composite: ['kind'], template: 'notices#${kind}', casing: 'none' },
            sk: {
              field: 'gsi2sk',
              composite: ['createdAt', 'noticeId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}#${noticeId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type Notice = EntityItem<typeof Notices>
