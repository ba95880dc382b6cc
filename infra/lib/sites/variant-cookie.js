// CloudFront Function (runtime cloudfront-js-2.0), viewer response of the published sites' pages.
// When the host router gave a visitor of a running experiment a new random key (issue 34), it put
// it in `x-sl-ab-set`; this sets it as the first-party `sl_ab` cookie, so the visitor sees the same
// variant on return and the page's beacons and forms carry it. The attributes are
// shared/src/experiments/model.ts's `visitorKeyCookie` (a test keeps them equal).
// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls the top-level `handler` by name.
function handler(event) {
  const response = event.response
  const set = event.request.headers['x-sl-ab-set']
  if (set && /^[A-Za-z0-9_-]{16,64}$/.test(set.value)) {
    response.cookies.sl_ab = {
      value: set.value,
      attributes: 'Path=/; Max-Age=18144000; SameSite=Lax; Secure',
    }
  }
  return response
}
