import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { awsOutbound } from '../aws/outbound.ts'
import { parsePlatformEnv } from '../env.ts'
import { localOutbound } from './outbound.ts'

const dir = mkdtempSync(join(tmpdir(), 'swipe-outbound-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const INSPECTOR = 'http://127.0.0.1:4599'

describe('the outbound allowances of a platform', () => {
  it('allows the local inspector’s exact origin and nothing beside it', () => {
    const outbound = localOutbound(parsePlatformEnv({ WEBHOOK_INSPECTOR_ORIGIN: INSPECTOR }))
    expect(outbound.allowed(new URL(`${INSPECTOR}/hooks/a`))).toEqual({ address: '127.0.0.1', family: 4 })
    for (const other of ['http://127.0.0.1:4598/', 'https://127.0.0.1:4599/', 'http://localhost:4599/'])
      expect(outbound.allowed(new URL(other)), other).toBeUndefined()
  })

  it('allows the receiver a test names in its file, read on each attempt, over plain HTTP only', () => {
    const file = join(dir, 'receiver')
    const outbound = localOutbound(parsePlatformEnv({ SWIPE_WEBHOOK_TEST_RECEIVER_FILE: file }))
    const url = new URL('http://127.0.0.1:4600/hook')
    // No file yet: no allowance.
    expect(outbound.allowed(url)).toBeUndefined()
    writeFileSync(file, '127.0.0.1:4600\n')
    expect(outbound.allowed(url)).toEqual({ address: '127.0.0.1', family: 4 })
    expect(outbound.allowed(new URL('https://127.0.0.1:4600/hook'))).toBeUndefined()
    expect(outbound.allowed(new URL('http://127.0.0.1:4601/hook'))).toBeUndefined()
    writeFileSync(file, '')
    expect(outbound.allowed(url)).toBeUndefined()
  })

  it('allows nothing on AWS, whatever the environment names', () => {
    const outbound = awsOutbound(
      parsePlatformEnv({
        WEBHOOK_INSPECTOR_ORIGIN: INSPECTOR,
        SWIPE_WEBHOOK_TEST_RECEIVER: '127.0.0.1:4600',
      }),
    )
    expect(outbound.allowed(new URL(`${INSPECTOR}/hooks/a`))).toBeUndefined()
    expect(outbound.allowed(new URL('http://127.0.0.1:4600/hook'))).toBeUndefined()
  })
})
