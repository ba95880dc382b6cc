import { defaultProvider } from '@aws-sdk/credential-provider-node'
import { Sha256 } from '@smithy/core/checksum'
import { SignatureV4 } from '@smithy/signature-v4'
import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import { clientConfig } from '../services/env.ts'
import { type Answer, settle } from '../services/invoke.ts'

/** Lambda's answers a call is tried again after, as the SDK's standard retry mode does: throttling and transient. */
const RETRIED = new Set([429, 500, 502, 503, 504])
/** Attempts of one call, and the backoff's base and cap (the SDK's standard mode: 3, 100 ms, 20 s). */
const ATTEMPTS = 3
const BACKOFF_BASE_MS = 100
const BACKOFF_CAP_MS = 20_000

export interface AwsInvokerOptions {
  /** Waits `ms` before an attempt is repeated (a test's records the waits instead). */
  sleep?: (ms: number) => Promise<void>
}

/**
 * Lambda's Invoke API (`POST /2015-03-31/functions/{name}/invocations`) as one signed HTTPS request,
 * instead of the Lambda SDK client: every function carries this adapter, and the client's code
 * (its schemas of all 90-odd Lambda operations and their errors, 74 KB of every bundle) was a
 * tenth of a cold start's module load for one call (docs/decisions/0073-cold-starts-near-the-floor.md,
 * third round). The request is signed by the SDK's own SigV4 signer with the SDK's default
 * credential chain (on Lambda: the function role's keys in its environment), and retried as the
 * SDK's standard mode retries (3 attempts, full-jitter backoff from 100 ms) on throttling and
 * transient answers. `AWS_ENDPOINT_URL_LAMBDA` (the SDK's own variable) points it elsewhere: only
 * tests do. Both ways carry at most 6 MB (Lambda's synchronous payload limit; 256 KB for an
 * asynchronous event).
 */
export const awsInvoker = (env: PlatformEnv, options: AwsInvokerOptions = {}): Invoker => {
  const { region } = clientConfig(undefined)
  const endpoint = new URL(env.AWS_ENDPOINT_URL_LAMBDA ?? `https://lambda.${region}.amazonaws.com`)
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let signer: SignatureV4 | undefined
  const signerOf = () => {
    signer ??= new SignatureV4({ service: 'lambda', region, sha256: Sha256, credentials: defaultProvider() })
    return signer
  }

  /** One Invoke: the answer's status, headers and body, after the retries. */
  const invoke = async (functionName: string, invocationType: 'RequestResponse' | 'Event', event: object) => {
    const body = JSON.stringify(event)
    const path = `${endpoint.pathname.replace(/\/$/, '')}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`
    for (let attempt = 1; ; attempt++) {
      const signed = await signerOf().sign({
        method: 'POST',
        protocol: endpoint.protocol,
        hostname: endpoint.hostname,
        ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
        path,
        query: {},
        headers: {
          host: endpoint.host,
          'content-type': 'application/json',
          'x-amz-invocation-type': invocationType,
        },
        body,
      })
      const { host: _host, ...headers } = signed.headers
      let answer: Response | undefined
      try {
        answer = await fetch(new URL(path, endpoint), { method: 'POST', headers, body })
      } catch (error) {
        // The connection failed before an answer: tried again, as the SDK does.
        if (attempt >= ATTEMPTS) throw error
      }
      if (answer && (!RETRIED.has(answer.status) || attempt >= ATTEMPTS)) return answer
      await answer?.arrayBuffer()
      await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt))
    }
  }

  /** An answer Lambda's API refused (not the function's own failure): its status and error type. */
  const refused = async (answer: Response, functionName: string) => {
    const type = answer.headers.get('x-amzn-errortype')?.split(':')[0]
    const text = await answer.text()
    let message = ''
    try {
      const parsed = JSON.parse(text) as { message?: string; Message?: string }
      message = parsed.message ?? parsed.Message ?? ''
    } catch {
      message = text.slice(0, 200)
    }
    return new Error(
      `Lambda refused to invoke ${functionName}: ${answer.status} ${type ?? ''} ${message}`.trim(),
    )
  }

  return {
    invokeSync: async <T extends object>(functionName: string, event: object, what: string) => {
      const answer = await invoke(functionName, 'RequestResponse', event)
      if (answer.status !== 200) throw await refused(answer, functionName)
      const failed = answer.headers.get('x-amz-function-error')
      const payload = await answer.text()
      if (failed || !payload) throw new Error(`${what} failed in ${functionName}: ${failed ?? 'no answer'}`)
      return settle(JSON.parse(payload) as Answer<T>)
    },
    invokeAsync: async (functionName, event) => {
      const answer = await invoke(functionName, 'Event', event)
      if (answer.status !== 202) throw await refused(answer, functionName)
      await answer.arrayBuffer()
    },
  }
}
