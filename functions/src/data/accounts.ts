import { ACCOUNT_TYPES, AUTHORITIES, CONTRACT_STATUSES, HISTORY_ACTIONS } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { now } from '#platform/services/clock'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * An admin-console account (SPEC §3 User/account). Credentials live in the admin user pool;
 * everything else lives here. `ancestorIds` is the chain of parent accounts from the top, so
 * "is this account inside my subtree" is one list check and never a walk.
 */
export const Accounts = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'account', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          accountType: { type: ACCOUNT_TYPES, required: true, readOnly: true },
          parentType: { type: ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const },
          parentId: { type: 'string', required: true, default: 'ROOT', readOnly: true },
          ancestorIds: {
            type: 'list',
            items: { type: 'string' },
            required: true,
            default: () => [],
            readOnly: true,
          },
          email: { type: 'string', required: true, set: (value?: string) => value?.trim().toLowerCase() },
          companyName: { type: 'string' },
          contactName: { type: 'string' },
          contractStatus: { type: CONTRACT_STATUSES, required: true, default: 'ACTIVE' },
          authority: { type: AUTHORITIES, required: true, default: 'EDIT' },
          licenseIssuing: { type: 'boolean', required: true, default: false },
          adminRole: { type: ['MAIN_CONTACT', 'VIEWER', 'EDITOR'] as const },
          planId: { type: 'string' },
          /**
           * A requested plan change (issue 18): the plan the account moves to and the instant it
           * takes effect (00:00 JST on the 1st of the month after the request). The current plan is
           * resolved by time (`planIdAt`), so nothing has to run at that instant.
           */
          pendingPlanId: { type: 'string' },
          pendingPlanFrom: { type: 'number' },
          contractStartDate: { type: 'string' },
          contractEndDate: { type: 'string' },
          logoKey: { type: 'string' },
          mainColor: { type: 'string' },
          textColor: { type: 'string' },
          cognitoUsername: { type: 'string', required: true },
          /** Lower-cased email, company and contact name, for the list's search box. */
          searchText: {
            type: 'string',
            watch: ['email', 'companyName', 'contactName'],
            set: (_, item: { email?: string; companyName?: string; contactName?: string }) =>
              [item.email, item.companyName, item.contactName].filter(Boolean).join(' ').toLowerCase(),
          },
          // The injectable clock: the dashboard's month rules (new this month, registrations) compare with it.
          createdAt: { type: 'number', required: true, default: () => now(), readOnly: true },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => now(),
            watch: '*',
            set: () => now(),
          },
          version: { type: 'number', required: true, default: 1 },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['accountId'] },
            sk: { field: 'sk', composite: [] },
          },
          byEmail: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['email'] },
            sk: { field: 'gsi1sk', composite: [] },
          },
          byCognitoUsername: {
            index: 'gsi3',
            pk: { field: 'gsi3pk', composite: ['cognitoUsername'] },
            sk: { field: 'gsi3sk', composite: [] },
          },
          /** Every account, newest first: the platform staff's user list. */
          all: {
            index: 'gsi4',
            pk: { field: 'gsi4pk', composite: [] },
            sk: { field: 'gsi4sk', composite: ['createdAt', 'accountId'] },
          },
          byParent: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['parentId'] },
            sk: { field: 'gsi2sk', composite: ['createdAt', 'accountId'] },
          },
        },
      },
      entityConfig,
    ),
)

export type Account = EntityItem<typeof Accounts>

/** One email, one account: created in the same transaction as the account it points to. */
export const EmailClaims = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'emailClaim', version: '1', service: SERVICE },
        attributes: {
          email: { type: 'string', required: true, readOnly: true },
          accountId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byEmail: { pk: { field: 'pk', composite: ['email'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      entityConfig,
    ),
)

/** Contract history of an account (SPEC §3): execution time, executor, processing content. */
export const ContractHistory = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'contractHistory', version: '1', service: SERVICE },
        attributes: {
          accountId: { type: 'string', required: true, readOnly: true },
          executedAt: { type: 'number', required: true, readOnly: true },
          entryId: { type: 'string', required: true, readOnly: true },
          executorId: { type: 'string', required: true, readOnly: true },
          executorName: { type: 'string', required: true, readOnly: true },
          action: { type: HISTORY_ACTIONS, required: true, readOnly: true },
          detail: { type: 'string' },
        },
        indexes: {
          byAccount: {
            pk: { field: 'pk', composite: ['accountId'] },
            sk: { field: 'sk', composite: ['executedAt', 'entryId'] },
          },
        },
      },
      entityConfig,
    ),
)
