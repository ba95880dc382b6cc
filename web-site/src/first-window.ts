import { gzipSync } from 'node:zlib'

/**
 * What a swipe page may weigh, gzipped, to arrive in the first round trip with its first creative
 * inside (inline.ts): TCP's initial window (10 segments of 1,460 B, RFC 6928) less about 1.1 KB of
 * response headers (the sites' security headers are ~0.95 KB on HTTP/1.1; HTTP/2 compresses
 * them). Gzip is the bound: CloudFront's Brotli is smaller. Node only (the publisher): the render
 * itself also runs in the console's preview.
 */
export const FIRST_WINDOW_BYTES = 13_500

/** Whether a page's HTML arrives in TCP's first window (gzipped). */
export const fitsFirstWindow = (html: string): boolean => gzipSync(html).length <= FIRST_WINDOW_BYTES
