import { standIn } from '@swipe/shared/stand-in'

/**
 * An object built on its first use instead of at import (issue 35 item 3,
 * docs/decisions/0073-cold-starts-near-the-floor.md): `lazy(() => new Entity(…))` is exported and
 * used exactly like the entity, with the same type, but ElectroDB validates the model only when a
 * handler first touches it. A Lambda imports the whole data layer of its context (every route's
 * handler module is imported at start), and building every entity at import was most of its cold
 * start; a request touches a few.
 *
 * The stand-in (@swipe/shared/stand-in) builds the object once, on the first operation of any kind,
 * and forwards every operation to it: own keys (`Object.keys`, which ElectroDB's Service reads)
 * and the prototype too, so `instanceof Entity` holds. Methods run with the stand-in as `this`,
 * which forwards to the built object in turn. A Service of lazy
 * entities must be lazy too, or building it builds them all.
 */
export const lazy = <T extends object>(build: () => T): T => {
  let built: T | undefined
  return standIn(() => {
    built ??= build()
    return built
  })
}
