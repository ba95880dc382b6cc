#!/usr/bin/env node
/**
 * Makes the AWS SDK clients' operation schemas tree-shakeable by esbuild (`npm install` runs it:
 * the root package's `postinstall`). Decision: docs/decisions/0073-cold-starts-near-the-floor.md,
 * third round.
 *
 * Since 3.930 every client's `dist-es/schemas/schemas_0.js` writes its schemas' traits with
 * computed keys naming string constants of the file (`{ [_h]: ["GET", "/", 200] }` after
 * `const _h = "http"`). esbuild cannot prove a computed key free of side effects, so it keeps every
 * schema of every operation of every client a bundle imports: 46–69 KB per client for the one to
 * five operations we call (aws/aws-sdk-js-v3#7607, evanw/esbuild#4373). The generator's fix,
 * literal keys, is smithy-lang/smithy-typescript#1889, not released; this applies the same
 * rewrite to the installed files: each `[_x]:` whose `_x` is a top-level `const _x = "…"` of the
 * file becomes the literal `"…":`. The objects are the same (schemas.test.ts compares every export
 * of each rewritten file with its original, kept beside it as `schemas_0.original.js`).
 *
 * Idempotent: a rewritten file has no such key left and is skipped. Prints what it rewrote.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Every `schemas_0.js` of the installed `@aws-sdk` packages: a client's `dist-es/schemas/` and the
 * nested clients' `dist-es/submodules/<client>/schemas/`.
 */
export const schemaFiles = (root = ROOT) => {
  const scope = join(root, 'node_modules', '@aws-sdk')
  if (!existsSync(scope)) return []
  return readdirSync(scope).flatMap((pkg) => {
    const distEs = join(scope, pkg, 'dist-es')
    const submodules = join(distEs, 'submodules')
    const dirs = [
      distEs,
      ...(existsSync(submodules) ? readdirSync(submodules).map((s) => join(submodules, s)) : []),
    ]
    return dirs.map((dir) => join(dir, 'schemas', 'schemas_0.js')).filter((file) => existsSync(file))
  })
}

/** The file's top-level string constants: `const _x = "…";`. */
const constantsOf = (source) => {
  const constants = new Map()
  for (const match of source.matchAll(/^const (_[A-Za-z0-9_$]*) = ("(?:[^"\\]|\\.)*");$/gm)) {
    constants.set(match[1], match[2])
  }
  return constants
}

/**
 * The source with each computed key `[_x]:` naming a string constant written as that string.
 * Answers the rewritten source and how many keys changed.
 */
export const literalKeys = (source) => {
  const constants = constantsOf(source)
  let count = 0
  const rewritten = source.replace(/([{,]\s*)\[(_[A-Za-z0-9_$]*)\]:/g, (whole, before, name) => {
    const value = constants.get(name)
    if (value === undefined) return whole
    count++
    return `${before}${value}:`
  })
  return { source: rewritten, count }
}

const main = () => {
  let files = 0
  let keys = 0
  for (const file of schemaFiles()) {
    const source = readFileSync(file, 'utf8')
    const { source: rewritten, count } = literalKeys(source)
    if (!count) continue
    const original = join(dirname(file), 'schemas_0.original.js')
    if (!existsSync(original)) copyFileSync(file, original)
    writeFileSync(file, rewritten)
    files++
    keys += count
    process.stdout.write(`sdk-literal-keys: ${relative(ROOT, file)}: ${count} keys\n`)
  }
  if (files) process.stdout.write(`sdk-literal-keys: ${keys} computed keys made literal in ${files} files\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
