import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Sha256 } from '@smithy/core/checksum'
import { SignatureV4 } from '@smithy/signature-v4'
import { vi } from 'vitest'

/**
 * A stand-in of Lambda's Invoke API (`POST /2015-03-31/functions/{name}/invocations`) on loopback,
 * for the platform's AWS invoker (functions/src/platform/aws/invoker.ts, pointed at it by
 * `AWS_ENDPOINT_URL_LAMBDA`). It answers as Lambda does (status, `X-Amz-Function-Error`,
 * `X-Amzn-ErrorType`), with what the test's `reply` says, and checks each request's SigV4 signature
 * with the SDK's own signer: it signs the received request again, with the headers and the time the
 * request says it signed, and must reach the same Authorization.
 */

/** The keys the stand-in expects requests to be signed with: a test puts them in the environment. */
export const STAND_IN_CREDENTIALS = {
  accessKeyId: 'AKIDSTANDINTEST',
  secretAccessKey: 'lambda-stand-in-secret',
  sessionToken: 'stand-in-session',
}
const REGION = 'ap-northeast-1'

/** Puts the stand-in's keys where the SDK's default credential chain finds them (undone by `vi.unstubAllEnvs()`). */
export const stubStandInCredentials = () => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', STAND_IN_CREDENTIALS.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', STAND_IN_CREDENTIALS.secretAccessKey)
  vi.stubEnv('AWS_SESSION_TOKEN', STAND_IN_CREDENTIALS.sessionToken)
}

export interface ReceivedInvoke {
  functionName: string
  invocationType: string | undefined
  /** The event, parsed from the request's JSON body. */
  event: unknown
  signatureValid: boolean
}
export interface InvokeReply {
  status: number
  headers?: Record<string, string>
  body?: string
}

/** Whether `authorization` is the signature of this request by `STAND_IN_CREDENTIALS`. */
const verify = async (method: string, path: string, headers: IncomingHttpHeaders, body: string) => {
  const authorization = String(headers.authorization ?? '')
  const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? []
  const amzDate = String(headers['x-amz-date'] ?? '')
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate) ?? []
  if (!y || !signedNames.includes('host')) return false
  const signer = new SignatureV4({
    service: 'lambda',
    region: REGION,
    sha256: Sha256,
    credentials: STAND_IN_CREDENTIALS,
  })
  const [hostname, port] = String(headers.host).split(':')
  const added = new Set(['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'])
  const again = await signer.sign(
    {
      method,
      protocol: 'http:',
      hostname: hostname!,
      ...(port ? { port: Number(port) } : {}),
      path,
      query: {},
      headers: Object.fromEntries(
        signedNames.filter((name) => !added.has(name)).map((name) => [name, String(headers[name])]),
      ),
      body,
    },
    { signingDate: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) },
  )
  return again.headers.authorization === authorization
}

/** Starts the stand-in on a free loopback port; `reply` answers each invoke (after it is recorded). */
export const startLambdaStandIn = async (
  reply: (invoke: ReceivedInvoke) => InvokeReply | Promise<InvokeReply>,
) => {
  const received: ReceivedInvoke[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? ''
      const name = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path)?.[1]
      if (request.method !== 'POST' || !name) {
        response.writeHead(404, { 'x-amzn-errortype': 'UnknownOperationException' }).end('{}')
        return
      }
      const invoke: ReceivedInvoke = {
        functionName: decodeURIComponent(name),
        invocationType: request.headers['x-amz-invocation-type'] as string | undefined,
        event: JSON.parse(body),
        signatureValid: await verify(request.method, path, request.headers, body),
      }
      received.push(invoke)
      const answer = await reply(invoke)
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      response.end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What was received so far, taken out. */
    taken: () => received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
