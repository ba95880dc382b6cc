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
 * Ports a port itself needs on AWS: the vault (a light port every Lambda carries) keeps its key in a
 * secret. And ports an adapter needs: Stripe's adapter reads its keys through secrets, while the
 * billing Lambdas' payments port (`invokedPayments`) only invokes the payments Lambda.
 */
const PORT_NEEDS: Partial<Record<string, DeclaredPort[]>> = { vault: ['secrets'] }
const ADAPTER_NEEDS: Partial<Record<string, DeclaredPort[]>> = { awsPayments: ['secrets'] }

/** The entry's `declareAwsAdapters({ port: adapter, … })`: each port and the adapter it names. */
const declaredBy = (source: string): Map<string, string> => {
  const call = /declareAwsAdapters\(\{([^}]*)\}\)/.exec(source)
  return new Map(
    call ? [...(call[1] ?? '').matchAll(/(\w+)\s*:\s*(\w+)/g)].map((m) => [m[1] ?? '', m[2] ?? '']) : [],
  )
}

const usedBy = (entry: string, declared: Map<string, string>): Set<string> => {
  const used = new Set<string>()
  for (const input of bundleInputs([join(SRC, entry)])) {
    if (!input.includes('functions/src/') || input.includes('/platform/local/')) continue
    const source = readFileSync(input, 'utf8')
    for (const match of source.matchAll(/platform\(\)\.(\w+)/g)) used.add(match[1] ?? '')
  }
  for (const port of [...used]) {
    const needs = [...(PORT_NEEDS[port] ?? []), ...(ADAPTER_NEEDS[declared.get(port) ?? ''] ?? [])]
    for (const needed of needs) used.add(needed)
  }
  return new Set([...used].filter((port) => (DECLARED_ONLY as readonly string[]).includes(port)))
}

describe('each Lambda entry declares the large AWS adapters its code uses, and no others', () => {
  it.each(ENTRIES)('%s', (entry) => {
    const declared = declaredBy(readFileSync(join(SRC, entry), 'utf8'))
    const used = usedBy(entry, declared)
    expect([...declared.keys()].sort(), relative(process.cwd(), join(SRC, entry))).toEqual([...used].sort())
  })
})
