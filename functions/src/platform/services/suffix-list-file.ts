/**
 * The file beside the domains API's bundle that holds ./suffix-list.ts compiled (written by the
 * bundling, infra/lib/app-function.ts `SIDECARS`; read by ./suffix-list.lambda.ts).
 */
export const SUFFIX_LIST_FILE = 'public-suffix-list.cjs'
