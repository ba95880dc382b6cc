/**
 * The OEM white-label domain routes of the domains context (issue 19 Deliver 5), merged into
 * `domainsRoutes` (./domains.ts). Heads in ./routes.ts. An OEM master sets its sites domain; once
 * verified, its users' sites answer on `{site-uuid}.<oem domain>`.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { DOMAIN_STATES } from '../site/domain.ts'
import { ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'
import { DomainChallengeSchema, DomainFindingSchema } from './domain-parts.ts'

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.iso.datetime().nullable())

/** Which OEM: the caller's own (OEM master, its admins and sub-admins) or, for platform staff, one named. */
export const OemDomainQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ oemId: z.string().min(1).max(64).optional() }),
)

export const OemDomainSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    oemId: z.string(),
    /** The OEM's name, as its users see it. */
    oemName: z.string(),
    /** Whether the caller may change it (the OEM master with EDIT authority, platform staff). */
    editable: z.boolean(),
    /** The host name the wildcard CNAME record must point at. */
    cnameTarget: z.string(),
    provisioner: z.enum(['local', 'aws']),
    /** A site's default URL while no OEM domain is verified: `{site-uuid}` stands for the site. */
    defaultSiteUrl: z.string(),
    domain: z
      .object({
        name: z.string(),
        /** The DNS record the OEM adds: `*.<name>` CNAME → `cnameTarget`. */
        record: z.string(),
        /** The TXT record `_swipe-challenge.<name>` with this claim's own token (issue 29). */
        challenge: DomainChallengeSchema,
        state: z.enum(DOMAIN_STATES),
        requestedAt: z.iso.datetime(),
        checkedAt: isoOrNull,
        verifiedAt: isoOrNull,
        failedAt: isoOrNull,
        deadline: z.iso.datetime(),
        /** Once verified: a site's URL on it, `{site-uuid}` standing for the site. */
        siteUrl: z.string().nullable(),
        findings: z.array(DomainFindingSchema),
        /**
         * AWS: the wildcard's ACM certificate (DNS-validated, requested on the first check) and the
         * extra CNAME record ACM validates over, which the OEM adds beside the wildcard record
         * (`record` null while ACM prepares it). Null on the local stack: no certificate is issued.
         */
        certificate: z
          .object({
            /** ACM's status: PENDING_VALIDATION, ISSUED, FAILED, VALIDATION_TIMED_OUT, REVOKED… */
            status: z.string(),
            /** Why ACM will not issue it (`CAA_ERROR`…), else null. */
            reason: z.string().nullable(),
            record: z.object({ name: z.string(), type: z.literal('CNAME'), value: z.string() }).nullable(),
          })
          .nullable(),
      })
      .nullable(),
  }),
)

export const SetOemDomainBody = /* @__PURE__ */ lazySchema(() => z.object({ domain: z.string().max(300) }))

export const oemDomainRoutesIo = {
  'domains.oemGet': () => ({
    summary: "The OEM's sites domain: its state, the wildcard record to add and the doctor's findings.",
    query: OemDomainQuery,
    response: OemDomainSchema,
  }),
  'domains.oemSet': () => ({
    summary:
      "Sets or changes the OEM's sites domain (unique across sites and OEMs); verified for up to 72 hours.",
    query: OemDomainQuery,
    body: SetOemDomainBody,
    response: OemDomainSchema.extend(ServerMessage.shape),
  }),
  'domains.oemRemove': () => ({
    summary: "Removes the OEM's sites domain: its users' sites go back to the product's default domain.",
    query: OemDomainQuery,
    response: OemDomainSchema.extend(ServerMessage.shape),
  }),
  'domains.oemCheck': () => ({
    summary: "Checks the OEM domain's wildcard record now (the scheduled checker does the same).",
    query: OemDomainQuery,
    response: OemDomainSchema.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>
