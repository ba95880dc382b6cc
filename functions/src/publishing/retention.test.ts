import { describe, expect, it } from 'vitest'
import {
  expiredReleases,
  mediaPaths,
  newReleaseId,
  RELEASE_GRACE_MS,
  releasePrefix,
  releaseTime,
} from './retention.ts'

const at = (iso: string) => Date.parse(iso)
const idAt = (iso: string, suffix = '0000000a') => `${iso.replace(/[-:.]/g, '')}-${suffix}`

describe('release ids', () => {
  it('name their instant and sort in the order they were made', () => {
    const id = newReleaseId(at('2026-03-01T09:30:15.042Z'))
    expect(id).toMatch(/^20260301T093015042Z-[0-9a-f]{8}$/)
    expect(releaseTime(id)).toBe(at('2026-03-01T09:30:15.042Z'))
    expect(newReleaseId(at('2026-03-01T09:30:15.043Z')) > id).toBe(true)
    expect(releaseTime('_hostmap')).toBeUndefined()
    expect(releasePrefix('s1', id)).toBe(`sites/s1/${id}`)
  })
})

describe('mediaPaths', () => {
  it('keeps upload names under media/ and numbers a clash', () => {
    expect([
      ...mediaPaths(['sites/s/uploads/a.jpg', 'sites/s/media/a.jpg', 'sites/s/uploads/logo-b.png']).values(),
    ]).toEqual(['media/a.jpg', 'media/2-a.jpg', 'media/logo-b.png'])
  })
})

describe('expiredReleases', () => {
  const r1 = idAt('2026-01-01T00:00:00.000Z')
  const r2 = idAt('2026-01-02T00:00:00.000Z')
  const r3 = idAt('2026-01-03T00:00:00.000Z')
  const r4 = idAt('2026-01-03T00:00:05.000Z')

  it('keeps the served release and the one it replaced during the grace period', () => {
    const now = at('2026-01-03T00:00:10.000Z')
    // r1 was replaced by r2 two days ago; r2 by r3 seconds ago.
    expect(expiredReleases([r3, r1, r2], { serving: r3, now })).toEqual([r1])
    expect(
      expiredReleases([r1, r2, r3], { serving: r3, now: at('2026-01-03T00:00:00.000Z') + RELEASE_GRACE_MS }),
    ).toEqual([r1, r2])
  })

  it('leaves a newer release alone (a publish in flight) until it is a grace period old', () => {
    expect(expiredReleases([r3, r4], { serving: r3, now: at('2026-01-03T00:01:00.000Z') })).toEqual([])
    expect(expiredReleases([r3, r4], { serving: r3, now: at('2026-01-05T00:00:00.000Z') })).toEqual([r4])
  })

  it('deletes what an unpublished site served at once, but not a newer release', () => {
    const now = at('2026-01-03T00:00:10.000Z')
    expect(expiredReleases([r1, r2, r3, r4], { lastServed: r3, now })).toEqual([r1, r2, r3])
    expect(expiredReleases([r2], { now })).toEqual([r2])
  })
})
