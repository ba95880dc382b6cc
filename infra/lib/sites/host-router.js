// CloudFront Function (runtime cloudfront-js-2.0), viewer request of the published sites.
// The publisher writes one key per host into the associated KeyValueStore: the key is the host
// (lower case, no port), the value the prefix of that site's pages in the sites bucket. This turns
// `GET lp.customer.jp/about/` into `GET /<prefix>/about/index.html`; a host without a key (never
// published, draft, private, expired, deleted) gets the not-found page with a 404.
// Plain ES2020 subset on purpose: the CloudFront runtime is not Node.js.

import cf from 'cloudfront'
// biome-ignore lint/style/useNodejsImportProtocol: the CloudFront runtime's module is named `crypto`.
import crypto from 'crypto'

const hostMap = cf.kvs()

// Experiments (issue 34; shared/src/experiments/model.ts, whose rules a test keeps equal to these):
// while one runs the value is `{"x": id, "a": [[prefix, weight], ...]}`, the control first. The
// visitor's random key is the `sl_ab` cookie; a visitor without one gets a new key, passed to the
// viewer-response function (variant-cookie.js) in `x-sl-ab-set`, which sets the cookie.
const VISITOR_KEY_COOKIE = 'sl_ab'
const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

// The not-found page and the security headers are infra/lib/sites/headers.ts's (a test keeps them
// equal), written out here so that the answer carries them without relying on the distribution's
// response-headers policy for responses a viewer-request function makes itself. Non-ASCII text is
// escaped so the source is plain ASCII.
const NOT_FOUND_PAGE =
  '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>\u30da\u30fc\u30b8\u304c\u898b\u3064\u304b\u308a\u307e\u305b\u3093 / Not found</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem;color:#202020"><h1>\u30da\u30fc\u30b8\u304c\u898b\u3064\u304b\u308a\u307e\u305b\u3093</h1><p>\u304a\u63a2\u3057\u306e\u30b5\u30a4\u30c8\u306f\u5b58\u5728\u3057\u306a\u3044\u304b\u3001\u516c\u958b\u3055\u308c\u3066\u3044\u307e\u305b\u3093\u3002</p><p lang="en">This site does not exist or is not published.</p></body></html>'

