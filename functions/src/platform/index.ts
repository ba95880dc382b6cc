import { AsyncLocalStorage } from 'node:async_hooks'
import type { AdPlatforms } from './ad-platforms.ts'
import { type AwsAdapters, awsPlatform } from './aws/index.ts'
import type { Clock } from './clock.ts'
import type { DnsLookup } from './dns.ts'
import type { DocumentRenderer } from './documents.ts'
import type { Domains } from './domains.ts'
import { platformEnv } from './env.ts'
import type { HostMap } from './host-map.ts'
import type { Invoker } from './invoker.ts'
import type { JobQueue } from './jobs.ts'
import type { MailPort } from './mail.ts'
import type { Outbound } from './outbound.ts'
import type { Payments } from './payments.ts'
import type { Publisher } from './publisher.ts'
import type { Secrets } from './secrets.ts'
import type { Vault } from './vault.ts'
import type { VideoTranscoder } from './video.ts'

/**
 * Where code runs, declared once (issue 31): every capability whose implementation differs between
 * AWS and the local stack (or a test) is a port of this interface, with its AWS adapter in
 * ./aws/ and its local one in ./local/. Feature code asks `platform().<port>`; it never reads
 * `process.env`, never asks whether it runs on AWS and holds no setter for tests.
 *
 * Which platform `platform()` answers, in order: the one the current invocation runs with
 * (`runWithPlatform`: tests, a handler wrapper), else the one the process's composition root
 * provided (`providePlatform`: the local stack, a test setup), else the AWS platform built once
 * from this process's environment, so a deployed Lambda needs no entry file of its own.
 *
 * Nothing this file or ./aws/ imports may import ./local/: the Lambda bundles carry only the AWS
 * adapters (platform.test.ts checks it); the local ones may import heavy code (the PDF renderer,
 * the publisher).
 */
export interface Platform {
  /** The time the handlers' time-dependent rules read (./clock.ts). */
  clock: Clock
  /** Calls of another Lambda of the API (./invoker.ts). */
  invoker: Invoker
  /** Where a job runs: the context's jobs Lambda, or this process (./jobs.ts). */
  jobs: JobQueue
  /** Where a site is published: the publishing Lambda, or this process (./publisher.ts). */
  publisher: Publisher
  /** Where a PDF is drawn: the documents Lambda, or this process (./documents.ts). */
  documents: DocumentRenderer
  /**
   * Whether every 2xx JSON answer is checked against its route's response schema
   * (functions/src/edge/http.ts): on where tests and the local stack set SWIPE_CONTRACT_CHECK=1,
   * off in production.
   */
  contractCheck: boolean
  /** Secrets Manager on AWS, the given values locally (./secrets.ts). */
  secrets: Secrets
  /** The card processor: Stripe, or the stand-in locally (./payments.ts). */
  payments: Payments
  /** Connecting custom and OEM domains: CloudFront and ACM, or nothing to do locally (./domains.ts). */
  domains: Domains
  /** The resolver the domain doctor asks (./dns.ts). */
  dns: DnsLookup
  /** Which release a Host serves: the KeyValueStore, or the bucket map locally (./host-map.ts). */
  hostMap: HostMap
  /** SES, or the local emulator (./mail.ts). */
  mail: MailPort
  /** ffmpeg, or none (./video.ts). */
  video: VideoTranscoder
  /** The exceptions to the outbound-address policy: none on AWS (./outbound.ts). */
  outbound: Outbound
  /** Where the ad platforms' conversion APIs are: their hosts, or the local stand-in (./ad-platforms.ts). */
  adPlatforms: AdPlatforms
  /** The key that seals creators' credentials (./vault.ts). */
  vault: Vault
}

const current = new AsyncLocalStorage<Platform>()
let provided: Platform | undefined
let fallback: Platform | undefined
let declared: AwsAdapters = {}

/** The platform of this invocation or process. */
export const platform = (): Platform => {
  const scoped = current.getStore()
  if (scoped) return scoped
  if (provided) return provided
  fallback ??= awsPlatform(platformEnv(), declared)
  return fallback
}

/**
 * Names the large AWS adapters this Lambda carries (./aws/index.ts `AwsAdapters`): called once at
 * the top of a Lambda's entry module (a context's index.ts, the publishing, documents and log
 * Lambdas), so its bundle holds those adapters and no others. Where a platform is provided (the
 * local stack, tests) the declaration is not used.
 */
export const declareAwsAdapters = (adapters: AwsAdapters): void => {
  declared = { ...declared, ...adapters }
  fallback = undefined
}

/**
 * Sets the platform of this process: called by composition roots only (infra/local/stack.ts, test
 * setups), before any request. Returns a function that restores the previous one.
 */
export const providePlatform = (next: Platform): (() => void) => {
  const previous = provided
  provided = next
  return () => {
    provided = previous
  }
}

/** Runs `fn` (and everything it starts) with `p` as `platform()`. */
export const runWithPlatform = <T>(p: Platform, fn: () => T): T => current.run(p, fn)
