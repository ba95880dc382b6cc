import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * What every benchmark's body takes (docs/decisions/0075-bench-quick-modes.md): `quick` measures a
 * tiny case (one round, two accounts, one small site), whose figures only have to parse, and
 * `print` takes what the benchmark prints (the script writes it to stdout; the quick-mode tests
 * keep it to read). The benchmarks with a stack take more (./context.ts).
 */
export interface BenchContext {
  quick: boolean
  print: (text: string) => void
}

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test). */
export const runsAsScript = (moduleUrl: string): boolean => {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return realpathSync(resolve(entry)) === realpathSync(fileURLToPath(moduleUrl))
  } catch {
    return false
  }
}

/** The context of a script: everything printed to stdout, the figures of the full case. */
export const scriptContext = (): BenchContext => ({
  quick: false,
  print: (text) => process.stdout.write(text),
})
