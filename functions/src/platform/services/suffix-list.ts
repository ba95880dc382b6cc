/**
 * The Public Suffix List, through tldts (functions/src/domains/public-suffix.ts asks it). About
 * 140 KB whose trie is built when the module is evaluated, and only the domain set routes use it: a
 * service that loads it on first use, as sharp is (./media/images.ts). In the domains API's bundle
 * `#suffix-list` resolves to ./suffix-list.lambda.ts (condition `swipe-lambda`), which reads this
 * module compiled beside the bundle at the first name checked
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md). Code run from source
 * imports it directly.
 */
export { getDomain } from 'tldts'
