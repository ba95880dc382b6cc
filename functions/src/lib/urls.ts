import * as z from 'zod'
import { readEnv } from './env.ts'

const env = readEnv({ ADMIN_ORIGIN: z.url(), SITES_ORIGIN: z.string().optional() })

/** Links the product mails point into the admin console. */
export const adminUrl = (path: string) => `${env.ADMIN_ORIGIN.replace(/\/$/, '')}${path}`

/**
 * A site's default-domain URL: `SITES_ORIGIN` with `{host}` replaced by the site UUID, or the
 * custom domain once it has one. Empty where the stage does not serve sites yet.
 */
export const siteUrl = (site: { siteUuid: string; customDomain?: string | undefined }) => {
  if (site.customDomain) return `https://${site.customDomain}/`
  return env.SITES_ORIGIN ? `${env.SITES_ORIGIN.replace('{host}', site.siteUuid)}/` : ''
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
