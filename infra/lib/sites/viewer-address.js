// CloudFront Function (runtime cloudfront-js-2.0), viewer request of the API behaviour (/api/v1/*).
// Names the viewer to the API in X-Viewer-Address, overwriting whatever value the viewer sent, so
// the header the API's rate limits read (together with the origin secret, which only CloudFront
// adds) is always CloudFront's own reading of the connection (docs/decisions/0045-client-identity.md).
// Plain ES2020 subset on purpose: the CloudFront runtime is not Node.js.

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls it by name.
function handler(event) {
  var request = event.request
  request.headers['x-viewer-address'] = { value: event.viewer.ip }
  return request
}
