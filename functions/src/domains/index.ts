import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsDns } from '#platform/aws/dns'
import { awsDomains } from '#platform/aws/domains'
import { invokedHostMap } from '#platform/aws/invoked-host-map'
import { awsMail } from '#platform/aws/mail'
import * as check from './check.ts'
import * as get from './get.ts'
import * as oemCheck from './oemCheck.ts'
import * as oemGet from './oemGet.ts'
import * as oemRemove from './oemRemove.ts'
import * as oemSet from './oemSet.ts'
import * as remove from './remove.ts'
import * as set from './set.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ domains: awsDomains, dns: awsDns, hostMap: invokedHostMap, mail: awsMail })

/**
 * The domains API Lambda (docs/decisions/0076-domains-context.md): a site's custom domain and an
 * OEM's sites domain. The only API Lambda that carries the public suffix list, CloudFront, ACM and
 * the DNS resolver.
 */
export const handler = contextHandler('domains', {
  get,
  set,
  remove,
  check,
  oemGet,
  oemSet,
  oemRemove,
  oemCheck,
})
