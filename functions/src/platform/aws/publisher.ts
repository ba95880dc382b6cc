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
export const awsPublisher = (env: PlatformEnv, invoker: Invoker): Publisher => {
  /** Sends a publish event (`publish`, `check` or `variant`) to the publishing Lambda and answers its answer. */
  const send = <T extends object>(event: Omit<PublishEvent, 'source'>, what: string) => {
    const functionName = env.PUBLISHING_FUNCTION_NAME
    if (!functionName) throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME) in this function')
    return invoker.invokeSync<T>(functionName, { source: 'swipe.publish', ...event }, what)
  }
  return {
    publish: async (siteId, { expectVersion, author }) => {
      await send({ siteId, expectVersion, ...(author ? { author } : {}) }, `Publishing ${siteId}`)
    },
    check: async (siteId, { loaded }) =>
      (
        await send<{ result: CheckResult }>(
          { siteId, expectVersion: loaded.site.version, check: true },
          `Checking ${siteId}`,
        )
      ).result,
    variant: async (siteId, { expectVersion, author }) =>
      (
        await send<{ versionId: string }>(
          { siteId, expectVersion, ...(author ? { author } : {}), variant: true },
          `Variant of ${siteId}`,
        )
      ).versionId,
  }
}
