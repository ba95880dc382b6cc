import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import * as z from 'zod'
import type { Bucket, ReceivedEvent, RecordedRequest } from './recording.ts'
import type { FailNext } from './server.ts'

/**
 * The stand-in's handle over HTTP, for code in another process than the one that started it: the
 * integration tests run in a worker while the stack (and the stand-in) runs in vitest's main
 * process (test/support/ad-platforms.ts). The same controls as `AdPlatformsStandIn`, each a
 * request to the stand-in's `/control/*` paths or its `/requests.json`.
 */

export const CONTROL_PATHS = {
  failNext: '/control/fail-next',
  rateLimit: '/control/rate-limit',
  reset: '/control/reset',
} as const

export const failNextBody = z.strictObject({
  platform: z.enum(CONVERSION_PLATFORMS),
  status: z.int().min(400).max(599),
  times: z.int().min(1).optional(),
  retryAfter: z.int().min(0).optional(),
})

export const rateLimitBody = z.strictObject({
  platform: z.enum(CONVERSION_PLATFORMS),
  retryAfter: z.int().min(0).nullable(),
})

export interface AdPlatformsControl {
  url: string
  /** The next `times` requests to the platform are answered `status` instead of being checked. */
  failNext(platform: ConversionPlatform, failure: FailNext): Promise<void>
  /** Until called with `null`, every request to the platform is answered 429 with `Retry-After`. */
  rateLimit(platform: ConversionPlatform, retryAfterSeconds: number | null): Promise<void>
  /** The events the platform accepted, oldest first, duplicates included. */
  received(platform: ConversionPlatform): Promise<ReceivedEvent[]>
  /** The recorded requests, newest first (`null`: those to no platform's path). */
  requests(bucket: Exclude<Bucket, 'other'> | null): Promise<RecordedRequest[]>
  /** Forgets requests, events, pending failures and rate limits (issued Google tokens stay valid). */
  reset(): Promise<void>
}

interface Listing {
  requests: Record<Bucket, RecordedRequest[]>
  received: Record<ConversionPlatform, ReceivedEvent[]>
}

export const adPlatformsControl = (url: string): AdPlatformsControl => {
  const origin = url.replace(/\/$/, '')
  const control = async (path: string, body?: unknown) => {
    const answer = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
    if (answer.status !== 204)
      throw new Error(`ad platforms stand-in ${path}: ${answer.status} ${await answer.text()}`)
  }
  const listing = async () => {
    const answer = await fetch(`${origin}/requests.json`)
    if (!answer.ok) throw new Error(`ad platforms stand-in /requests.json: ${answer.status}`)
    return (await answer.json()) as Listing
  }
  return {
    url: origin,
    failNext: (platform, failure) => control(CONTROL_PATHS.failNext, { platform, ...failure }),
    rateLimit: (platform, retryAfter) => control(CONTROL_PATHS.rateLimit, { platform, retryAfter }),
    received: async (platform) => (await listing()).received[platform],
    requests: async (bucket) => (await listing()).requests[bucket ?? 'other'],
    reset: () => control(CONTROL_PATHS.reset),
  }
}
