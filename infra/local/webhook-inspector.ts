import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signatureMatches } from '../../functions/src/domain/webhooks-signature.ts'
import { html } from './html.ts'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

/**
 * The local webhook inspector (issue 30), the webhooks' counterpart of the mail viewer: a receiver
 * on 127.0.0.1 that a creator registers as a site's webhook URL on the local stack (the only
 * loopback origin the stack's outbound policy allows: `WEBHOOK_INSPECTOR_ORIGIN`,
 * functions/src/platform/services/outbound.ts `localInspectorAllowance`). It answers every POST 200 and keeps
 * the latest `KEPT` deliveries in memory: method, path, headers and the body exactly as received.
 *
 * It knows no secret. Whether a delivery's Standard Webhooks signature verifies is checked against
 * the secrets it is given: the page's field (sent as `?secret=whsec_…`, more than one allowed), or
 * the same query on the JSON list. Without one it says so. A signature is checked whatever its
 * age (an inspected delivery may be minutes old); the age is shown beside it.
 *
 * - `GET /` — the page: the deliveries, newest first, each with its headers, body and signature.
 * - `GET /deliveries?secret=…` — the same as JSON (`{ items: [...] }`).
 * - `DELETE /deliveries` — forgets them.
 * - `POST <any other path>` — a delivery: kept, answered `200 {"received":true}`.
 */

/** Deliveries kept (the oldest dropped first). */
export const KEPT = 100
/** Body bytes kept per delivery. */
const BODY_CAP = 256 * 1024

export interface InspectedDelivery {
  /** Its number in this run of the inspector, from 1. */
  seq: number
  receivedAt: string
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** `valid`: a given secret verifies a signature; `invalid`: none does; `unchecked`: no secret given. */
export type SignatureCheck = 'valid' | 'invalid' | 'unchecked'

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

export const checkSignature = (delivery: InspectedDelivery, secrets: readonly string[]): SignatureCheck => {
  if (secrets.length === 0) return 'unchecked'
  const headers = {
    id: one(delivery.headers['webhook-id']),
    timestamp: one(delivery.headers['webhook-timestamp']),
    signature: one(delivery.headers['webhook-signature']),
  }
  return secrets.some((secret) => signatureMatches(secret, headers, delivery.body)) ? 'valid' : 'invalid'
}

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

const LABEL: Record<SignatureCheck, string> = {
  valid: '✓ signature verifies with the given secret',
  invalid: '✗ signature does not verify with the given secret(s)',
  unchecked: 'signature not checked — enter the endpoint secret above',
}

const page = (
  origin: string,
  items: readonly InspectedDelivery[],
  secrets: readonly string[],
  now: number,
) => {
  const rows = [...items]
    .reverse()
    .map((d) => {
      const check = checkSignature(d, secrets)
      const stamp = Number(one(d.headers['webhook-timestamp']))
      const age = Number.isInteger(stamp) ? `, signed ${Math.round(now / 1000 - stamp)} s ago` : ''
      const headers = Object.entries(d.headers)
        .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`)
        .join('\n')
      return `<article class="${check}" data-seq="${d.seq}">
  <h2>#${d.seq} ${html(d.method)} ${html(d.path)} <small>${html(d.receivedAt)}</small></h2>
  <p class="check" data-check="${check}">${LABEL[check]}${html(age)}</p>
  <details><summary>Headers</summary><pre>${html(headers)}</pre></details>
  <pre>${html(pretty(d.body))}</pre>
</article>`
    })
    .join('\n')
  const secretValue = html(secrets.join(' '))
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Webhook inspector</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;max-width:1100px;color:#1f1f1f}
pre{background:#f5f5f5;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-all}
article{border:1px solid #d9d9d9;border-left-width:6px;padding:8px 16px;margin:12px 0}
article.valid{border-left-color:#237804}article.invalid{border-left-color:#a8071a}
.check{font-weight:600}small{color:#595959;font-weight:400}
input[type=text]{width:28em}
</style>
</head>
<body>
<main>
<h1>Webhook inspector</h1>
<p>Register <code>${html(origin)}/hooks</code> (any path on this origin) as a site's webhook URL in the
console (サイト一覧 → API → Webhook). Every delivery the local stack sends to it is listed here, newest first.</p>
<form method="get" action="/">
<label for="secret">Endpoint secret (<code>whsec_…</code>, shown once when the endpoint was added; during a
rotation give both, separated by a space)</label><br>
<input type="text" id="secret" name="secret" value="${secretValue}" autocomplete="off" spellcheck="false">
<button type="submit">Verify</button> <a href="/">Reload without a secret</a>
</form>
<p>${items.length} deliver${items.length === 1 ? 'y' : 'ies'} (JSON: <code>/deliveries?secret=…</code>).</p>
${rows || '<p>No delivery yet.</p>'}
</main>
</body>
</html>`
}

/** The secrets a request names: `?secret=a&secret=b` or `?secret=a b`. */
const secretsOf = (url: URL) =>
  url.searchParams
    .getAll('secret')
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((value) => value.length > 0)

/** Starts the inspector on 127.0.0.1 (`port` 0: any free port). */
export const startWebhookInspector = async (port: number): Promise<Running & { port: number }> => {
  const deliveries: InspectedDelivery[] = []
  let seq = 0
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`)
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/deliveries')) {
      const secrets = secretsOf(url)
      if (url.pathname === '/deliveries') {
        const items = [...deliveries].reverse().map((d) => ({ ...d, signature: checkSignature(d, secrets) }))
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        return res.end(JSON.stringify({ items }))
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      return res.end(page(`http://${HOST}:${actual}`, deliveries, secrets, Date.now()))
    }
    if (req.method === 'DELETE' && url.pathname === '/deliveries') {
      deliveries.length = 0
      return res.writeHead(204).end()
    }
    if (req.method !== 'POST') return res.writeHead(405, { allow: 'GET, POST, DELETE' }).end()
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= BODY_CAP) chunks.push(chunk)
    })
    req.on('end', () => {
      deliveries.push({
        seq: ++seq,
        receivedAt: new Date().toISOString(),
        method: req.method ?? 'POST',
        path: url.pathname + url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      if (deliveries.length > KEPT) deliveries.splice(0, deliveries.length - KEPT)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => resolve())
  })
  const actual = (server.address() as AddressInfo).port
  return {
    name: 'webhook inspector',
    url: `http://${HOST}:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
