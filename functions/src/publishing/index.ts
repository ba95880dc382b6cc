import { declareAwsAdapters } from '#platform'
import { awsHostMap } from '#platform/aws/host-map'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { answerOf, isPublishEvent, type PublishAnswer } from '#platform/services/publisher'
import { checkSite } from './checklist/check.ts'
import { answerHostMapCall } from './host-map-calls.ts'
import { loadSite, publishSite } from './publish.ts'
import { renderVariant } from './variant.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ hostMap: awsHostMap })

/**
 * The publishing Lambda (docs/decisions/0009-lambda-bundles.md): the sites API invokes
 * it synchronously to publish one site, or to run a site's pre-publish checklist
 * (`#platform/services/publisher`), and it answers with the refusal the API answers with, or done. It is the only function that bundles the renderer (react-dom/server).
 * It also keeps the host map for the sites and domains Lambdas (`#platform/aws/invoked-host-map`):
 * the only function that carries the KeyValueStore client.
 */
export const handler = async (
  event: unknown,
): Promise<PublishAnswer | NonNullable<Awaited<ReturnType<typeof answerHostMapCall>>>> => {
  const hostMapAnswer = answerHostMapCall(event)
  if (hostMapAnswer) return hostMapAnswer
  if (!isPublishEvent(event)) throw new Error('The publishing Lambda takes only publish and host-map events')
  logger.appendKeys({ siteId: event.siteId })
  try {
    // The pre-publish checklist (issue 33): it renders the first pages, so it runs here.
    if (event.check) return { ok: true, result: await checkSite(await loadSite(event.siteId), now()) }
    // A test variant (issue 34): rendered like a publish, not made live.
    if (event.variant)
      return {
        ok: true,
        versionId: await renderVariant(event.siteId, {
          expectVersion: event.expectVersion,
          author: event.author,
          now: now(),
        }),
      }
    await publishSite(event.siteId, { expectVersion: event.expectVersion, author: event.author })
    return { ok: true }
  } catch (error) {
    return answerOf(error)
  } finally {
    logger.removeKeys(['siteId'])
  }
}
