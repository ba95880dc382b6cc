import { DOMAIN_STATES } from '@swipe/shared/site/domain'
import { OemDomains } from '#data/oem-domains'

/** oemId → its verified sites domain (issue 19 white label). */
export type OemZones = ReadonlyMap<string, string>

/**
 * Every verified OEM sites domain, in one query of the `ACTIVE` partition (one item per OEM that
 * set one: a handful). Read where site URLs or hosts are made, so a verification or a removal
 * shows in the very next answer on every Lambda (docs/decisions.md, issue 19 white label).
 */
export const activeOemZones = async (): Promise<OemZones> => {
  const { data } = await OemDomains.query.byState({ state: 'ACTIVE' }).go({ pages: 'all' })
  return new Map(data.map((d) => [d.oemId, d.domain]))
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

/** Every OEM's claimed name (any state): no site may claim one of them or a name under them. */
export const oemClaimedZones = async (): Promise<string[]> => {
  const found = await Promise.all(
    DOMAIN_STATES.map((state) => OemDomains.query.byState({ state }).go({ pages: 'all' })),
  )
  return found.flatMap((f) => f.data.map((d) => d.domain))
}
