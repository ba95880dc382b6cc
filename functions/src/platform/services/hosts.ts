import * as z from 'zod'
import { readEnv } from './env.ts'
import { normaliseHost } from './host-map.ts'

/**
 * Plain configuration, not an adapter choice: which hosts a site answers on follows from the
 * stage's sites domain on AWS and locally alike. The host map itself is the platform's
 * (`platform().hostMap`, #platform/host-map).
 */
const env = readEnv({
  /** `https://{host}.<sites domain>`: where default-domain sites answer; absent on a stage without one. */
  SITES_ORIGIN: z.string().optional(),
})

/**
 * The hosts a site answers on: its default domain `{site-uuid}.<sites domain>` (from
 * `SITES_ORIGIN`), `{site-uuid}.<oem domain>` when its OEM's domain is verified, and its custom
 * domain when it has one.
 */
export const siteHosts = (
  site: { siteUuid: string; customDomain?: string | undefined },
  oemZone?: string | undefined,
): string[] => {
  const hosts: string[] = []
  if (env.SITES_ORIGIN)
    hosts.push(normaliseHost(new URL(env.SITES_ORIGIN.replace('{host}', site.siteUuid)).host))
  // The OEM's verified sites domain (issue 19 white label): `{site-uuid}.<oem domain>` as well.
  if (oemZone) hosts.push(normaliseHost(`${site.siteUuid}.${oemZone}`))
  if (site.customDomain) hosts.push(normaliseHost(site.customDomain))
  return [...new Set(hosts)]
}
