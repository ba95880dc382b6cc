import { describe, expect, it } from 'vitest'
import { effectiveState, hasRenditions, MEDIA_TIMEOUT_MS, renditionKey } from './rules.ts'

const SITE = '0b7a0d3e-1c2f-4e5a-9b8c-7d6e5f4a3b21'
const FILE = '5f0c1e2d-3a4b-4c5d-8e9f-a0b1c2d3e4f5'

describe('media renditions: the rules without I/O', () => {
  it('makes renditions for creatives, product and CTA images, videos and logos; not for GIFs or favicons', () => {
    for (const kind of ['jpeg', 'png', 'webp', 'heic', 'mp4', 'mov', 'webm'])
      expect(hasRenditions({ kind, purpose: 'media' }), kind).toBe(true)
    expect(hasRenditions({ kind: 'jpeg' })).toBe(true)
    expect(hasRenditions({ kind: 'gif', purpose: 'media' })).toBe(false)
    expect(hasRenditions({ kind: 'png', purpose: 'logo' })).toBe(true)
    expect(hasRenditions({ kind: 'mp4', purpose: 'logo' })).toBe(false)
    expect(hasRenditions({ kind: 'png', purpose: 'favicon' })).toBe(false)
  })

  it('keeps renditions beside the original, under a name derived from it alone', () => {
    expect(renditionKey(`sites/${SITE}/uploads/${FILE}.jpg`, '357x535.avif')).toBe(
      `sites/${SITE}/renditions/${FILE}/357x535.avif`,
    )
    expect(renditionKey(`sites/${SITE}/uploads/logo-${FILE}.png`, '160x32.webp')).toBe(
      `sites/${SITE}/renditions/logo-${FILE}/160x32.webp`,
    )
    // Media stored before uploads were confirmed (the demo's).
    expect(renditionKey(`sites/${SITE}/media/${FILE}.webm`, 'poster-720x406.jpg')).toBe(
      `sites/${SITE}/renditions/${FILE}/poster-720x406.jpg`,
    )
    expect(() => renditionKey(`sites/${SITE}/bulk/${FILE}.zip`, 'x')).toThrow()
    expect(() => renditionKey(`sites/${SITE}/uploads/../${FILE}.jpg`, 'x')).toThrow()
  })

  it('reads a run that overran its deadline, or never started, as failed (media.timeout)', () => {
    const at = 1_800_000_000_000
    expect(effectiveState({ state: 'processing', requestedAt: at - 1000, deadline: at + 1 }, at)).toEqual({
      state: 'processing',
    })
    expect(effectiveState({ state: 'processing', requestedAt: at - 1000, deadline: at - 1 }, at)).toEqual({
      state: 'failed',
      code: 'media.timeout',
    })
    const never = at - MEDIA_TIMEOUT_MS.video - 60_001
    expect(effectiveState({ state: 'processing', requestedAt: never }, at)).toEqual({
      state: 'failed',
      code: 'media.timeout',
    })
    expect(effectiveState({ state: 'processing', requestedAt: at - 1000 }, at)).toEqual({
      state: 'processing',
    })
    expect(effectiveState({ state: 'failed', requestedAt: at, code: 'media.videoUnreadable' }, at)).toEqual({
      state: 'failed',
      code: 'media.videoUnreadable',
    })
    expect(effectiveState({ state: 'ready', requestedAt: at }, at)).toEqual({ state: 'ready' })
  })
})
