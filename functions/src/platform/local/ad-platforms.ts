import type { AdPlatforms } from '../ad-platforms.ts'
import type { PlatformEnv } from '../env.ts'

/**
 * Locally every API is the stand-in (`AD_PLATFORMS_URL`, infra/local/ad-platforms): nothing leaves
 * the machine. Without it a send fails (and is retried), it never falls back to a real platform.
 */
export const localAdPlatforms = (env: PlatformEnv): AdPlatforms => ({
  origin() {
    if (!env.AD_PLATFORMS_URL) throw new Error('The ad-platform stand-in is not running (AD_PLATFORMS_URL)')
    return env.AD_PLATFORMS_URL.replace(/\/$/, '')
  },
})
