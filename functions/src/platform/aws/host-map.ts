// The KeyValueStore API is signed with SigV4A; this registers the SDK's JavaScript signer (the
// native CRT one is not bundled).
import '@aws-sdk/signature-v4a'
import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore'
import { clientConfig } from '#platform/services/env'
import { type HostMap, kvsHostMap } from '#platform/services/host-map'
import type { PlatformEnv } from '../env.ts'

const missing = (): Promise<never> =>
  Promise.reject(new Error('This function has no host map (SITES_KVS_ARN is not set)'))

/**
 * On AWS: the KeyValueStore `SITES_KVS_ARN` names (given to the publishing Lambda, which keeps the
 * map for the sites and domains Lambdas (./invoked-host-map.ts), and to the billable-views reader;
 * infra/lib). A function without it has no host map: a use fails, as an ungranted resource would.
 */
export const awsHostMap = (env: PlatformEnv): HostMap =>
  env.SITES_KVS_ARN
    ? kvsHostMap(new CloudFrontKeyValueStoreClient(clientConfig(undefined)), env.SITES_KVS_ARN)
    : { get: missing, put: missing, delete: missing, update: missing }
