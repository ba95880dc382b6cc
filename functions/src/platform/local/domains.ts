import { localProvisioner } from '#platform/services/domains/provisioner'
import { cnameTargetOf, type Domains } from '../domains.ts'
import type { PlatformEnv } from '../env.ts'

/**
 * The local stack's provisioner: no certificate exists locally (the site edge speaks HTTP), so a
 * verified CNAME is all a domain needs; the local edge serves it by Host from the host map.
 */
export const localDomains = (env: PlatformEnv): Domains => ({
  ...localProvisioner(cnameTargetOf(env)),
  available: true,
})
