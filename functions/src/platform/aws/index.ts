import type { DnsLookup } from '../dns.ts'
import type { Domains } from '../domains.ts'
import type { PlatformEnv } from '../env.ts'
import type { HostMap } from '../host-map.ts'
import type { Platform } from '../index.ts'
import type { Invoker } from '../invoker.ts'
import type { JobQueue } from '../jobs.ts'
import type { MailPort } from '../mail.ts'
import type { Payments } from '../payments.ts'
import type { Secrets } from '../secrets.ts'
import type { VideoTranscoder } from '../video.ts'
import { awsAdPlatforms } from './ad-platforms.ts'
import { awsClock } from './clock.ts'
import { awsDocuments } from './documents.ts'
import { awsInvoker } from './invoker.ts'
import { awsJobs } from './jobs.ts'
import { awsOutbound } from './outbound.ts'
import { awsPublisher } from './publisher.ts'
import { awsVault } from './vault.ts'

/**
 * The adapters whose SDKs are large (Stripe and Secrets Manager, ACM and CloudFront, the
 * KeyValueStore with its SigV4A signer, SES, ffmpeg): a Lambda carries one only when its entry
 * module declares it (`declareAwsAdapters` in ../index.ts), so each bundle holds what its own code
 * uses, as when each module imported its own client. entries.test.ts checks that every entry
 * declares every such port its code reaches.
 */
export interface AwsAdapters {
  secrets?: (env: PlatformEnv) => Secrets
  /** Stripe's SDK with its keys (./payments.ts), or the payments Lambda invoked (./invoked-payments.ts). */
  payments?: (env: PlatformEnv, secrets: Secrets, invoker: Invoker) => Payments
  domains?: (env: PlatformEnv) => Domains
  dns?: (env: PlatformEnv) => DnsLookup
  /** The KeyValueStore (./host-map.ts), or the publishing Lambda invoked (./invoked-host-map.ts). */
  hostMap?: (env: PlatformEnv, invoker: Invoker) => HostMap
  mail?: (env: PlatformEnv) => MailPort
  video?: (env: PlatformEnv) => VideoTranscoder
  /**
   * Not an SDK: a jobs Lambda's own queue, which runs a follow-up job in that Lambda (declared by
   * `jobsHandler`, functions/src/edge/router.ts); every other Lambda invokes its jobs Lambda.
   */
  jobs?: (env: PlatformEnv, invoker: Invoker) => JobQueue
}

export type DeclaredPort = keyof AwsAdapters

/** A port this Lambda's entry did not declare: any use says so, instead of a vague TypeError. */
const undeclared = <T extends object>(port: DeclaredPort): T =>
  new Proxy({} as T, {
    get: (_target, property) => {
      throw new Error(
        `This Lambda's entry module declares no ${port} adapter (declareAwsAdapters), yet its code used ${port}.${String(property)}`,
      )
    },
  })

/**
 * The platform of a deployed Lambda, configured by the function's environment: the light adapters
 * every function carries (clock, Lambda invokes, jobs, publishing, documents, the outbound policy)
 * and the declared ones, each built on its first use (a Lambda that never reads a secret never
 * makes a Secrets Manager client). Built once per process by `platform()` (../index.ts). Imports
 * nothing of ../local/.
 */
export const awsPlatform = (env: PlatformEnv, declared: AwsAdapters = {}): Platform => {
  const invoker = awsInvoker(env)
  const made = new Map<DeclaredPort, unknown>()
  const port = <T extends object>(name: DeclaredPort, make: (() => T) | undefined): T => {
    if (!make) return undeclared<T>(name)
    if (!made.has(name)) made.set(name, make())
    return made.get(name) as T
  }
  const secrets = (): Secrets => port('secrets', declared.secrets && (() => declared.secrets!(env)))
  return {
    clock: awsClock(env),
    invoker,
    jobs: declared.jobs?.(env, invoker) ?? awsJobs(env, invoker),
    publisher: awsPublisher(env, invoker),
    documents: awsDocuments(env, invoker),
    contractCheck: env.SWIPE_CONTRACT_CHECK,
    outbound: awsOutbound(env),
    adPlatforms: awsAdPlatforms(env),
    vault: awsVault(env, secrets),
    get secrets() {
      return secrets()
    },
    get payments() {
      return port('payments', declared.payments && (() => declared.payments!(env, secrets(), invoker)))
    },
    get domains() {
      return port('domains', declared.domains && (() => declared.domains!(env)))
    },
    get dns() {
      return port('dns', declared.dns && (() => declared.dns!(env)))
    },
    get hostMap() {
      return port('hostMap', declared.hostMap && (() => declared.hostMap!(env, invoker)))
    },
    get mail() {
      return port('mail', declared.mail && (() => declared.mail!(env)))
    },
    get video() {
      return port('video', declared.video && (() => declared.video!(env)))
    },
  }
}
