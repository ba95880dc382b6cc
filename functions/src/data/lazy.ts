/**
 * An object built on its first use instead of at import (issue 35 item 3,
 * docs/decisions/0073-cold-starts-near-the-floor.md): `lazy(() => new Entity(…))` is exported and
 * used exactly like the entity, with the same type, but ElectroDB validates the model only when a
 * handler first touches it. A Lambda imports the whole data layer of its context (every route's
 * handler module is imported at start), and building every entity at import was most of its cold
 * start; a request touches a few.
 *
 * The stand-in is a Proxy that builds the object once, on the first operation of any kind, and
 * forwards every operation to it: property reads and writes, `in`, own keys (`Object.keys`, which
 * ElectroDB's Service reads), descriptors and the prototype, so `instanceof Entity` holds. Methods
 * run with the stand-in as `this`, which forwards to the built object in turn. A Service of lazy
 * entities must be lazy too, or building it builds them all.
 */
export const lazy = <T extends object>(build: () => T): T => {
  let built: T | undefined
  const real = (): T => {
    built ??= build()
    return built
  }
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // A Proxy may not report a property as non-configurable that its own (empty) target lacks.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  })
}
