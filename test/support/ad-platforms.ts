import { afterAll, beforeEach, inject } from 'vitest'
import { type AdPlatformsControl, adPlatformsControl } from '../../infra/local/ad-platforms/control.ts'

/**
 * The integration stack's ad-platform stand-in (infra/local/ad-platforms), which the product's
 * conversion sender reaches at `AD_PLATFORMS_URL`. The stand-in runs in vitest's main process with
 * the stack, the tests in a worker: its handle comes over HTTP (`failNext`, `rateLimit`,
 * `received`, `requests`, `reset`, each a promise). Reset before each test of the file and after
 * the file, so no recorded request or pending failure reaches another test.
 */
export const useStackAdPlatforms = (): AdPlatformsControl => {
  const adPlatforms = adPlatformsControl(inject('stack').urls.adPlatforms)
  beforeEach(() => adPlatforms.reset())
  afterAll(() => adPlatforms.reset())
  return adPlatforms
}
