import type { HostMapEvent } from '@swipe/shared/contract/runtime'
import type { PlatformEnv } from '../env.ts'
import type { HostMap, HostTarget } from '../host-map.ts'
import type { Invoker } from '../invoker.ts'

/** A host-map event without its `source`, for each of its operations. */
type Operation = HostMapEvent extends infer E ? (E extends HostMapEvent ? Omit<E, 'source'> : never) : never

/**
 * The host map of the sites and domains Lambdas on AWS: each operation is a synchronous invoke of
 * the publishing Lambda (`PUBLISHING_FUNCTION_NAME`, the runtime table's `publish` invocation,
 * which these contexts call already; functions/src/publishing/index.ts), which runs it on the
 * KeyValueStore (./host-map.ts). So of the API's Lambdas only the publishing one carries the
 * KeyValueStore client and its SigV4A signer, about 51 KB of every load that carried them
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md). A map, which JSON cannot
 * carry, crosses as its entries. Any failure is the caller's 500, as the KeyValueStore's own is.
 */
export const invokedHostMap = (env: PlatformEnv, invoker: Invoker): HostMap => {
  const send = async (operation: Operation, what: string) => {
    const functionName = env.PUBLISHING_FUNCTION_NAME
    if (!functionName)
      throw new Error('No publishing Lambda (PUBLISHING_FUNCTION_NAME), which keeps the host map')
    return invoker.invokeSync<{ target?: HostTarget }>(
      functionName,
      { source: 'swipe.hostMap', ...operation },
      what,
    )
  }
  return {
    get: async (host) => (await send({ method: 'get', host }, `Host map: reading ${host}`)).target,
    put: async (host, target) => {
      await send({ method: 'put', host, target }, `Host map: mapping ${host}`)
    },
    delete: async (host) => {
      await send({ method: 'delete', host }, `Host map: removing ${host}`)
    },
    update: async ({ puts, deletes }) => {
      await send(
        { method: 'update', puts: puts ? [...puts] : [], deletes: deletes ? [...deletes] : [] },
        `Host map: ${puts?.size ?? 0} mapped, ${deletes?.length ?? 0} removed`,
      )
    },
  }
}
