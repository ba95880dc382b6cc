import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleInputs } from '../../../test/support/bundle-inputs.ts'
import type { DeclaredPort } from './aws/index.ts'

/*
 * Each Lambda's entry module declares the large AWS adapters its bundle carries
 * (`declareAwsAdapters`, ./index.ts). This bundles every entry as esbuild bundles it for AWS
 * (dependencies left out), reads which ports the code it reaches uses (`platform().<port>`), and
 * fails when an entry uses a port it does not declare (the Lambda would fail at that use on AWS,
 * never locally, where the local platform has every port) or declares one it never uses (its
 * bundle would carry an SDK for nothing).
 */

const SRC = join(import.meta.dirname, '..')
/**
 * Every Lambda entry (infra/lib/api.ts): each context's API module (index.ts) and jobs module
 * (worker.ts), and the two others it names.
 */
const ENTRIES = [
  ...readdirSync(SRC, { withFileTypes: true })
    .filter((dir) => dir.isDirectory())
    .flatMap((dir) => ['index.ts', 'worker.ts'].map((file) => `${dir.name}/${file}`))
    .filter((entry) => !entry.startsWith('platform/') && existsSync(join(SRC, entry))),
  'billing/page-views.ts',
  'authorizers/request.ts',
]

const DECLARED_ONLY: readonly DeclaredPort[] = [
  'secrets',
  'payments',
  'domains',
  'dns',
  'hostMap',
  'mail',
  'video',
]
/**
 * Ports an adapter itself needs: payments reads its keys through secrets, and so does the vault
 * (a light port every Lambda carries, whose key is a secret).
 */
const NEEDS: Partial<Record<DeclaredPort | 'vault', DeclaredPort[]>> = {
  payments: ['secrets'],
  vault: ['secrets'],
}

const declaredBy = (source: string): Set<string> => {
  const call = /declareAwsAdapters\(\{([^}]*)\}\)/.exec(source)
  return new Set(call ? [...(call[1] ?? '').matchAll(/(\w+)\s*:/g)].map((m) => m[1] ?? '') : [])
}

const usedBy = (entry: string): Set<string> => {
  const used = new Set<string>()
  for (const input of bundleInputs([join(SRC, entry)])) {
    if (!input.includes('functions/src/') || input.includes('/platform/local/')) continue
    const source = readFileSync(input, 'utf8')
    for (const match of source.matchAll(/platform\(\)\.(\w+)/g)) used.add(match[1] ?? '')
  }
  for (const port of [...used])
    for (const needed of NEEDS[port as DeclaredPort | 'vault'] ?? []) used.add(needed)
  return new Set([...used].filter((port) => (DECLARED_ONLY as readonly string[]).includes(port)))
}

describe('each Lambda entry declares the large AWS adapters its code uses, and no others', () => {
  it.each(ENTRIES)('%s', (entry) => {
    const declared = declaredBy(readFileSync(join(SRC, entry), 'utf8'))
    const used = usedBy(entry)
    expect([...declared].sort(), relative(process.cwd(), join(SRC, entry))).toEqual([...used].sort())
  })
})
