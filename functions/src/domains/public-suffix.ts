import { AppError } from '#edge/errors'
import { logger } from '#platform/services/logger'
import { getDomain } from '#suffix-list'

// Only the set routes import this module (./set-domain.ts, ./oem-set-domain.ts), so the domains
// jobs Lambda carries no public-suffix list; the API's reads it beside its bundle at the first
// check (#platform/services/suffix-list.lambda.ts; docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md).

/**
 * A name that is itself a public suffix (`co.jp`, `github.io`, `s3.amazonaws.com`: the Public
 * Suffix List with its private part, through tldts) has no registrable domain: nobody owns it, so
 * nobody may claim it (issue 29). `code` is the route's refusal.
 */
export const refusePublicSuffix = (
  domain: string,
  code: 'domain.publicSuffix' | 'oemDomain.publicSuffix',
) => {
  if (getDomain(domain, { allowPrivateDomains: true })) return
  logger.info('Domain refused: a public suffix', { domain })
  throw new AppError(400, code, { domain }, [{ path: 'domain', code, params: { domain } }])
}
