import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { HOST, waitFor } from './ports.ts'
import { type Running, spawnChild, stopChild } from './process.ts'

const require = createRequire(import.meta.url)

/**
 * cognito-local, bound to 127.0.0.1, with the token issuer equal to the URL the API uses, so
 * the API verifies its tokens with `jose` against `<issuer>/.well-known/jwks.json` exactly as on AWS.
 * No username attributes by default (the emulator's own default is email): each pool states its
 * own (bootstrap.ts), since an email alias would make the members pool's `<siteId>#<email>`
 * usernames unreachable.
 */
export const startCognito = async (port: number, dataDir: string): Promise<Running> => {
  const configDir = join(dataDir, '.cognito')
  mkdirSync(configDir, { recursive: true })
  const url = `http://${HOST}:${port}`
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      { TokenConfig: { IssuerDomain: url }, UserPoolDefaults: { UsernameAttributes: [] } },
      null,
      2,
    ),
  )
  const bin = join(require.resolve('cognito-local/package.json'), '..', 'lib', 'bin', 'start.js')
  const { child, output } = spawnChild(process.execPath, [bin], {
    cwd: dataDir,
    env: { ...process.env, HOST, PORT: String(port) },
    name: 'cognito',
  })
  try {
    await waitFor('cognito-local', async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${output()}`)
      const response = await fetch(`${url}/`, { method: 'POST', headers: { 'x-amz-target': 'x' } })
      return response.status > 0
    })
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { name: 'cognito', url, stop: () => stopChild(child) }
}
