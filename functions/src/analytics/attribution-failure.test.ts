import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteStats } from '#data/analytics'
import { SiteSources, SourceValues } from '#data/analytics-visitors'
import { logger } from '#platform/services/logger'
import { recordConversion } from './service.ts'

/** An entity's `update(...).add(...).go()` chain that records what it was given and answers `go`. */
const chain = (go: () => Promise<unknown>, seen: unknown[]) => (key: unknown) => {
  const builder = {
    add: (adds: unknown) => {
      seen.push({ key, adds })
      return builder
    },
    set: () => builder,
    where: () => builder,
    go,
  }
  return builder
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('recordConversion', () => {
  const site = { siteId: 'site-failing', numberHorizontal: 1, numberVertical: 2 }
  const now = Date.parse('2026-11-20T12:00:00+09:00')

  it('still counts the conversion and only logs when the count by source cannot be written', async () => {
    const stats: unknown[] = []
    vi.spyOn(SiteStats, 'update').mockImplementation(
      chain(() => Promise.resolve({}), stats) as unknown as typeof SiteStats.update,
    )
    vi.spyOn(SourceValues, 'get').mockImplementation(
      () =>
        ({ go: () => Promise.reject(new Error('throttled')) }) as unknown as ReturnType<
          typeof SourceValues.get
        >,
    )
    const sources = vi.spyOn(SiteSources, 'update')
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    await expect(
      recordConversion(site, 'JP', 'contact', 'B1', {
        now,
        context: { utm: { utm_source: 'instagram' }, clickKinds: ['gclid'] },
      }),
    ).resolves.toBeUndefined()
    expect(stats).toHaveLength(4)
    expect(stats).toEqual(
      ['*', 'B1'].flatMap((position) =>
        ['2026-11-20', '2026-11'].map((day) => ({
          key: expect.objectContaining({ siteId: 'site-failing', day, lang: 'JP', position }),
          adds: { conv_contact: 1 },
        })),
      ),
    )
    expect(sources).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith('Conversion not counted by source', {
      siteId: 'site-failing',
      kind: 'contact',
      error: new Error('throttled'),
    })
  })

  it('logs a conversion whose counters cannot be written, and answers all the same', async () => {
    vi.spyOn(SiteStats, 'update').mockImplementation(
      chain(() => Promise.reject(new Error('unavailable')), []) as unknown as typeof SiteStats.update,
    )
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    await expect(recordConversion(site, 'JP', 'member', undefined, { now })).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith('Conversion not counted', {
      siteId: 'site-failing',
      kind: 'member',
      error: new Error('unavailable'),
    })
  })
})
