import { createHash } from 'node:crypto'
import { historyRetentionMs } from '@swipe/shared'
import { describe, expect, it } from 'vitest'
import {
  contentPath,
  expiredReleases,
  KEEP_LAST_VERSIONS,
  keptReleases,
  mediaPaths,
  newReleaseId,
  RELEASE_GRACE_MS,
  RELEASE_ID_START,
  releasePrefix,
  releaseTime,
  UNREFERENCED_MEDIA_MS,
  unreferencedMedia,
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
    // Listed under their common start, which the media store's folder does not share.
    expect(id.startsWith(RELEASE_ID_START)).toBe(true)
    expect(newReleaseId(at('2999-12-31T23:59:59.999Z')).startsWith(RELEASE_ID_START)).toBe(true)
    expect('_media'.startsWith(RELEASE_ID_START)).toBe(false)
  })
})

describe('contentPath', () => {
  it('addresses media by their bytes: the same bytes the same path under any key, other bytes another', () => {
    const bytes = new TextEncoder().encode('a photo')
    const digest = createHash('sha256').update(bytes).digest().subarray(0, 16).toString('base64url')
    expect(contentPath('sites/s/uploads/a.JPG', bytes)).toBe(`_media/${digest}.jpg`)
    expect(contentPath('sites/s/renditions/a.jpg/702x1070.jpg', bytes)).toBe(`_media/${digest}.jpg`)
    expect(contentPath('sites/s/uploads/a.jpg', new TextEncoder().encode('a photo!'))).not.toBe(
      `_media/${digest}.jpg`,
    )
    // 22 URL-safe characters, whatever the digest holds; a key without an extension gets .bin.
    expect(contentPath('sites/s/x', bytes)).toMatch(/^_media\/[A-Za-z0-9_-]{22}\.bin$/)
  })
})

describe('mediaPaths', () => {
  it('names each key by the key alone: an upload keeps its name, any other key gets a digest of it', () => {
    const paths = mediaPaths(['sites/s/uploads/a.jpg', 'sites/s/media/a.jpg', 'sites/s/uploads/logo-b.png'])
    expect(paths.get('sites/s/uploads/a.jpg')).toBe('_media/a.jpg')
    expect(paths.get('sites/s/uploads/logo-b.png')).toBe('_media/logo-b.png')
    expect(paths.get('sites/s/media/a.jpg')).toMatch(/^_media\/[0-9a-f]{16}-a\.jpg$/)
    // The same key gets the same path whatever else a release holds.
    expect(mediaPaths(['sites/s/media/a.jpg']).get('sites/s/media/a.jpg')).toBe(
      paths.get('sites/s/media/a.jpg'),
    )
    expect(mediaPaths(['sites/t/media/a.jpg']).get('sites/t/media/a.jpg')).not.toBe(
      paths.get('sites/s/media/a.jpg'),
    )
  })
})

describe('unreferencedMedia', () => {
  it('deletes only what no release references, once it is older than a publish can run', () => {
    const now = Date.parse('2026-01-03T00:00:00.000Z')
    const objects = [
      { path: '_media/live.jpg', modifiedAt: now - 2 * UNREFERENCED_MEDIA_MS },
      { path: '_media/old.jpg', modifiedAt: now - UNREFERENCED_MEDIA_MS },
      { path: '_media/just-copied.jpg', modifiedAt: now - UNREFERENCED_MEDIA_MS + 1 },
    ]
    expect(unreferencedMedia(objects, new Set(['_media/live.jpg']), now)).toEqual(['_media/old.jpg'])
    expect(unreferencedMedia(objects, new Set(), now + 1)).toEqual([
      '_media/live.jpg',
      '_media/old.jpg',
      '_media/just-copied.jpg',
    ])
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

describe('keptReleases (issue 33)', () => {
  const day = 24 * 60 * 60 * 1000
  const now = at('2026-06-01T00:00:00.000Z')
  const version = (daysAgo: number, n: number) => ({
    versionId: idAt(new Date(now - daysAgo * day).toISOString(), n.toString(16).padStart(8, '0')),
    releaseId: `r${n}`,
    at: now - daysAgo * day,
  })

  it('keeps the ten newest versions whatever their age, and any version younger than the retention', () => {
    const old = Array.from({ length: 14 }, (_, i) => version(400 - i, i))
    expect([...keptReleases(old, now, 30 * day)].sort()).toEqual(
      old
        .slice(4)
        .map((v) => v.releaseId)
        .sort(),
    )
    const recent = [...old, version(29, 20), version(31, 21)]
    const kept = keptReleases(recent, now, 30 * day)
    expect(kept.has('r20')).toBe(true)
    expect(kept.has('r3')).toBe(false)
    expect(KEEP_LAST_VERSIONS).toBe(10)
  })

  it('keeps as long as the plan says: older versions within a longer retention, every one when unlimited', () => {
    // Twelve recent versions push the older ones out of the ten newest.
    const recent = Array.from({ length: 12 }, (_, i) => version(12 - i, 30 + i))
    const versions = [version(60, 1), version(200, 2), ...recent]
    const within30 = keptReleases(versions, now, 30 * day)
    expect([within30.has('r1'), within30.has('r2')]).toEqual([false, false])
    const within90 = keptReleases(versions, now, 90 * day)
    expect([within90.has('r1'), within90.has('r2')]).toEqual([true, false])
    const unlimited = keptReleases(versions, now, historyRetentionMs({ historyDays: 0 }))
    expect(unlimited.size).toBe(versions.length)
    // A plan stored before the field existed keeps 30 days.
    expect(historyRetentionMs({} as { historyDays: number })).toBe(30 * day)
  })

  it('is what the release clean-up never deletes, served or not', () => {
    const releases = [
      idAt('2026-01-01T00:00:00.000Z'),
      idAt('2026-01-02T00:00:00.000Z'),
      idAt('2026-01-03T00:00:00.000Z'),
    ]
    const serving = releases[2]
    expect(expiredReleases(releases, { serving, now })).toEqual(releases.slice(0, 2))
    expect(expiredReleases(releases, { serving, now, keep: new Set([releases[0]!]) })).toEqual([releases[1]])
    // A withdrawn site's releases go at once, except those a version keeps.
    expect(expiredReleases(releases, { lastServed: serving, now, keep: new Set([serving!]) })).toEqual(
      releases.slice(0, 2),
    )
  })
})
