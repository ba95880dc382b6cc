import { type DnsLookup, dnsLookup } from '#platform/services/domains/dns'
import type { PlatformEnv } from '../env.ts'

/** On AWS: the system's resolvers (the Lambda's VPC-less resolver). */
export const awsDns = (_env: PlatformEnv): DnsLookup => dnsLookup()