const notFound = () => ({
  statusCode: 404,
  statusDescription: 'Not Found',
  headers: {
    'content-type': { value: 'text/html; charset=utf-8' },
    'cache-control': { value: 'no-store' },
    'content-security-policy': {
      value:
        "default-src 'self'; script-src 'self' 'sha256-Zmk0bFRBjSZXQc5TlhXt/ZO2nbH++xrwKAeBfiSRGDw=' https:; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: https:; font-src 'self' data: https:; media-src 'self' https:; connect-src 'self' https:; frame-src https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
    'x-content-type-options': { value: 'nosniff' },
    'referrer-policy': { value: 'strict-origin-when-cross-origin' },
    'x-frame-options': { value: 'DENY' },
    'permissions-policy': {
      value:
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    },
  },
  body: { encoding: 'text', data: NOT_FOUND_PAGE },
})

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls the top-level `handler` by name.
async function handler(event) {
  const request = event.request
  const hostHeader = request.headers.host
  const host = hostHeader ? hostHeader.value.toLowerCase().split(':')[0] : ''
  if (!host) return notFound()

  let uri = request.uri
  // Paths cannot climb out of the site's prefix.
  if (uri.indexOf('..') !== -1) return notFound()

  const value = await lookup(host)
  let prefix = pick(request, value)
  // Message match (issue 34 part 5): a swipe page whose UTM value has a rule opens on its cell.
  const start = prefix && SWIPE_PAGE_PATH.test(uri) ? matchedCell(request, value) : undefined
  if (!prefix) {
    // The path form `/sites/{siteId}/...` on a host that is not a site's own (the bare sites
    // domain): the publisher keeps the site's entry under `sites/<siteId>` and renders its pages
    // for this form into the release's `_p` folder; files (script, media) are shared.
    const match = /^\/sites\/([A-Za-z0-9-]{1,64})(\/.*)?$/.exec(uri)
    if (!match) return notFound()
    const sitePrefix = pick(request, await lookup(`sites/${match[1].toLowerCase()}`))
    if (!sitePrefix) return notFound()
    uri = match[2] || '/'
    const last = uri.substring(uri.lastIndexOf('/') + 1)
    prefix = last.indexOf('.') === -1 ? `${sitePrefix}/_p` : sitePrefix
  }

  // The site's published media are shared by its releases, beside them: `<site>/_media/<file>`.
  if (/^\/_media\/[^/]+$/.test(uri) && prefix.indexOf('/') !== -1) {
    prefix = prefix.substring(0, prefix.lastIndexOf('/'))
  }

  const lastSegment = uri.substring(uri.lastIndexOf('/') + 1)
  if (uri.charAt(uri.length - 1) === '/') uri += 'index.html'
  else if (lastSegment.indexOf('.') === -1) uri += '/index.html'

  if (start) uri = uri.replace(/index\.html$/, `_start/${start}/index.html`)
  request.uri = `/${prefix}${uri}`
  return request
}

// A host map value as an object: `{"p": prefix, "x": id, "a": [[prefix, weight], ...], "m": {key: cell}}`.
function parsed(value) {
  if (value?.charAt(0) !== '{') return undefined
  try {
    const object = JSON.parse(value)
    return object && typeof object.p === 'string' ? object : undefined
  } catch (_invalid) {
    return undefined
  }
}

// The release prefix of a host map value: the value itself, its prefix, or the visitor's arm of
// the experiment it holds.
function pick(request, value) {
  if (value?.charAt(0) !== '{') return value
  const experiment = parsed(value)
  if (!experiment) return undefined
  if (experiment.x === undefined) return experiment.p
  if (typeof experiment.x !== 'string' || !experiment.a || !experiment.a.length) return undefined
  const cookie = request.cookies ? request.cookies[VISITOR_KEY_COOKIE] : undefined
  let key = cookie && VISITOR_KEY_PATTERN.test(cookie.value) ? cookie.value : undefined
  if (!key) {
    key = ''
    for (let i = 0; i < 22; i++) key += KEY_ALPHABET.charAt(Math.floor(Math.random() * 64))
    request.headers['x-sl-ab-set'] = { value: key }
  }
  const digest = crypto.createHash('sha256').update(`${experiment.x}.${key}`).digest('hex')
  const bucket = parseInt(digest.substring(0, 8), 16) % 100
  let upTo = 0
  for (let i = 0; i < experiment.a.length; i++) {
    upTo += experiment.a[i][1]
    if (bucket < upTo) return experiment.a[i][0]
  }
  return experiment.a[experiment.a.length - 1][0]
}

// The cell of the first UTM parameter (utm_content, then utm_campaign) whose value has a rule,
// compared as shared/src/site/message-match.ts's `normaliseUtmValue` does.
const SWIPE_PAGE_PATH = /^\/(?:(ja|en|cn|kr)\/?)?$/
function matchedCell(request, value) {
  const object = parsed(value)
  const matches = object ? object.m : undefined
  const query = request.querystring
  if (!matches || !query) return undefined
  const params = [
    ['utm_content', 'c'],
    ['utm_campaign', 'k'],
  ]
  for (let i = 0; i < params.length; i++) {
    const param = query[params[i][0]]
    if (!param) continue
    let text = String(param.value).replace(/\+/g, ' ')
    try {
      text = decodeURIComponent(text)
    } catch (_malformed) {
      // compared as it came
    }
    const cell = matches[`${params[i][1]}:${text.trim().toLowerCase()}`]
    if (typeof cell === 'string' && /^[A-Z]{1,3}([1-9]\d?|100)$/.test(cell)) return cell
  }
  return undefined
}

async function lookup(key) {
  try {
    return await hostMap.get(key)
  } catch (_missing) {
    return undefined
  }
}
