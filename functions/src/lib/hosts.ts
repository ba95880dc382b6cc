// The KeyValueStore API is signed with SigV4A; this registers the SDK's JavaScript signer (the
// native CRT one is not bundled).
import '@aws-sdk/signature-v4a'
import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore'
import * as z from 'zod'
import { awsEnv, readEnv } from './env.ts'
import { bucketHostMap, type HostMap, kvsHostMap, normaliseHost } from './host-map.ts'
import { s3, sitesBucket } from './s3.ts'

const env = readEnv({
  /** The CloudFront KeyValueStore the host router reads (AWS); absent locally. */
  SITES_KVS_ARN: z.string().min(1).optional(),
  /** `https://{host}.<sites domain>`: where default-domain sites answer; absent on a stage without one. */
  SITES_ORIGIN: z.string().optional(),
})

/**
 * The host map of this stage: the KeyValueStore when `SITES_KVS_ARN` is set (AWS), else the JSON
 * objects under `_hostmap/` in the sites bucket that the local edge reads. Configuration decides,
 * not the handler.
 */
export const hostMap: HostMap = env.SITES_KVS_ARN
  ? kvsHostMap(new CloudFrontKeyValueStoreClient({ region: awsEnv.AWS_REGION }), env.SITES_KVS_ARN)
  : bucketHostMap(s3, sitesBucket)

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
