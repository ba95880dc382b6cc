import type { PlatformEnv } from '../env.ts'
import type { Platform } from '../index.ts'
import { localAdPlatforms } from './ad-platforms.ts'
import { localClock } from './clock.ts'
import { localDns } from './dns.ts'
import { localDocuments } from './documents.ts'
import { localDomains } from './domains.ts'
import { localHostMap } from './host-map.ts'
import { localInvoker } from './invoker.ts'
import { localJobs } from './jobs.ts'
import { localMail } from './mail.ts'
import { localOutbound } from './outbound.ts'
import { localPayments } from './payments.ts'
import { localPublisher } from './publisher.ts'
import { localSecrets } from './secrets.ts'
import { localVault } from './vault.ts'
import { localVideo } from './video.ts'

/** What only the local stack (or a test setup) knows, beyond the environment. */
export interface LocalExtras {
  /** A file of milliseconds the clock runs ahead of the system clock (test/support/clock.ts). */
  clockFile?: string
  /** The secrets this stack has (there is no Secrets Manager locally): id → value. */
  secrets?: Readonly<Record<string, string>>
}

/**
 * The platform of the local stack (infra/local/stack.ts) and of test workers that call handler
 * code: every port's local adapter. A test that needs a fake replaces one port:
 * `{ ...localPlatform(env), clock: fake }`.
 */
export const localPlatform = (env: PlatformEnv, extras: LocalExtras = {}): Platform => ({
  clock: localClock(env, extras.clockFile),
  invoker: localInvoker(env),
  jobs: localJobs(env),
  publisher: localPublisher(env),
  documents: localDocuments(env),
  contractCheck: env.SWIPE_CONTRACT_CHECK,
  secrets: localSecrets(env, extras.secrets),
  payments: localPayments(env),
  domains: localDomains(env),
  dns: localDns(env),
  hostMap: localHostMap(env),
  mail: localMail(env),
  video: localVideo(env),
  outbound: localOutbound(env),
  adPlatforms: localAdPlatforms(env),
  vault: localVault(env),
})
