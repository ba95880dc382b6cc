import { createServer } from 'node:net'

/** Default ports of `npm start`, each overridable by the environment variable named beside it. */
export const DEFAULT_PORTS = {
  admin: { env: 'ADMIN_PORT', port: 5173 },
  api: { env: 'API_PORT', port: 3000 },
  edge: { env: 'EDGE_PORT', port: 3001 },
  dynamodb: { env: 'DYNAMODB_PORT', port: 8000 },
  s3: { env: 'S3_PORT', port: 4569 },
  cognito: { env: 'COGNITO_PORT', port: 9229 },
  mail: { env: 'MAIL_PORT', port: 8005 },
  webhooks: { env: 'WEBHOOK_INSPECTOR_PORT', port: 8006 },
  adPlatforms: { env: 'AD_PLATFORMS_PORT', port: 8007 },
} as const

export type PortName = keyof typeof DEFAULT_PORTS
export type Ports = Record<PortName, number>

export const HOST = '127.0.0.1'

/** The ports for `npm start`: defaults, or the environment's overrides. */
export const configuredPorts = (env: NodeJS.ProcessEnv = process.env): Ports => {
  const out = {} as Ports
  for (const [name, { env: key, port }] of Object.entries(DEFAULT_PORTS)) {
    const value = env[key]
    const parsed = value ? Number(value) : port
    if (!Number.isInteger(parsed) || parsed <= 0 || parsed > 65535) {
      throw new Error(`${key} must be a port number, got "${value}"`)
    }
    out[name as PortName] = parsed
  }
  return out
}

/** A port the OS says is free right now (for tests, which never use fixed ports). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export const freePorts = async (): Promise<Ports> => {
  const out = {} as Ports
  for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) out[name] = await freePort()
  return out
}

/** Fails with a clear message when something else already listens on a port we need. */
export const assertPortFree = (port: number, what: string, envName: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(
        new Error(`Port ${port} (${what}) is in use. Stop what uses it or set ${envName} to another port.`),
      ),
    )
    server.listen(port, '0.0.0.0', () => server.close(() => resolve()))
  })

/** Polls `check` until it resolves truthy, or fails after `timeoutMs` with `what` in the message. */
export const waitFor = async (
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      if (await check()) return
    } catch (error) {
      lastError = error
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(
    `${what} did not become ready within ${timeoutMs / 1000}s${lastError ? `: ${String(lastError)}` : ''}`,
  )
}
