import * as z from 'zod'

/**
 * Reads the environment variables a module needs, once, at module load, and fails fast with
 * every missing name listed. Each client module reads only its own slice, so a Lambda that is
 * not given (and not granted) a resource fails at start instead of at first use.
 */
export const readEnv = <S extends z.ZodRawShape>(shape: S): z.infer<z.ZodObject<S>> => {
  // `jitless`: the schema parses once, so compiling zod's fast path for it (a `new Function` per
  // object) costs more than it saves; the result is the same.
  const parsed = z.object(shape).safeParse(process.env, { jitless: true })
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new Error(`Invalid or missing environment variables: ${names}`)
  }
  return parsed.data
}

/** Region and optional endpoint override shared by every AWS client. */
export const awsEnv = readEnv({
  AWS_REGION: z.string().default('ap-northeast-1'),
  STAGE: z.string().default('local'),
})

/** Client options for an AWS service; `endpoint` is set only on the local stack. */
export const clientConfig = (endpoint: string | undefined) => ({
  region: awsEnv.AWS_REGION,
  ...(endpoint ? { endpoint } : {}),
})

/**
 * Proof that a request came through our edge (docs/decisions/0045-client-identity.md). CloudFront
 * (and, locally, the site edge) adds `X-Origin-Verify: <ORIGIN_VERIFY_SECRET>` to every request it
 * sends to the API; only such a request may name its viewer in `X-Viewer-Address`. With
 * `ORIGIN_VERIFY_REQUIRED=true` (every AWS stage: the execute-api endpoint stays reachable, so it
 * must turn away what did not come through CloudFront) a request without the proof is refused.
 * Without a secret the viewer header is never believed.
 */
export const originEnv = readEnv({
  ORIGIN_VERIFY_SECRET: z.string().min(16).optional(),
  ORIGIN_VERIFY_REQUIRED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
})
