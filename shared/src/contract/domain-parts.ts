/**
 * The parts of a domain's state shared by a site's custom domain (./domains.ts) and an OEM's
 * sites domain (./oem-domains.ts): the doctor's findings and the ownership record.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { DOMAIN_FINDINGS } from '../site/domain.ts'

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
