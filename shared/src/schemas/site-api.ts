import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { ALLOWLIST_MIN_PREFIX, isAllowlistRange, isIpRange } from '../site/ip-ranges.ts'

/**
 * API issuing per site (issue 21; SPEC §2 "API generation dialog", §3 "API settings (per site)",
 * §5 "API validation", §7 "API issuing"; docs/decisions/0040-site-api.md).
 * The console checks the dialog with these schemas, and the API checks the same again.
 */

export const SITE_API_AUTH_METHODS = ['IP_RESTRICTION', 'BASIC_AUTH', 'API_KEY'] as const
export type SiteApiAuthMethod = (typeof SITE_API_AUTH_METHODS)[number]

/** The tags of the site API: one read-only endpoint each, below `/open/site/{siteId}/`. */
export const SITE_API_TAGS = ['members', 'contacts', 'forms', 'analytics', 'content'] as const
export type SiteApiTag = (typeof SITE_API_TAGS)[number]

export const SITE_API_LIMITS = {
  /** Addresses and ranges one site may list. */
  ipList: 50,
  /** Keys (active or not) one site may hold. */
  keys: 20,
  keyName: 60,
  basicId: 64,
  basicPasswordMin: 12,
  basicPasswordMax: 128,
  /** Requests per minute of each key (and of a site's basic or IP access). */
  perMinute: 60,
  /** The longest grace a rotation may give the old key: 30 days, in minutes. */
  graceMinutes: 30 * 24 * 60,
  expiresInDaysMax: 3650,
} as const

/** The events a site's webhooks can receive (issue 21 Deliver 6), in their documented order. */
export const SITE_WEBHOOK_EVENTS = ['member.registered', 'contact.received', 'form.received'] as const
export const SITE_WEBHOOK_LIMITS = { endpoints: 5, url: 2000, deliveriesListed: 50 } as const
export const SITE_WEBHOOK_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const

/** `PUT /site/{id}/api`. A basic-auth password may be left out to keep the stored one. */
export const SiteApiSettingsBody = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      enabled: z.boolean(),
      authMethod: z.enum(SITE_API_AUTH_METHODS),
      ipList: z
        .array(
          z
            .string()
            .trim()
            .refine(isIpRange, { error: 'validation.ipRange', abort: true })
            .refine(isAllowlistRange, { error: 'validation.ipRangeTooBroad', params: ALLOWLIST_MIN_PREFIX }),
        )
        .max(SITE_API_LIMITS.ipList, { error: 'validation.tooMany' })
        .default([]),
      basicId: z
        .string()
        .trim()
        .max(SITE_API_LIMITS.basicId)
        .regex(/^[^:\s]*$/, { error: 'validation.basicId' })
        .optional(),
      basicPassword: z
        .string()
        .min(SITE_API_LIMITS.basicPasswordMin, { error: 'validation.basicPasswordLength' })
        .max(SITE_API_LIMITS.basicPasswordMax, { error: 'validation.basicPasswordLength' })
        .optional(),
      /** The version the dialog loaded (optimistic lock); absent for the first save. */
      version: z.number().int().positive().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.authMethod === 'IP_RESTRICTION' && value.ipList.length === 0)
        ctx.addIssue({ code: 'custom', path: ['ipList'], message: 'validation.ipRequired' })
      if (value.authMethod === 'BASIC_AUTH' && !value.basicId)
        ctx.addIssue({ code: 'custom', path: ['basicId'], message: 'validation.basicAuthRequired' })
    }),
)
export type SiteApiSettingsInput = z.input<typeof SiteApiSettingsBody>

export const SITE_API_KEY_STATUSES = ['ACTIVE', 'EXPIRING', 'EXPIRED', 'REVOKED'] as const

/** A key as the dialog lists it: never the key, only its visible prefix. */
export const SiteApiKeyView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** `slp_live_` and four characters. */
    prefix: z.string(),
    status: z.enum(SITE_API_KEY_STATUSES),
    createdAt: z.iso.datetime(),
    /** When it stops working: its expiry, or the end of a rotation's grace. */
    validUntil: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    lastUsedIp: z.string().nullable(),
    rotatedTo: z.string().nullable(),
    rateLimitPerMinute: z.number().int(),
  }),
)
export type SiteApiKeyViewType = z.output<typeof SiteApiKeyView>

/** One endpoint of the site API as the dialog shows it (SPEC §7: URL and method per tag). */
export const SiteApiEndpoint = /* @__PURE__ */ lazySchema(() =>
  z.object({
    tag: z.enum(SITE_API_TAGS),
    method: z.literal('GET'),
    url: z.string(),
  }),
)

/** `GET`/`PUT /site/{id}/api`. */
export const SiteApiView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    siteId: z.string(),
    siteName: z.string(),
    enabled: z.boolean(),
    authMethod: z.enum(SITE_API_AUTH_METHODS),
    ipList: z.array(z.string()),
    basicId: z.string().nullable(),
    /** Whether a basic-auth password is stored (it is never shown again). */
    hasBasicPassword: z.boolean(),
    /** Null before the first save. */
    version: z.number().int().nullable(),
    updatedAt: z.iso.datetime().nullable(),
    /** `https://…/api/v1/open/site/{siteId}`. */
    baseUrl: z.string(),
    endpoints: z.array(SiteApiEndpoint),
    keys: z.array(SiteApiKeyView),
    /** The latest changes, newest first. */
    audit: z.array(
      z.object({ at: z.iso.datetime(), actorId: z.string(), action: z.string(), summary: z.string() }),
    ),
  }),
)
export type SiteApiViewType = z.output<typeof SiteApiView>

/** `POST /site/{id}/api/keys`. */
export const SiteApiKeyCreateBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(SITE_API_LIMITS.keyName),
    /** Days until the key expires; absent or null: it does not expire. */
    expiresInDays: z.number().int().min(1).max(SITE_API_LIMITS.expiresInDaysMax).nullable().optional(),
  }),
)

/** `POST /site/{id}/api/keys/{keyId}/rotate`: minutes the old key keeps working (0: revoked at once). */
export const SiteApiKeyRotateBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    graceMinutes: z.number().int().min(0).max(SITE_API_LIMITS.graceMinutes).default(0),
  }),
)

/** A new key: the only answer that ever carries it. */
export const SiteApiNewKey = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The key itself: shown once, stored only as a hash. */
    key: z.string(),
    item: SiteApiKeyView,
    /** The key a rotation replaced, with its grace end (or revoked). */
    previous: SiteApiKeyView.optional(),
    message: z.string(),
  }),
)

/** `GET /site/{id}/api/docs`. */
export const SiteApiDocsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    format: z.enum(['openapi', 'markdown', 'html']).default('openapi'),
    lang: z.enum(['ja', 'en']).default('ja'),
  }),
)
export const SiteApiDocsFile = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fileName: z.string(),
    contentType: z.string(),
    content: z.string(),
  }),
)
