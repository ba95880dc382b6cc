import { type ChildProcess, spawn, spawnSync } from 'node:child_process'

/** A started part of the local stack. */
export interface Running {
  name: string
  url: string
  stop: () => Promise<void>
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export const stopChild = (child: ChildProcess, graceMs = 5000): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })

// Last resort: whatever way this process ends, no emulator outlives it.
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** Spawns a child that dies with us and keeps its last output for error messages. */
export const spawnChild = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; name: string },
) => {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  child.once('exit', () => live.delete(child))
  const tail: string[] = []
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString())
    if (tail.length > 50) tail.shift()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  child.on('error', (error) => tail.push(String(error)))
  return { child, output: () => tail.join('') }
}

/** The Java major version on PATH, or undefined when there is no java. */
export const javaMajorVersion = (): number | undefined => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) return undefined
  const match = `${result.stderr}${result.stdout}`.match(/version "(\d+)(?:\.(\d+))?/)
  if (!match) return undefined
  const major = Number(match[1])
  return major === 1 ? Number(match[2]) : major
}
