import * as z from 'zod'
import type { LoadedSite } from '../publishing/publish.ts'
import { readEnv } from './env.ts'
import { type Answer, answerOf, invokeSync, settle } from './invoke.ts'

/**
 * Publishing a site renders its pages with the visitor site's server entry (react-dom/server), the
 * only code of the API that needs it. On AWS it runs in a Lambda of its own (`PUBLISHING_FUNCTION_NAME`,
 * set by the CDK stack with the permission to invoke it), called synchronously, so the sites API
 * bundle carries no renderer (docs/decisions.md "Lambda bundles"). Without the
 * variable (the local stack, tests) it runs in this process, as `publishInProcess` was given it.
 */
const env = readEnv({ PUBLISHING_FUNCTION_NAME: z.string().min(1).optional() })

/** What the sites API asks of the publishing Lambda. */
export interface PublishEvent {
  source: 'swipe.publish'
  siteId: string
  /** The version the editor saw; the publish is conditioned on it (409 otherwise). */
  expectVersion: number
}

/** The publishing Lambda's answer: done, or the refusal the API answers with (409, 400, 404 …). */
export type PublishAnswer = Answer

export const isPublishEvent = (event: unknown): event is PublishEvent =>
  typeof event === 'object' &&
  event !== null &&
  (event as { source?: unknown }).source === 'swipe.publish' &&
  typeof (event as { siteId?: unknown }).siteId === 'string' &&
  typeof (event as { expectVersion?: unknown }).expectVersion === 'number'

/** How a refusal crosses the invoke, and back (`#lib/invoke`, shared with `#lib/documents`). */
export { answerOf, settle }

/** `publishSite` of functions/src/publishing/publish.ts, as the in-process path calls it. */
export type InProcessPublish = (
  siteId: string,
  options: { expectVersion: number; loaded: LoadedSite },
) => Promise<unknown>

let inProcess: InProcessPublish | undefined

/**
 * Hands this process the publish to run where no publishing Lambda is configured: the local stack
 * does (infra/local/stack.ts). Nothing in the API imports the renderer, so the sites Lambda's
 * bundle carries none; its publishing always goes through PUBLISHING_FUNCTION_NAME.
 */
export const publishInProcess = (publish: InProcessPublish): void => {
  inProcess = publish
}

/**
 * Publishes a site (functions/src/publishing/publish.ts `publishSite`) where the configuration
 * says: in the publishing Lambda, which loads the site itself under the same version condition,
 * or in this process with the site the caller loaded. Throws what `publishSite` throws.
 */
export const publish = async (
  siteId: string,
  options: { expectVersion: number; loaded: LoadedSite },
): Promise<void> => {
  if (env.PUBLISHING_FUNCTION_NAME) {
    const event: PublishEvent = { source: 'swipe.publish', siteId, expectVersion: options.expectVersion }
    await invokeSync(env.PUBLISHING_FUNCTION_NAME, event, `Publishing ${siteId}`)
    return
  }
  if (!inProcess) throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME) and no in-process publish')
  await inProcess(siteId, options)
}
