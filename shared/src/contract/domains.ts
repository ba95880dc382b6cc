/**
 * The custom-domain routes of the sites context (issue 19), merged into `sitesRoutes`
 * (./sites.ts). Heads in ./routes.ts.
 */
import * as z from 'zod'
import { SITE_STATUSES } from '../accounts.ts'
import { lazySchema } from '../lazy-schema.ts'
import { DOMAIN_FINDINGS, DOMAIN_STATES } from '../site/domain.ts'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.iso.datetime().nullable())

/** One finding of the domain doctor, explained in the caller's language. */
export const DomainFindingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.enum(DOMAIN_FINDINGS),
    /** `error`: keeps the domain from being connected; `warning`: may; `info`: what happens next. */
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    params: z.record(z.string(), z.string()),
  }),
)
export type DomainFinding = z.infer<typeof DomainFindingSchema>

/**
 * A claim's ownership record (issue 29): the TXT record `_swipe-challenge.<name>` whose value is
 * this claim's own token, and whether the last check saw it.
 */
export const DomainChallengeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string(),
    type: z.literal('TXT'),
    value: z.string(),
    seen: z.boolean(),
  }),
)

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

export const domainRoutesIo = {
  'sites.domainGet': () => ({
    summary:
      "The site's default URL, the CNAME target and its custom domain's state with the doctor's findings.",
    params: IdParams,
    response: SiteDomainSchema,
  }),
  'sites.domainSet': () => ({
    summary:
      'Sets or changes the custom domain (unique across sites); the site verifies it for up to 72 hours.',
    params: IdParams,
    body: SetDomainBody,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
  'sites.domainRemove': () => ({
    summary: 'Removes the custom domain: detaches it, stops serving it and frees the name.',
    params: IdParams,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
  'sites.domainCheck': () => ({
    summary:
      'Checks the DNS records now (the scheduled checker does the same), connecting the domain when ready.',
    params: IdParams,
    response: SiteDomainSchema.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>
