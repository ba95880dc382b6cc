/**
 * The resolver the domain doctor asks (#platform/services/domains/dns): on AWS the system's resolvers
 * (./aws/dns.ts), locally the stack's own DNS server (./local/dns.ts, `DOMAIN_DNS_SERVER`), whose
 * zone the tests and `npm run dns` edit.
 */
export type { DnsAnswers, DnsLookup } from '#platform/services/domains/dns'
