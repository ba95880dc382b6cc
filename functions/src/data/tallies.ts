import { CONTRACT_STATUSES, type ContractStatus, SITE_STATUSES, type SiteStatus } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

const counter = { type: 'number', required: true, default: 0 } as const
type Counter = typeof counter
const countersOf = <P extends string, K extends string>(prefix: P, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [`${prefix}${key}`, counter])) as {
    [Key in K as `${P}${Key}`]: Counter
  }

/** `users_ACTIVE`, …: accounts by contract status. Top-level numbers, so a write `ADD`s them. */
export const userField = (status: ContractStatus) => `users_${status}` as const
/** `sites_PUBLISH`, …: sites by status. */
export const siteField = (status: SiteStatus) => `sites_${status}` as const
export type TallyField = ReturnType<typeof userField> | ReturnType<typeof siteField>

/**
 * The summary's counts of one scope, kept on writes (docs/decisions/0008-counts-kept-on-writes.md): scope
 * `ALL` counts every account but sub-admins and every site; an account's scope counts the accounts below it
 * (sub-admins aside) and the sites they own, its own sites not included (those are on its `siteCounter`).
 * Every write that creates, deletes or changes the status of an account or site `ADD`s to the tallies of its
 * scopes in its own transaction, on the condition that they exist; a missing tally is counted from the
 * indexes first (functions/src/domain/tallies.ts).
 */
export const Tallies = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'tally', version: '1', service: SERVICE },
        attributes: {
          scopeId: { type: 'string', required: true, readOnly: true },
          ...countersOf('users_', CONTRACT_STATUSES),
          ...countersOf('sites_', SITE_STATUSES),
        },
        indexes: {
          byScope: {
            pk: { field: 'pk', composite: ['scopeId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

export type Tally = EntityItem<typeof Tallies>
