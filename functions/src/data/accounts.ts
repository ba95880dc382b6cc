import { ACCOUNT_TYPES, AUTHORITIES, CONTRACT_STATUSES } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { entityConfig, SERVICE } from './service.ts'

/**
 * An admin-console account (SPEC §3 User/account). Credentials live in the admin user pool;
 * everything else lives here. `ancestorIds` is the chain of parent accounts from the top, so
 * "is this account inside my subtree" is one list check and never a walk.
 */
export const Accounts = new Entity(
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
      contractStartDate: { type: 'string' },
      contractEndDate: { type: 'string' },
      logoKey: { type: 'string' },
      mainColor: { type: 'string' },
      textColor: { type: 'string' },
      cognitoUsername: { type: 'string', required: true },
      createdAt: { type: 'number', required: true, default: () => Date.now(), readOnly: true },
      updatedAt: {
        type: 'number',
        required: true,
        default: () => Date.now(),
        watch: '*',
        set: () => Date.now(),
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
      byParent: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['parentId'] },
        sk: { field: 'gsi2sk', composite: ['createdAt', 'accountId'] },
      },
    },
  },
  entityConfig,
)

export type Account = EntityItem<typeof Accounts>
