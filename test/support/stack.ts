import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { freePorts, HOST } from '../../infra/local/ports.ts'
import { type LocalStack, REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts'

const ADMIN_ROOT = join(REPO_ROOT, 'web-admin')

/**
 * The console as users get it: `vite build` into `outDir`, calling the API at `apiUrl` (as a
 * deployment builds it against `ApiUrl`, infra/README.md; the console calls the API cross-origin
 * through the gateway's CORS, and nothing proxies /api, as with the dev server). It runs in a child
 * process at low priority beside the emulators' start, which must not wait for CPU (DynamoDB Local
 * has a minute to come up). Resolves to the build's duration in ms.
 */
const buildConsole = (outDir: string, apiUrl: string): Promise<number> => {
  const started = performance.now()
  const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js')
  const args = ['build', '--config', join(ADMIN_ROOT, 'vite.config.ts'), '--outDir', outDir]
  const command =
    process.platform === 'win32' ? [process.execPath, vite] : ['nice', '-n', '10', process.execPath, vite]
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args, '--emptyOutDir', '--logLevel', 'warn'], {
      env: { ...process.env, VITE_API_URL: apiUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`vite build failed (exit ${code})`)),
    )
  })
}

/** Serves a console build on 127.0.0.1:`port` with the SPA fallback (`vite preview`). */
const serveConsole = async (outDir: string, port: number) => {
  const { preview } = await import('vite')
  const server = await preview({
    root: ADMIN_ROOT,
    configFile: join(ADMIN_ROOT, 'vite.config.ts'),
    build: { outDir },
    preview: { host: HOST, port, strictPort: true },
    clearScreen: false,
    logLevel: 'warn',
  })
  return { stop: () => server.close() }
}

/**
 * Starts the whole local stack for a test run on free ports, with DynamoDB in memory and the
 * other emulators' files in a temporary folder that is removed on stop. Its handlers' clock runs
 * ahead of the system clock by what `clockFile` holds (test/support/clock.ts moves it).
 * With `admin`, the console's production build is served at `urls.admin` (built once, while the
 * emulators start), so browser tests see what users get, not Vite's dev server.
 */
export const startTestStack = async (options: {
  admin: boolean
}): Promise<LocalStack & { clockFile: string; adminDir?: string; adminBuildMs?: number }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swipe-test-'))
  const clockFile = join(dataDir, 'clock-offset')
  writeFileSync(clockFile, '0')
  // The one local webhook receiver a test may allow: none until a test writes `host:port` there
  // (functions/src/domain/webhooks.ts; the handlers run in this process, the tests in workers).
  process.env.SWIPE_WEBHOOK_TEST_RECEIVER_FILE = join(dataDir, 'webhook-receiver')
  // Tests provoke refusals on purpose; their security lines (warn) would bury a failure's output.
  if (!process.env.DEBUG_STACK) process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR'
  const ports = await freePorts()
  const adminDir = join(dataDir, 'web-admin')
  // The build runs beside the emulators' start; both are awaited before anything fails.
  const building = options.admin
    ? buildConsole(adminDir, `http://localhost:${ports.api}${API_BASE_PATH}`)
    : Promise.resolve(undefined)
  const [started, built] = await Promise.allSettled([
    startLocalStack({
      ports,
      dataDir,
      persist: false,
      // The dev server is `npm start`'s; the tests serve the build below, on the same port.
      admin: false,
      seed: true,
      clockFile,
      log: (line) => {
        if (process.env.DEBUG_STACK) process.stderr.write(`${line}\n`)
      },
    }),
    building,
  ])
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true })
  if (started.status === 'rejected') {
    cleanUp()
    throw started.reason
  }
  const stack = started.value
  let admin: { stop: () => Promise<void> } | undefined
  try {
    if (built.status === 'rejected') throw built.reason
    if (options.admin) admin = await serveConsole(adminDir, ports.admin)
  } catch (error) {
    await stack.stop()
    cleanUp()
    throw error
  }
  return {
    ...stack,
    clockFile,
    ...(options.admin ? { adminDir } : {}),
    ...(built.value === undefined ? {} : { adminBuildMs: built.value }),
    stop: async () => {
      await admin?.stop()
      await stack.stop()
      cleanUp()
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
