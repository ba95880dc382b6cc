import { createHash, createHmac } from 'node:crypto'
import { SignatureV4 } from '@smithy/signature-v4'
import { awsEnv } from './env.ts'

/**
 * Reads one Secrets Manager secret's string (`GetSecretValue`), signed with Signature Version 4
 * from the function's own credentials (the Lambda environment's `AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`). A plain signed `fetch` (the SDK's own SigV4 signer) rather than the
 * Secrets Manager SDK client: one call at cold start does not justify another client in the bundle.
 * Answers undefined when the secret has no string value yet.
 */
export interface SecretReadOptions {
  region?: string
  /** Tests only: another endpoint than `https://secretsmanager.<region>.amazonaws.com`. */
  endpoint?: string
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined }
  /** Tests only: the signing instant. */
  now?: Date
}

type Source = string | ArrayBuffer | ArrayBufferView
const bytes = (data: Source) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data)

/** Node's SHA-256 in the shape the SDK's signer takes (HMAC when given a key). */
export class NodeSha256 {
  private readonly hash
  constructor(secret?: Source) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256')
  }
  update(data: Source) {
    this.hash.update(bytes(data))
  }
  async digest() {
    return new Uint8Array(this.hash.digest())
  }
  reset() {}
}

export const getSecretString = async (
  secretId: string,
  options: SecretReadOptions = {},
): Promise<string | undefined> => {
  const region = options.region ?? awsEnv.AWS_REGION
  const credentials = options.credentials ?? {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    sessionToken: process.env.AWS_SESSION_TOKEN,
  }
  if (!credentials.accessKeyId || !credentials.secretAccessKey)
    throw new Error('No AWS credentials to read the secret with')
  const url = new URL(options.endpoint ?? `https://secretsmanager.${region}.amazonaws.com/`)
  const body = JSON.stringify({ SecretId: secretId })
  const signer = new SignatureV4({
    credentials,
    region,
    service: 'secretsmanager',
    sha256: NodeSha256,
    applyChecksum: false,
  })
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname || '/',
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body,
    },
    options.now ? { signingDate: options.now } : {},
  )
  const { host: _host, ...headers } = signed.headers
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(5000),
  })
  const answer = (await response.json().catch(() => ({}))) as { SecretString?: string; __type?: string }
  if (!response.ok) {
    // A secret created without a value (or whose value was never set) has nothing to read.
    if (answer.__type?.endsWith('ResourceNotFoundException')) return undefined
    throw new Error(`GetSecretValue failed: ${response.status} ${answer.__type ?? ''}`.trim())
  }
  return answer.SecretString
}
