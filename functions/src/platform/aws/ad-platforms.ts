import { AD_PLATFORM_ORIGINS, type AdPlatforms } from '../ad-platforms.ts'
import type { PlatformEnv } from '../env.ts'

/** On AWS: each platform's own host, nothing else. */
export const awsAdPlatforms = (_env: PlatformEnv): AdPlatforms => ({
  origin: (api) => AD_PLATFORM_ORIGINS[api],
})
