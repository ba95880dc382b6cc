import type { PublishEvent } from '@swipe/shared/contract/runtime'
import type { CheckResult } from '../../publishing/checklist/types.ts'
import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import type { Publisher } from '../publisher.ts'

/**
 * The publishing Lambda (`PUBLISHING_FUNCTION_NAME`, set by the CDK stack on the contexts that
 * publish, with the permission to invoke it), called synchronously. A function without it does
 * not publish: asking it to is a deployment error.
 */
export const awsPublisher = (env: PlatformEnv, invoker: Invoker): Publisher => ({
  publish: async (siteId, { expectVersion, author }) => {
    const functionName = env.PUBLISHING_FUNCTION_NAME
    if (!functionName) throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME) in this function')
    const event: PublishEvent = {
      source: 'swipe.publish',
      siteId,
      expectVersion,
      ...(author ? { author } : {}),
    }
    await invoker.invokeSync(functionName, event, `Publishing ${siteId}`)
  },
  check: async (siteId, { loaded }) => {
    const functionName = env.PUBLISHING_FUNCTION_NAME
    if (!functionName) throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME) in this function')
    const event: PublishEvent = {
      source: 'swipe.publish',
      siteId,
      expectVersion: loaded.site.version,
      check: true,
    }
    const answer = await invoker.invokeSync<{ result: CheckResult }>(
      functionName,
      event,
      `Checking ${siteId}`,
    )
    return answer.result
  },
  variant: async (siteId, { expectVersion, author }) => {
    const functionName = env.PUBLISHING_FUNCTION_NAME
    if (!functionName) throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME) in this function')
    const event: PublishEvent = {
      source: 'swipe.publish',
      siteId,
      expectVersion,
      ...(author ? { author } : {}),
      variant: true,
    }
    const answer = await invoker.invokeSync<{ versionId: string }>(
      functionName,
      event,
      `Variant of ${siteId}`,
    )
    return answer.versionId
  },
})
