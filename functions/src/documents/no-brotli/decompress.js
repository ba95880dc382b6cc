/**
 * Stands in for `brotli/decompress.js` in the documents Lambda's bundle (infra/lib/app-function.ts,
 * `pdf`): fontkit calls it only to open WOFF2 fonts, and the PDFs embed a TTF (Noto Sans JP), so
 * the decoder's ≈ 486 KB stays out of the bundle. A WOFF2 font would fail here, plainly.
 */
export default function decompress() {
  throw new Error('WOFF2 fonts are not supported in the documents Lambda: embed a TTF or OTF font')
}
