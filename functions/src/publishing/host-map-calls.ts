import { type HostMapEvent, hostMapEvent } from '@swipe/shared/contract/runtime'
import { platform } from '#platform'
import type { HostTarget } from '#platform/host-map'
import type { Answer } from '#platform/services/invoke'

/**
 * Runs one host-map call on this Lambda's host map (the KeyValueStore on AWS): the sites and domains
 * Lambdas map and unmap hosts through the publishing Lambda, the one that carries the KeyValueStore
 * client (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md). Answers `get`'s target, or done.
 */
const answerHostMap = async (event: HostMapEvent): Promise<Answer<{ target?: HostTarget }>> => {
  const hosts = platform().hostMap
  switch (event.method) {
    case 'get': {
      const target = await hosts.get(event.host)
      return target ? { ok: true, target } : { ok: true }
    }
    case 'put':
      await hosts.put(event.host, event.target)
      return { ok: true }
    case 'delete':
      await hosts.delete(event.host)
      return { ok: true }
    case 'update':
      await hosts.update({ puts: new Map(event.puts), deletes: event.deletes })
      return { ok: true }
  }
}

/**
 * The publishing Lambda's answer to a host-map call of the sites or domains Lambdas
 * (#platform/aws/invoked-host-map); undefined for any other event, malformed calls included, which
 * the handler then refuses as it refuses every event it does not take.
 */
export const answerHostMapCall = (event: unknown): Promise<Answer<{ target?: HostTarget }>> | undefined => {
  const parsed = hostMapEvent.safeParse(event)
  return parsed.success ? answerHostMap(parsed.data) : undefined
}
