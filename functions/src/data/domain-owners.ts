import { Entity, type EntityItem } from 'electrodb'
import { namePk } from './domain-claims.ts'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * The verified holder of a name (issue 29): one item per name (`domain#<name>`, beside the claims
 * of that name), created with `attribute_not_exists` in the transaction that records a claim's
 * proof, so of two claims proving the same name at once exactly one wins. A site's custom domain
 * or an OEM's sites domain; deleted when its holder removes or loses the name (a released name is
 * nobody's until a new claim proves its own token). `reversed` (`test.example.lp`) lets an OEM zone
 * find the verified names under it with one `begins_with` query.
 */
export const DomainOwners = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'domainOwner', version: '1', service: SERVICE },
        attributes: {
          domain: { type: 'string', required: true, readOnly: true },
          holder: { type: ['site', 'oem'] as const, required: true, readOnly: true },
          /** The site or the OEM master holding the name. */
          holderId: { type: 'string', required: true, readOnly: true },
          /** The holder's ancestors and itself. */
          tenantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
          verifiedAt: { type: 'number', required: true },
          reversed: {
            type: 'string',
            readOnly: true,
            watch: ['domain'],
            set: (_: unknown, { domain }: { domain: string }) => reverseName(domain),
          },
        },
        indexes: {
          byDomain: { pk: namePk, sk: { field: 'sk', composite: [] } },
          /** Every verified name, by its labels right to left (the names under a zone are one range). */
          byReversed: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: [] },
            sk: { field: 'gsi1sk', composite: ['reversed'] },
          },
        },
      },
      entityConfig,
    ),
)

export type DomainOwner = EntityItem<typeof DomainOwners>

/** `lp.example.test` → `test.example.lp`. */
export const reverseName = (domain: string): string => domain.split('.').reverse().join('.')

/** The verified holder of a name, if any (a consistent read: it decides who may claim). */
export const ownerOf = async (domain: string): Promise<DomainOwner | undefined> =>
  (await DomainOwners.get({ domain }).go({ consistent: true })).data ?? undefined

/** The verified names equal to or under `zone`. */
export const ownersUnder = async (zone: string): Promise<DomainOwner[]> => {
  const reversed = reverseName(zone)
  const { data } = await DomainOwners.query.byReversed({}).begins({ reversed }).go({ pages: 'all' })
  return data.filter((o) => o.reversed === reversed || o.reversed?.startsWith(`${reversed}.`))
}
