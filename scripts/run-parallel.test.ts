import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `npm test`'s lanes (scripts/run-parallel.mjs; docs/decisions/0059-ci-in-lanes.md): a failure stops
 * the other lanes, which print only their last lines, and the log ends with the failed script's own
 * last lines, so a CI page read from its end says why.
 */
const dir = mkdtempSync(join(tmpdir(), 'run-parallel-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    name: 'lanes',
    private: true,
    scripts: {
      ok: 'echo fine',
      // `bad` fails only once `slow` has printed all its lines (a loaded machine starts lanes late).
      bad: 'while [ ! -f printed ]; do sleep 0.05; done; sleep 0.5; for i in $(seq 1 200); do echo bad$i; done; exit 3',
      slow: 'for i in $(seq 1 50); do echo slow$i; done; touch printed; sleep 30',
    },
  }),
)
const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(import.meta.dirname, 'run-parallel.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  })

describe('run-parallel', () => {
  it('stops the other lanes at the first failure and ends with why it failed', () => {
    const { status, stdout } = run('ok', 'bad', '--', 'slow')
    expect(status).toBe(1)
    const lines = stdout.trimEnd().split('\n')
    expect(lines.at(-1)).toMatch(/^✗ failed: bad \(\d+ s in all\)$/)
    // The stopped lane printed its last 20 lines only.
    const stopped = stdout.slice(stdout.indexOf('── slow ─'), stdout.indexOf('── slow: stopped (SIGTERM)'))
    expect(stopped).toContain('… (30 lines above)')
    expect(stopped).toContain('slow31\nslow32')
    expect(stopped).not.toContain('slow30\n')
    // The failed script's output, whole where it ended, then its last 150 lines again at the end.
    expect(stdout).toContain('bad1\nbad2\n')
    const why = stdout.slice(stdout.indexOf('── why bad failed (its last 150 lines)'))
    expect(why).toContain('… (50 lines above)\nbad51\n')
    expect(why).toContain('bad200\n✗ failed: bad')
  })

  it('prints every script whole and passes when all pass', () => {
    const { status, stdout } = run('ok', '--', 'ok')
    expect(status).toBe(0)
    expect(stdout).not.toContain('why')
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^✓ ok, ok passed in \d+ s$/)
  })
})
