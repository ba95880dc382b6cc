import { Resolver as DnsResolver } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { localInspectorAllowance, type Resolver } from '#platform/services/outbound'
import type { PlatformEnv } from '../env.ts'
import type { Outbound } from '../outbound.ts'

/**
 * The one local receiver a test allows (`host:port`): named by `SWIPE_WEBHOOK_TEST_RECEIVER`, or
 * written by the test into the file `SWIPE_WEBHOOK_TEST_RECEIVER_FILE` names (the integration
 * stack's handlers run in another process than the test; test/support/stack.ts names the file, and
 * no file means no allowance). The file is read on each attempt.
 */
const testReceiver = (env: PlatformEnv): string | undefined => {
  if (env.SWIPE_WEBHOOK_TEST_RECEIVER) return env.SWIPE_WEBHOOK_TEST_RECEIVER
  const file = env.SWIPE_WEBHOOK_TEST_RECEIVER_FILE
  if (!file) return undefined
  try {
    return readFileSync(file, 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

/** Every A and AAAA answer of the stack's DNS server (`host:port`) for a name. */
const stackResolver = (server: string): Resolver => {
  const resolver = new DnsResolver({ timeout: 500, tries: 1 })
  resolver.setServers([server])
  const answers = (query: Promise<string[]>) => query.catch(() => [] as string[])
  return async (host) => [
    ...(await answers(resolver.resolve4(host))),
    ...(await answers(resolver.resolve6(host))),
  ]
}

/**
 * Locally: exactly the stack's webhook inspector origin (`localInspectorAllowance`), the
 * ad-platform stand-in's origin (`AD_PLATFORMS_URL`), and the one
 * receiver a test names, over plain HTTP at exactly that `host:port`.
 */
export const localOutbound = (env: PlatformEnv): Outbound => {
  const inspector = localInspectorAllowance({ WEBHOOK_INSPECTOR_ORIGIN: env.WEBHOOK_INSPECTOR_ORIGIN })
  return {
    ...(env.DOMAIN_DNS_SERVER ? { linkResolver: stackResolver(env.DOMAIN_DNS_SERVER) } : {}),
    allowed(url) {
      const found = inspector(url)
      if (found) return found
      // The ad-platform stand-in (AD_PLATFORMS_URL): exactly its origin.
      if (env.AD_PLATFORMS_URL && url.origin === new URL(env.AD_PLATFORMS_URL).origin) {
        const standIn = url.hostname.replace(/^\[(.*)\]$/, '$1')
        return { address: standIn, family: isIP(standIn) === 6 ? 6 : 4 }
      }
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
      const receiver = testReceiver(env)
      if (receiver && url.protocol === 'http:' && `${host}:${url.port}` === receiver)
        return { address: host, family: isIP(host) === 6 ? 6 : 4 }
      return undefined
    },
  }
}
