import { checkSite } from '../../publishing/checklist/check.ts'
import { publishSite } from '../../publishing/publish.ts'
import { renderVariant } from '../../publishing/variant.ts'
import type { PlatformEnv } from '../env.ts'
import type { Publisher } from '../publisher.ts'
import { now } from '../services/clock.ts'

/** No publishing Lambda here: "save and publish" renders in this process, with the site the caller loaded. */
export const localPublisher = (_env: PlatformEnv): Publisher => ({
  publish: async (siteId, options) => {
    await publishSite(siteId, options)
  },
  check: (_siteId, { loaded }) => checkSite(loaded, now()),
  variant: (siteId, options) => renderVariant(siteId, { ...options, now: now() }),
})
