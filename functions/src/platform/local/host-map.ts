import { bucketHostMap, type HostMap } from '#platform/services/host-map'
import { s3, sitesBucket } from '#platform/services/s3'
import type { PlatformEnv } from '../env.ts'

/**
 * Locally: one JSON object per host under `_hostmap/` in the sites bucket, which the local edge
 * reads; every write marks `HOSTMAP_STAMP_FILE`, so the edge's in-memory copy is dropped at once.
 */
export const localHostMap = (env: PlatformEnv): HostMap =>
  bucketHostMap(s3, sitesBucket, env.HOSTMAP_STAMP_FILE)
