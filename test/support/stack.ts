import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePorts } from '../../infra/local/ports.ts'
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts'

/**
 * Starts the whole local stack for a test run on free ports, with DynamoDB in memory and the
 * other emulators' files in a temporary folder that is removed on stop. Its handlers' clock runs
 * ahead of the system clock by what `clockFile` holds (test/support/clock.ts moves it).
 */
export const startTestStack = async (options: {
  admin: boolean
}): Promise<LocalStack & { clockFile: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swipe-test-'))
  const clockFile = join(dataDir, 'clock-offset')
  writeFileSync(clockFile, '0')
  // The one local webhook receiver a test may allow: none until a test writes `host:port` there
  // (functions/src/lib/webhooks.ts; the handlers run in this process, the tests in workers).
  process.env.SWIPE_WEBHOOK_TEST_RECEIVER_FILE = join(dataDir, 'webhook-receiver')
  // Tests provoke refusals on purpose; their security lines (warn) would bury a failure's output.
  if (!process.env.DEBUG_STACK) process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR'
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    persist: false,
    admin: options.admin,
    seed: true,
    clockFile,
    log: (line) => {
      if (process.env.DEBUG_STACK) process.stderr.write(`${line}\n`)
    },
  })
  return {
    ...stack,
    clockFile,
    stop: async () => {
      await stack.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** What the integration global setup hands to every test file. */
export interface ProvidedStack {
  urls: LocalStack['urls']
  env: Record<string, string>
  /** The stack clock's offset file (test/support/clock.ts). */
  clockFile: string
}
