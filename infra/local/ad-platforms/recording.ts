import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import type { AcceptedEvent } from './validate.ts'

/**
 * What the stand-in keeps of each request, in memory: enough to see what the product sent and what
 * it was told, never a credential. Tokens are kept as "present, ends in …abcd" only, so the page and
 * the JSON can be shown or pasted anywhere.
 */

/** Requests kept per platform (the oldest dropped first); the viewer lists them all. */
export const KEPT = 100
/** Accepted events kept per platform for `received()`. */
export const EVENTS_KEPT = 1000

/**
 * Where a request is filed: a platform's conversion API, Google's OAuth token endpoint
 * (`POST /token`), or `other` for any other path.
 */
export type Bucket = ConversionPlatform | 'google-oauth' | 'other'
export const BUCKETS: readonly Bucket[] = [...CONVERSION_PLATFORMS, 'google-oauth', 'other']

export interface RecordedRequest {
  /** Its number in this run of the stand-in, from 1 (across platforms). */
  seq: number
  receivedAt: string
  /** The platform whose API was called (`google` for its OAuth token endpoint too); null for no platform's path. */
  platform: ConversionPlatform | null
  bucket: Bucket
  method: string
  /** Path and query, with `access_token` taken out of the query. */
  path: string
  /** The headers without the credential ones (and without cookies). */
  headers: Record<string, string>
  /** Each credential that came with the request, by where it came: only its last 4 characters. */
  credentials: Record<string, { last4: string }>
  /** The parsed body (JSON or form) without `access_token`, `client_secret` and `refresh_token`; the text when it was neither. */
  body: unknown
  outcome: {
    /** Whether the platform would have taken the request (Google: even with some rows refused; its token endpoint: a token issued). */
    accepted: boolean
    /** Set when the answer was a failure injected by a test, not a verdict on the body. */
    injected?: 'failNext' | 'rateLimit'
    /** What was wrong, as `path message` lines. */
    problems: string[]
  }
  /** What was answered; an issued `access_token` is taken out of it (its last 4 are in `credentials`). */
  answer: { status: number; headers: Record<string, string>; body: unknown }
}

export interface ReceivedEvent extends AcceptedEvent {
  platform: ConversionPlatform
  /** The request that carried it (`RecordedRequest.seq`). */
  seq: number
  receivedAt: string
}

export interface Recorder {
  add(request: Omit<RecordedRequest, 'seq' | 'receivedAt'>, events: readonly AcceptedEvent[]): RecordedRequest
  /** Newest first. */
  requests(bucket: Bucket): RecordedRequest[]
  /** Oldest first, as received. */
  received(platform: ConversionPlatform): ReceivedEvent[]
  reset(): void
}

const emptyBuckets = <T>(): Record<Bucket, T[]> => ({
  meta: [],
  line: [],
  tiktok: [],
  google: [],
  'google-oauth': [],
  other: [],
})

export const createRecorder = (clock: () => number): Recorder => {
  let requests = emptyBuckets<RecordedRequest>()
  let events = emptyBuckets<ReceivedEvent>()
  let seq = 0
  return {
    add(request, accepted) {
      const receivedAt = new Date(clock()).toISOString()
      const recorded: RecordedRequest = { seq: ++seq, receivedAt, ...request }
      const list = requests[request.bucket]
      list.push(recorded)
      if (list.length > KEPT) list.splice(0, list.length - KEPT)
      if (request.platform && request.bucket === request.platform) {
        const platform = request.platform
        const kept = events[platform]
        kept.push(...accepted.map((event) => ({ ...event, platform, seq: recorded.seq, receivedAt })))
        if (kept.length > EVENTS_KEPT) kept.splice(0, kept.length - EVENTS_KEPT)
      }
      return recorded
    },
    requests: (bucket) => [...requests[bucket]].reverse(),
    received: (platform) => [...events[platform]],
    reset() {
      requests = emptyBuckets()
      events = emptyBuckets()
    },
  }
}
