import { type DnsLookup, dnsLookup } from '#platform/services/domains/dns'
import type { PlatformEnv } from '../env.ts'

/** Locally: the stack's DNS server (`DOMAIN_DNS_SERVER`, `host:port`), else the system's resolvers. */
export const localDns = (env: PlatformEnv): DnsLookup =>
  dnsLookup(env.DOMAIN_DNS_SERVER ? [env.DOMAIN_DNS_SERVER] : undefined)
