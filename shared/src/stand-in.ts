/**
 * A stand-in for an object made on first use: a Proxy that forwards every operation to `real()`
 * (property reads and writes, `in`, own keys, descriptors, defineProperty, the prototype, so
 * `instanceof` holds) and calls it only when one happens. Reads and writes run with the stand-in
 * as receiver: a getter, or a member an object binds to the instance that first reads it (zod's),
 * sees the stand-in, and methods run with it as `this`, which forwards in turn. The two lazy
 * helpers build on it: ElectroDB's entities (functions/src/data/lazy.ts) and zod's schemas
 * (./lazy-schema.ts); docs/decisions/0073-cold-starts-near-the-floor.md.
 */
export const standIn = <T extends object>(real: () => T): T =>
  new Proxy({} as T, {
    get: (_target, key, receiver) => Reflect.get(real(), key, receiver),
    set: (_target, key, value, receiver) => Reflect.set(real(), key, value, receiver),
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
