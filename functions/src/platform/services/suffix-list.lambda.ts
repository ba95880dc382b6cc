import { createRequire } from 'node:module'
import type * as SuffixList from './suffix-list.ts'
import { SUFFIX_LIST_FILE } from './suffix-list-file.ts'

/**
 * The Public Suffix List inside the domains API's bundle (./suffix-list.ts): read from the file
 * beside `index.mjs` at the first name checked, synchronously (`require` of a CommonJS file,
 * relative to the bundle), so the Lambda does not build the list's trie at init and the check
 * stays synchronous.
 */
const load = /* @__PURE__ */ createRequire(import.meta.url)
let list: typeof SuffixList | undefined

export const getDomain: typeof SuffixList.getDomain = (...args) => {
  list ??= load(`./${SUFFIX_LIST_FILE}`) as typeof SuffixList
  return list.getDomain(...args)
}
