import * as z from 'zod'
import { readEnv } from '#lib/env'
import { getSecretString } from '#lib/secrets'

/**
 * Where billing finds its Stripe keys (issue 18):
 *
 * - On AWS, `STRIPE_SECRET_ARN` names a Secrets Manager secret whose value the operator sets to
 *   `{"secretKey":"sk_live_…","webhookSecret":"whsec_…"}` (README "Deploy"). It is read at cold
 *   start and kept for the container's life; while it holds no secret key yet, it is read again
 *   every 5 minutes, so setting it takes effect without a deploy.
 * - Locally (and in tests), `STRIPE_SECRET_KEY` / `STRIPE_WEBHOOK_SECRET` with `STRIPE_API_URL`
 *   pointing the SDK at the stand-in (infra/local/stripe.ts).
 *
 * Without a secret key card payments are unavailable: the console says so, the card routes answer
 * 503 `billing.cardUnavailable`, card invoices stay `processing`. Without a signing secret the
 * webhook believes nothing.
 */
export interface StripeConfig {
  secretKey: string | undefined
  webhookSecret: string | undefined
  apiUrl: string | undefined
}

const env = readEnv({
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only the local stack's stand-in: `http://127.0.0.1:<port>`. */
  STRIPE_API_URL: z.url().optional(),
})

/** The secret's value as the operator stores it; anything else counts as not configured. */
const SecretValue = z.object({
  secretKey: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\S+$/)
    .optional()
    .catch(undefined),
  webhookSecret: z
    .string()
    .regex(/^whsec_\S+$/)
    .optional()
    .catch(undefined),
})

/** Parses a secret's string: a JSON object with the two keys; unset or malformed values are left out. */
export const parseStripeSecret = (
  value: string | undefined,
): Pick<StripeConfig, 'secretKey' | 'webhookSecret'> => {
  if (!value) return { secretKey: undefined, webhookSecret: undefined }
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    return { secretKey: undefined, webhookSecret: undefined }
  }
  const parsed = SecretValue.safeParse(json)
  return parsed.success
    ? { secretKey: parsed.data.secretKey, webhookSecret: parsed.data.webhookSecret }
    : { secretKey: undefined, webhookSecret: undefined }
}

let reader: ((arn: string) => Promise<string | undefined>) | undefined
/** Tests only: how a secret's value is read (the Secrets Manager client by default). */
export const setSecretReader = (next: typeof reader) => {
  reader = next
  cached = undefined
}

let cached: Promise<StripeConfig> | undefined
/** When the secret was last found without a secret key (then it is read again after 5 minutes). */
let unsetSince: number | undefined
const UNSET_RECHECK_MS = 5 * 60_000

/** The keys, read once per container (a failed read is tried again by the next call). */
export const stripeConfig = (): Promise<StripeConfig> => {
  // A secret read before the operator set it is read again after a while, not at every request.
  if (cached && !(unsetSince !== undefined && Date.now() - unsetSince > UNSET_RECHECK_MS)) return cached
  unsetSince = undefined
  const attempt = (async (): Promise<StripeConfig> => {
    if (!env.STRIPE_SECRET_ARN)
      return {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }
    const read = reader ?? getSecretString
    const keys = parseStripeSecret(await read(env.STRIPE_SECRET_ARN))
    if (!keys.secretKey) unsetSince = Date.now()
    return { ...keys, apiUrl: undefined }
  })()
  cached = attempt
  attempt.catch(() => {
    if (cached === attempt) cached = undefined
  })
  return attempt
}

// On AWS the read starts at cold start, alongside the rest of the module's loading.
if (env.STRIPE_SECRET_ARN) stripeConfig().catch(() => undefined)
