import { type PublishEvent, publishEvent } from '@swipe/shared/contract/runtime'
import { platform } from '#platform'
import type { CheckResult } from '../../publishing/checklist/types.ts'
import type { LoadedSite } from '../../publishing/publish.ts'
import { type Answer, answerOf, settle } from './invoke.ts'

/**
 * Publishing a site renders its pages with the visitor site's server entry (react-dom/server), the
 * only code of the API that needs it. Where it runs is the platform's publisher
 * (functions/src/platform/publisher.ts): on AWS the publishing Lambda, called synchronously with a
 * publish event (the runtime table's `publishEvent`), so the sites API bundle carries no renderer
 * (docs/decisions/0009-lambda-bundles.md); on the local stack this process.
 */

export type { PublishEvent }

/** The publishing Lambda's answer: done (a check's result or a variant's version id with it), or the refusal the API answers with (409, 400, 404 …). */
export type PublishAnswer = Answer<{ result?: CheckResult; versionId?: string }>

export const isPublishEvent = (event: unknown): event is PublishEvent => publishEvent.safeParse(event).success

/** How a refusal crosses the invoke, and back (`#platform/services/invoke`, shared with `#platform/services/documents`). */
export { answerOf, settle }

/**
 * `platform().publisher.publish`, for sites/domains.ts until it calls the platform itself (the
 * other callers do).
 */
export const publish = (
  siteId: string,
  options: { expectVersion: number; loaded: LoadedSite },
): Promise<void> => platform().publisher.publish(siteId, options)
