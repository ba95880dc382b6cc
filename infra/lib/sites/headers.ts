import { createHash } from 'node:crypto'
import { BOOT_JS } from '@swipe/web-site/boot'

/** The CSP source of the swipe page's one inline script, the boot script (web-site/src/boot.ts). */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_JS).digest('base64')}'`

/**
 * The headers every response of a published site carries (decisions "Publishing"), in one place
 * for the CloudFront response-headers policy (infra/lib/sites.ts), the host-router function's own
 * 404 and the local site edge (infra/local/edge.ts). No CDK imports: the local edge loads this.
 *
 * The Content-Security-Policy fits what the renderer emits (web-site/src/render.tsx): first-party
 * scripts are the external `assets/*.<hash>.js` files and one inline boot script admitted by its
 * SHA-256 (no other inline script is allowed); styles are one inline `<style>` plus style attributes for creator colours
 * (`'unsafe-inline'` for styles only); images include `data:` placeholders and the favicon
 * fallback; company texts are fetched same-origin and beacons go to `/api/v1` on the same origin.
 * Members-only creatives are never in a release: their images and videos come as short-lived
 * presigned https URLs of the media bucket (img-src and media-src admit https).
 * The creator's head and body tags may load external https scripts, styles, images, fonts and
 * frames (analytics and tag managers), never inline code. Pages may not be framed.
 */
export const SITE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_SOURCE} https:`,
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' data: https:",
  "font-src 'self' data: https:",
  "media-src 'self' https:",
  "connect-src 'self' https:",
  'frame-src https:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Powerful features a swipe page never asks for are off for the creator's scripts too. */
export const SITE_PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'

/** Every site response's security headers, lower-case names (HSTS is added on AWS only: local is http). */
export const SITE_SECURITY_HEADERS = {
  'content-security-policy': SITE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': SITE_PERMISSIONS_POLICY,
} as const

/**
 * What a host without a published site answers (unknown, draft, private, expired or deleted
 * alike: 404, so nothing tells which): a plain page in Japanese and English.
 */
export const SITE_NOT_FOUND_PAGE = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>ページが見つかりません / Not found</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem;color:#202020"><h1>ページが見つかりません</h1><p>お探しのサイトは存在しないか、公開されていません。</p><p lang="en">This site does not exist or is not published.</p></body></html>`
