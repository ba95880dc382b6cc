import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type Platform, runWithPlatform } from '../index.ts'
import { seal, unseal } from './vault.ts'

const withKey = (text: string) =>
  ({ vault: { key: async () => createHash('sha256').update(text).digest() } }) as unknown as Platform

describe('sealed secrets', () => {
  it('open only with the same key and the same context, and never show the secret', async () => {
    const a = withKey('key-a')
    const sealed = await runWithPlatform(a, () => seal('EAAB-token-123', 'site#1#conversions#meta'))
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('EAAB')
    // A fresh nonce each time: the same secret never seals the same twice.
    expect(await runWithPlatform(a, () => seal('EAAB-token-123', 'site#1#conversions#meta'))).not.toBe(sealed)
    expect(await runWithPlatform(a, () => unseal(sealed, 'site#1#conversions#meta'))).toBe('EAAB-token-123')
    // Copied to another row, or opened under another key: refused.
    await expect(runWithPlatform(a, () => unseal(sealed, 'site#2#conversions#meta'))).rejects.toThrow()
    await expect(
      runWithPlatform(withKey('key-b'), () => unseal(sealed, 'site#1#conversions#meta')),
    ).rejects.toThrow()
    await expect(runWithPlatform(a, () => unseal('plain text', 'x'))).rejects.toThrow('Not a sealed value')
  })
})
