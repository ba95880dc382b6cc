// CloudFront Function (runtime cloudfront-js-2.0), viewer request of the published sites.
// The publisher writes one key per host into the associated KeyValueStore: the key is the host
// (lower case, no port), the value the prefix of that site's pages in the sites bucket. This turns
// `GET lp.customer.jp/about/` into `GET /<prefix>/about/index.html`; a host without a key is a 404.
// Plain ES2020 subset on purpose: the CloudFront runtime is not Node.js.
import cf from 'cloudfront'

const hostMap = cf.kvs()

const notFound = () => ({
  statusCode: 404,
  statusDescription: 'Not Found',
  headers: {
    'content-type': { value: 'text/plain; charset=utf-8' },
    'cache-control': { value: 'no-store' },
  },
  body: { encoding: 'text', data: 'Not Found' },
})

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls the top-level `handler` by name.
async function handler(event) {
  const request = event.request
  const hostHeader = request.headers.host
  const host = hostHeader ? hostHeader.value.toLowerCase().split(':')[0] : ''
  if (!host) return notFound()

  let prefix
  try {
    prefix = await hostMap.get(host)
  } catch (_missing) {
    return notFound()
  }
  if (!prefix) return notFound()

  let uri = request.uri
  // Paths cannot climb out of the site's prefix.
  if (uri.indexOf('..') !== -1) return notFound()
  const lastSegment = uri.substring(uri.lastIndexOf('/') + 1)
  if (uri.charAt(uri.length - 1) === '/') uri += 'index.html'
  else if (lastSegment.indexOf('.') === -1) uri += '/index.html'

  request.uri = `/${prefix}${uri}`
  return request
}
