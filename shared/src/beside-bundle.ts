import { createRequire } from 'node:module'

/**
 * A CommonJS file the bundling writes beside a Lambda's `index.mjs` (a sidecar: the message
 * catalogues, infra/lib/app-function.ts `SIDECARS`), required on the first call, synchronously and
 * relative to the bundle, then kept. Only modules resolved under the `swipe-lambda` condition use it.
 */
const load = /* @__PURE__ */ createRequire(import.meta.url)

export const besideBundle = <T>(file: string): (() => T) => {
  let loaded: T | undefined
  return () => {
    loaded ??= load(`./${file}`) as T
    return loaded
  }
}
