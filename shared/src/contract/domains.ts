/**
 * The domains context (issue 19; issue 35 item 3): a site's custom domain and, from
 * ./oem-domains.ts, an OEM's white-label sites domain. Heads in ./routes.ts. A context of its own,
 * so the sites Lambdas carry none of the domain code (the public suffix list, CloudFront, ACM, DNS):
 * docs/decisions/0076-domains-context.md.
 */
import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import { DOMAIN_STATES } from '../site/domain.ts'
import { IdParams, ServerMessage } from './common.ts'
import { defineContext, type RouteIo } from './define.ts'
import { DomainChallengeSchema, DomainFindingSchema } from './domain-parts.ts'
import { oemDomainRoutesIo } from './oem-domains.ts'

export { DomainChallengeSchema, type DomainFinding, DomainFindingSchema } from './domain-parts.ts'

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.iso.datetime().nullable())

/** A site's domain settings: its default URL, and its custom domain's connection when it has one. */
export const SiteDomainSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    siteId: z.string(),
    siteStatus: z.enum(SITE_STATUSES),
    /** The default domain's URL, which serves the site whatever the custom domain's state. */
    defaultUrl: z.string(),
    /** The host name the creator's CNAME record must point at. */
    cnameTarget: z.string(),
    /** `local`: no certificate is issued (the local stack); `aws`: CloudFront with a managed certificate. */
    provisioner: z.enum(['local', 'aws']),
    domain: z
      .object({
        name: z.string(),
        state: z.enum(DOMAIN_STATES),
        requestedAt: z.iso.datetime(),
        checkedAt: isoOrNull,
        verifiedAt: isoOrNull,
        failedAt: isoOrNull,
        /** When the checker gives up unless the record is found (72 hours after the request). */
        deadline: z.iso.datetime(),
        /** The TXT record proving the claim is its owner's: verified only once its own token is seen. */
        challenge: DomainChallengeSchema,
        /** The custom URL once connected. */
        url: z.string().nullable(),
        findings: z.array(DomainFindingSchema),
      })
      .nullable(),
  }),
)

export const SetDomainBody = /* @__PURE__ */ lazySchema(() => z.object({ domain: z.string().max(300) }))

const domainRoutesIo = {
  'domains.get': () => ({
    summary:
      "The site's default URL, the CNAME target and its custom domain's state with the doctor's findings.",
    params: IdParams,
    response: SiteDomainSchema,
  }),
  'domains.set': () => ({
    summary:
      'Sets or changes the custom domain (unique across sites); the site verifies it for up to 72 hours.',
    params: IdParams,
    body: SetDomainBody,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
  'domains.remove': () => ({
    summary: 'Removes the custom domain: detaches it, stops serving it and frees the name.',
    params: IdParams,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
  'domains.check': () => ({
    summary:
      'Checks the DNS records now (the scheduled checker does the same), connecting the domain when ready.',
    params: IdParams,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>

export const domainsRoutes = defineContext('domains')({
  ...domainRoutesIo,
  // OEM white-label domains (issue 19): ./oem-domains.ts
  ...oemDomainRoutesIo,
})
