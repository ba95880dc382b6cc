/**
 * The headers by which CloudFront (and locally the site edge) vouches for a request it forwards
 * to the API (./client-ip.ts). A module of its own, free of configuration, so the local edge can
 * name them without loading the API's environment.
 */

/** Added by every CloudFront origin to the API, with the origin secret as its value. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify'
/**
 * Where CloudFront names the viewer to the API: set by the API behaviour's viewer-request function
 * (infra/lib/sites/viewer-address.js) from `event.viewer.ip`, overwriting any value the viewer
 * sent; locally the site edge sets it from its socket (`ip` or `ip:port`). Our own name rather than
 * `CloudFront-Viewer-Address`, whose handling of a viewer-sent value CloudFront does not document.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address'
