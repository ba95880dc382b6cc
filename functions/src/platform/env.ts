import * as z from 'zod'

/**
 * The environment the platform reads: every variable that chooses or configures an adapter, in one
 * schema, parsed once per process (`platformEnv()`). Every field is optional where some function
 * or stage runs without it: a Lambda is given only what its work needs (infra/lib/app-function.ts),
 * the local stack and the tests give what theirs need. Feature code never reads these; it asks
 * `platform()` (./index.ts). With `functions/src/platform/services/env.ts` (the clients' own slices: table,
 * buckets, pools) this is the only reader of `process.env` in functions/src.
 */
/** A variable holding a JSON object of names to values (absent: empty), refused when it is not `what`. */
const jsonMap = <T extends z.ZodType<string>>(name: string, value: T, what: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): Record<string, z.output<T>> => {
      if (!raw) return {}
      try {
        return z.record(z.string(), value).parse(JSON.parse(raw))
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not ${what}` })
        return z.NEVER
      }
    })

export const platformEnvSchema = z.object({
  /** The context's jobs Lambda (set by the CDK stack on a context that runs jobs): `jobs` invokes it. */
  JOBS_FUNCTION_NAME: z.string().min(1).optional(),
  /**
   * Other contexts' jobs Lambdas this Lambda starts jobs in, as JSON: `{ "<context>": "<function
   * name>" }` (set by the CDK stack from the runtime table's `startedBy.routes`: a site's deletion
   * starts the domains context's `releaseSite`).
   */
  OTHER_JOBS_FUNCTION_NAMES: jsonMap(
    'OTHER_JOBS_FUNCTION_NAMES',
    z.string().min(1),
    'a JSON map of function names',
  ),
  /**
   * The queues of the runtime table's queued jobs this Lambda starts, as JSON: `{ "<context>.<job>":
   * "<queue URL>" }` (set by the CDK stack on the jobs Lambda that starts them, infra/lib/job-queue.ts).
   */
  JOB_QUEUE_URLS: jsonMap('JOB_QUEUE_URLS', z.url(), 'a JSON map of queue URLs'),
  /** The publishing Lambda (set on the contexts that publish): `publisher` invokes it. */
  PUBLISHING_FUNCTION_NAME: z.string().min(1).optional(),
  /** The PDF documents Lambda (set on billing and analysis): `documents` invokes it. */
  DOCUMENTS_FUNCTION_NAME: z.string().min(1).optional(),
  /** The payments Lambda (set on billing's API and jobs): their `payments` invokes it (./aws/invoked-payments.ts). */
  PAYMENTS_FUNCTION_NAME: z.string().min(1).optional(),
  /**
   * Where Lambda's Invoke API is (the SDK's own variable): unset on AWS (the region's endpoint);
   * only a test's stand-in sets it (./aws/invoker.ts).
   */
  AWS_ENDPOINT_URL_LAMBDA: z.url().optional(),
  // Payments (./payments.ts). AWS: the Secrets Manager secret holding the Stripe keys (the billing
  // functions are given it, infra/lib/billing.ts). Locally: the keys themselves and the stand-in.
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only the local stack's Stripe stand-in: `http://127.0.0.1:<port>`. */
  STRIPE_API_URL: z.url().optional(),
  /** Only the local stack's ad-platform stand-in: `http://127.0.0.1:<port>`. */
  AD_PLATFORMS_URL: z.url().optional(),
  // Custom domains (./domains.ts, ./dns.ts).
  /** `unavailable` on an AWS stage without a multi-tenant distribution: custom domains are refused. */
  DOMAIN_PROVISIONER: z.literal('unavailable').optional(),
  /** The CNAME target creators are told (AWS: the connection group's routing endpoint). */
  DOMAIN_CNAME_TARGET: z.string().min(1).optional(),
  /** AWS: the multi-tenant distribution and connection group the tenants join. */
  DOMAIN_DISTRIBUTION_ID: z.string().min(1).optional(),
  DOMAIN_CONNECTION_GROUP_ID: z.string().min(1).optional(),
  /** `https://{host}.<sites domain>`: the default CNAME target is `domains.<sites domain>`. */
  SITES_ORIGIN: z.string().optional(),
  /** Only locally: the stack's DNS server (`host:port`) the domain doctor resolves through. */
  DOMAIN_DNS_SERVER: z.string().min(1).optional(),
  // The host map (./host-map.ts). AWS: the CloudFront KeyValueStore. Locally: the file every
  // write of the bucket map marks, so the local edge drops its in-memory copy.
  SITES_KVS_ARN: z.string().min(1).optional(),
  HOSTMAP_STAMP_FILE: z.string().min(1).optional(),
  // Mail (./mail.ts): the sender; only locally, the SES emulator's endpoint.
  MAIL_FROM: z.email().optional(),
  SES_ENDPOINT: z.url().optional(),
  /** The vault key's secret (./vault.ts): a generated value the functions that seal or open credentials read. */
  VAULT_KEY_SECRET_ARN: z.string().min(1).optional(),
  /** The video transcoder (./video.ts): ffmpeg's path (AWS: the layer's `/opt/bin/ffmpeg`). */
  FFMPEG_PATH: z.string().optional(),
  // Outbound allowances (./outbound.ts), local only: the webhook inspector's origin, and the one
  // receiver a test allows (`host:port`, or a file holding it, read on each attempt).
  WEBHOOK_INSPECTOR_ORIGIN: z.string().optional(),
  SWIPE_WEBHOOK_TEST_RECEIVER: z.string().min(1).optional(),
  SWIPE_WEBHOOK_TEST_RECEIVER_FILE: z.string().min(1).optional(),
  // The PDF font (billing/pdf.ts, analysis/pdf.ts) where the npm package is not beside the code
  // (the documents Lambda's asset, infra/lib/app-function.ts).
  INVOICE_FONT_PATH: z.string().optional(),
  ANALYSIS_FONT_PATH: z.string().optional(),
  /** `1` checks every answer against the contract's response schema (tests, the local stack). */
  SWIPE_CONTRACT_CHECK: z
    .string()
    .optional()
    .transform((value) => value === '1'),
})

export type PlatformEnv = z.infer<typeof platformEnvSchema>

/** Parses `source` as the platform's environment; fails with every invalid name listed. */
export const parsePlatformEnv = (source: Readonly<Record<string, string | undefined>>): PlatformEnv => {
  const parsed = platformEnvSchema.safeParse(source)
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new Error(`Invalid platform environment variables: ${names}`)
  }
  return parsed.data
}

let parsed: PlatformEnv | undefined

/** This process's platform environment, read from `process.env` on first use and kept. */
export const platformEnv = (): PlatformEnv => {
  parsed ??= parsePlatformEnv(process.env)
  return parsed
}
