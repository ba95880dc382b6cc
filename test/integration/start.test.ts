import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_PORTS, freePorts, type PortName } from '../../infra/local/ports.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const dataDir = mkdtempSync(join(tmpdir(), 'swipe-start-'))

/** How long a start may take before it counts as hung (the test's own timeout allows two). */
const START_HANG_MS = 240_000

interface Started {
  child: ChildProcess
  output: () => string
}

/** Runs `npm start`'s script the way the terminal would, with its ports and data folder moved. */
const start = async (env: Record<string, string>): Promise<Started> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOCAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString()
  })
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString()
  })
  // Readiness, not speed: the start-up time against its 90 s budget is a benchmark (npm start prints
  // "ready in …", docs/benchmarks.md). As a deadline here it failed whenever the machine was busy.
  // This bound only stops a start that hangs.
  const deadline = Date.now() + START_HANG_MS
  while (!out.includes('is running')) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${out}`)
    if (Date.now() > deadline) throw new Error(`npm start not ready in ${START_HANG_MS / 1000} s: ${out}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return { child, output: () => out }
}

const stop = (started: Started) =>
  new Promise<number | null>((resolve) => {
    started.child.once('exit', (code) => resolve(code))
    started.child.kill('SIGINT')
  })

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** A page of a published site through the local edge, by Host header (as a browser would ask). */
const sitePage = (edgePort: number, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { host, pathname } = new URL(url)
    const req = request({ host: '127.0.0.1', port: edgePort, path: pathname, headers: { host } }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => {
        body += c.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })

/** The demo site's URL as `npm start` prints it. */
const demoUrl = (output: string) => /published at\n\s+(http:\/\/\S+)/.exec(output)?.[1]

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('npm start', () => {
  it('starts everything healthy, keeps records across a restart, and Ctrl-C leaves nothing behind', async () => {
    const ports = await freePorts()
    const env = Object.fromEntries(
      (Object.keys(DEFAULT_PORTS) as PortName[]).map((name) => [
        DEFAULT_PORTS[name].env,
        String(ports[name]),
      ]),
    )

    const first = await start(env)
    expect(first.output()).toContain('seed: account master@example.com (MASTER)')
    expect(first.output()).toContain('master@example.com     Master#Local1')
    const health = await fetch(`http://localhost:${ports.api}/api/v1/health`)
    expect(health.status).toBe(200)
    expect(((await health.json()) as { status: string }).status).toBe('ok')
    const login = await fetch(`http://localhost:${ports.admin}/login`)
    expect(login.status).toBe(200)
    expect(await login.text()).toContain('<div id="root">')

    // The demo site is published by the seed through the publisher, at the URL printed.
    const url = demoUrl(first.output())
    expect(url).toMatch(new RegExp(`^http://[0-9a-f-]{36}\\.sites\\.localhost:${ports.edge}/$`))
    const demo = await sitePage(ports.edge, url!)
    expect(demo.status).toBe(200)
    expect(demo.body).toContain('<title>デモサイト</title>')
    expect(demo.body).toContain('デモ商品') // a product on A1
    expect(demo.body).toContain('期間限定キャンペーン実施中') // a popup CTA running now
    expect(demo.body).toMatch(/id="C3"[^>]*><div class="lk">/) // a members-only creative
    expect((await sitePage(ports.edge, `${url}en/`)).body).toContain('<html lang="en"')

    const tableName = 'swipe-local'
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${ports.dynamodb}`,
        region: 'ap-northeast-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    )
    await client.send(
      new PutCommand({ TableName: tableName, Item: { pk: 'restart-test', sk: 'x', note: 'kept' } }),
    )

    expect(await stop(first)).toBe(0)
    expect(first.output()).toContain('Stopped. Every port is free.')
    for (const port of Object.values(ports)) expect(await listening(port), `port ${port}`).toBe(false)
    const leftovers = execSync('ps -eo args')
      .toString()
      .split('\n')
      .filter((line) => line.includes(dataDir))
    expect(leftovers).toEqual([])

    const second = await start(env)
    expect(second.output()).not.toContain('seed:')
    expect(demoUrl(second.output())).toBe(url)
    expect((await sitePage(ports.edge, url!)).status).toBe(200)
    const kept = await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: 'restart-test', sk: 'x' } }),
    )
    expect(kept.Item).toEqual({ pk: 'restart-test', sk: 'x', note: 'kept' })
    client.destroy()
    expect(await stop(second)).toBe(0)
    for (const port of Object.values(ports)) expect(await listening(port), `port ${port}`).toBe(false)
  }, 600_000)
})
