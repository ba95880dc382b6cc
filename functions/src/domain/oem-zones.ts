import { LegacyOemDomains, OemDomains } from '#data/oem-domains'

/** oemId → its verified sites domain (issue 19 white label). */
export type OemZones = ReadonlyMap<string, string>

/**
 * Every verified OEM sites domain, in one query of the `ACTIVE` partition (one item per OEM that
 * set one: a handful). Read where site URLs or hosts are made, so a verification or a removal
 * shows in the very next answer on every Lambda (docs/decisions/0038-oem-white-label-domains.md).
 */
export const activeOemZones = async (): Promise<OemZones> => {
  // A zone verified before issue 29 and not migrated yet (./sites/oem-domains.ts) still counts.
  const [legacy, current] = await Promise.all([
    LegacyOemDomains.query.byState({ state: 'ACTIVE' }).go({ pages: 'all' }),
    OemDomains.query.byState({ state: 'ACTIVE' }).go({ pages: 'all' }),
  ])
  return new Map([...legacy.data, ...current.data].map((d) => [d.oemId, d.domain]))
}

/** The OEM domain a resource under `tenantIds` answers on, if its OEM has a verified one. */
export const zoneIn = (zones: OemZones, tenantIds: readonly string[]): string | undefined => {
  for (const id of tenantIds) {
    const zone = zones.get(id)
    if (zone) return zone
  }
  return undefined
}

/** `zoneIn` for one resource. */
export const oemZoneOf = async (tenantIds: readonly string[]): Promise<string | undefined> =>
  zoneIn(await activeOemZones(), tenantIds)

/**
 * The verified OEM zone a name is equal to or under, with its OEM (issue 29: only a verified zone
 * reserves names; an unverified or FAILED claim blocks nobody).
 */
export const activeZoneOver = async (
  domain: string,
): Promise<{ oemId: string; zone: string } | undefined> => {
  for (const [oemId, zone] of await activeOemZones())
    if (domain === zone || domain.endsWith(`.${zone}`)) return { oemId, zone }
  return undefined
}
