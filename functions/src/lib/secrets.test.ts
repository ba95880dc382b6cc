import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignatureV4 } from '@smithy/signature-v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSecretString, NodeSha256 } from './secrets.ts'

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token',
}
const at = new Date('2026-11-24T01:02:03.000Z')
const arn = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:Stripe-AbCdEf'

let seen: { headers: IncomingMessage['headers']; body: string; path: string }[] = []
let answer: { status: number; body: unknown } = { status: 200, body: {} }
const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' })
    res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' })
    res.end(JSON.stringify(answer.body))
  })
})
let endpoint = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const read = () => getSecretString(arn, { endpoint, credentials, region: 'ap-northeast-1', now: at })

describe('getSecretString (Secrets Manager GetSecretValue, SigV4-signed)', () => {
  it('sends the request the SDK would sign, with the same signature', async () => {
    seen = []
    answer = { status: 200, body: { ARN: arn, SecretString: '{"secretKey":"sk_live_x"}' } }
    expect(await read()).toBe('{"secretKey":"sk_live_x"}')
    expect(seen).toHaveLength(1)
    const sent = seen[0]!
    expect(JSON.parse(sent.body)).toEqual({ SecretId: arn })
    expect(sent.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue')
    expect(sent.headers['content-type']).toBe('application/x-amz-json-1.1')
    expect(sent.headers['x-amz-security-token']).toBe('session-token')

    // The AWS SDK's own signer over the same request gives the same Authorization header.
    const signer = new SignatureV4({
      credentials,
      region: 'ap-northeast-1',
      service: 'secretsmanager',
      sha256: NodeSha256,
      // Optional for JSON services: the payload hash is part of the canonical request either way.
      applyChecksum: false,
    })
    const url = new URL(endpoint)
    const signed = await signer.sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: '/',
        headers: {
          host: url.host,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'secretsmanager.GetSecretValue',
        },
        body: sent.body,
      },
      { signingDate: at },
    )
    expect(sent.headers.authorization?.split(', ')).toEqual(signed.headers.authorization?.split(', '))
    expect(sent.headers['x-amz-date']).toBe('20261124T010203Z')
  })

  it('answers undefined for a secret without a value, and fails on any other refusal', async () => {
    answer = {
      status: 400,
      body: {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret value",
      },
    }
    expect(await read()).toBeUndefined()
    answer = { status: 400, body: { __type: 'AccessDeniedException', message: 'no' } }
    await expect(read()).rejects.toThrow('GetSecretValue failed: 400 AccessDeniedException')
  })

  it('refuses to sign without credentials', async () => {
    await expect(
      getSecretString(arn, { endpoint, credentials: { accessKeyId: '', secretAccessKey: '' } }),
    ).rejects.toThrow('No AWS credentials')
  })
})
