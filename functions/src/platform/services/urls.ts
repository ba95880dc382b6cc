import * as z from 'zod'
import { readEnv } from './env.ts'

const env = readEnv({ ADMIN_ORIGIN: z.url(), SITES_ORIGIN: z.string().optional() })

/** Links the product mails point into the admin console. */
export const adminUrl = (path: string) => `${env.ADMIN_ORIGIN.replace(/\/$/, '')}${path}`

/**
 * A site's default-domain URL: `SITES_ORIGIN` with `{host}` replaced by the site UUID, or the
 * custom domain once it has one. Empty where the stage does not serve sites yet.
 */
export const siteUrl = (
  site: { siteUuid: string; customDomain?: string | undefined },
  oemZone?: string | undefined,
) => {
  if (site.customDomain) return hostUrl(site.customDomain)
  if (oemZone) return hostUrl(`${site.siteUuid}.${oemZone}`)
  return env.SITES_ORIGIN ? `${env.SITES_ORIGIN.replace('{host}', site.siteUuid)}/` : ''
}

/**
 * A site's default URL on its OEM's verified sites domain (issue 19 white label,
 * functions/src/sites/oem-domains.ts): `{site-uuid}.<oem domain>`, with the scheme and port of
 * `SITES_ORIGIN` (https on AWS; the local edge's `http://…:3001`).
 */
export const oemSiteUrl = (siteUuid: string, oemZone: string) => hostUrl(`${siteUuid}.${oemZone}`)

/**
 * The URL of a site served on `host` (a custom domain, an OEM's `{uuid}.<domain>`), with the
 * scheme and port of `SITES_ORIGIN`: https on AWS, the local edge's `http://…:3001` under `npm start`.
 */
const hostUrl = (host: string) => {
  const origin = new URL((env.SITES_ORIGIN ?? 'https://{host}.x').replace('{host}', 'x'))
  return `${origin.protocol}//${host}${origin.port ? `:${origin.port}` : ''}/`
}

/**
 * The shared sites host's origin, where any site answers under `/sites/{siteId}/` (the path form
 * of SPEC §2): `SITES_ORIGIN` without its `{host}.` label. Empty where the stage serves no sites.
 */
export const sharedSitesOrigin = (): string =>
  env.SITES_ORIGIN ? new URL(env.SITES_ORIGIN.replace('{host}.', '')).origin : ''

/** A site's path-form URL on the shared sites host (`https://sites.example/sites/<siteId>/`). */
export const sitePathUrl = (siteId: string): string => {
  const origin = sharedSitesOrigin()
  return origin ? `${origin}/sites/${siteId}/` : ''
}
