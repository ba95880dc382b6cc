import { besideBundle } from '@swipe/shared/beside-bundle'
import type * as SuffixList from './suffix-list.ts'
import { SUFFIX_LIST_FILE } from './suffix-list-file.ts'

/**
 * The Public Suffix List inside the domains API's bundle (./suffix-list.ts): read from the file
 * beside `index.mjs` at the first name checked, so the Lambda does not build the list's trie at
 * init and the check stays synchronous.
 */
const list = /* @__PURE__ */ besideBundle<typeof SuffixList>(SUFFIX_LIST_FILE)

export const getDomain: typeof SuffixList.getDomain = (...args) => list().getDomain(...args)
