#!/usr/bin/env node
/**
 * Our npm registry serves Biome's CLI binaries for Linux (glibc) only, so `npm install` leaves the
 * other platforms' optional packages out of package-lock.json, and `npm ci` then refuses the lock
 * as out of sync. This adds lock entries for those optional, OS/CPU-gated packages (npm ci skips
 * them on Linux without fetching anything).
 *
 *   node scripts/lock-platforms.mjs          add missing entries
 *   node scripts/lock-platforms.mjs --check  fail if any are missing (run by `npm run lint`)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const file = join(import.meta.dirname, '..', 'package-lock.json')
const lock = JSON.parse(readFileSync(file, 'utf8'))
const check = process.argv.includes('--check')

const missing = []
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies || !path.endsWith('node_modules/@biomejs/biome')) continue
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`
    if (lock.packages[key]) continue
    const [, os, cpu, libc] = name.match(/cli-(\w+)-(\w+?)(?:-(musl))?$/) ?? []
    if (!os || !cpu) throw new Error(`Cannot tell the platform of ${name}`)
    missing.push(name)
    lock.packages[key] = {
      version,
      cpu: [cpu],
      license: 'MIT OR Apache-2.0',
      optional: true,
      os: [os],
      ...(libc ? { libc: [libc] } : {}),
      engines: { node: '>=14.21.3' },
    }
  }
}

if (check) {
  if (missing.length) {
    console.error(
      `package-lock.json lacks ${missing.join(', ')}: run "node scripts/lock-platforms.mjs" (npm ci needs them).`,
    )
    process.exit(1)
  }
} else if (missing.length) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.info(`Added lock entries for ${missing.join(', ')}`)
}
