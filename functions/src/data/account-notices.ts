import { ACCOUNT_NOTICE_KINDS } from '@swipe/shared/contract/notices'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/** How long a notice is kept: DynamoDB deletes it some time after (the table's TTL). */
export const ACCOUNT_NOTICE_TTL_MS = 90 * 24 * 60 * 60 * 1000

/**
 * How many of an account's notices the bell reads, newest first: older ones are neither listed nor
 * counted unread, and expire with their TTL.
 */
export const ACCOUNT_NOTICE_LIMIT = 50

/**
 * A notice addressed to one account (issue 33 part 4; docs/data-model.md "Account notices"): a
 * publish request for an approver, the decision on a request for its requester. pk
 * `accountnotice#<accountId>`, sk the time-ordered `noticeId`, so the bell is one query of the
 * newest. Written by `notifyAccounts` (domain/account-notices.ts), marked read by the account
 * (`readAt`), deleted by TTL after 90 days.
 */
export const AccountNotices = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'accountNotice', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          noticeId: { type: 'string', required: true, readOnly: true },
          kind: { type: ACCOUNT_NOTICE_KINDS, required: true, readOnly: true },
          siteId: { type: 'string', required: true, readOnly: true },
          /** The site's name when the notice was made. */
          siteName: { type: 'string', required: true, readOnly: true },
          requestId: { type: 'string', required: true, readOnly: true },
          /** Who asked, approved or rejected (the name shown for them then); absent when unknown. */
          by: { type: 'string', readOnly: true },
          comment: { type: 'string', readOnly: true },
          /** ms, the injectable clock. */
          createdAt: { type: 'number', required: true, readOnly: true },
          /** ms; absent while unread. */
          readAt: { type: 'number' },
          /** Epoch seconds (the table's TTL attribute). */
          expiresAt: { type: 'number', required: true, readOnly: true },
        },
        indexes: {
          byAccount: {
            pk: {
              field: 'pk',
              composite: ['accountId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'accountnotice#${accountId}',
              casing: 'none',
            },
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
            sk: { field: 'sk', composite: ['noticeId'], template: '${noticeId}', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
export type AccountNotice = EntityItem<typeof AccountNotices>

/**
 * The console language an account last used (its `X-Lang` when its bell last read the notices):
 * accounts store no language, and a notice's mail is written in this one (Japanese until known).
 */
export const AccountNoticeLanguages = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'accountNoticeLanguage', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          locale: { type: 'string', required: true },
        },
        indexes: {
          byAccount: {
            pk: {
              field: 'pk',
              composite: ['accountId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'accountlang#${accountId}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: [], template: 'language', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)
