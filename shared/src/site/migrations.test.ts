import { describe, expect, it } from 'vitest'
import { MIGRATIONS, readDocument, storedVersion } from './migrations.ts'
import { CREATIVE_DEFAULTS, CTA_DEFAULTS, SITE_SCHEMA_VERSION } from './model-defaults.ts'

/** A Site item as version 1 stored it: no schemaVersion, a CTA without a display position. */
const v1Site = {
  siteId: 's1',
  ownerId: 'o1',
  status: 'DRAFT',
  version: 3,
  name: 'Shop',
  numberHorizontal: 2,
  numberVertical: 1,
  viewMode: 'MOBILE',
  defaultLanguage: 'JP',
  languages: ['JP'],
  displayLanguageIcon: false,
  displayGlobalMenu: false,
  logoKey: null,
  popupCtas: [{ kind: 'TIME_LIMIT', linkUrl: 'https://example.com', linkButtonColor: '#000000' }],
}

describe('readDocument', () => {
  it('brings a version-1 site up to the current version, keys and bookkeeping left out', () => {
    const read = readDocument('site', v1Site)
    expect(read).toEqual({
      ok: true,
      document: {
        name: 'Shop',
        numberHorizontal: 2,
        numberVertical: 1,
        viewMode: 'MOBILE',
        defaultLanguage: 'JP',
        languages: ['JP'],
        displayLanguageIcon: false,
        displayGlobalMenu: false,
        popupCtas: [
          {
            kind: 'TIME_LIMIT',
            linkUrl: 'https://example.com',
            linkButtonColor: '#000000',
            linkTextColor: CTA_DEFAULTS.linkTextColor,
            isInternalLink: false,
            showRemainingTime: false,
            showRemainingSlots: false,
            effectiveSheets: [],
            animation: 'NONE',
            displayPosition: 'BOTTOM',
          },
        ],
      },
    })
  })

  it('fills a creative stored without its defaults from the model', () => {
    const read = readDocument('creative', { siteId: 's1', lang: 'EN', position: 'B2', mediaKey: 'k' })
    expect(read).toEqual({
      ok: true,
      document: {
        lang: 'EN',
        position: 'B2',
        mediaKey: 'k',
        ...CREATIVE_DEFAULTS,
        imageLinkPoints: [],
        products: [],
      },
    })
  })

  it('reports a document that fails the model instead of replacing it with defaults', () => {
    const read = readDocument('settings', {
      siteId: 's1',
      lang: 'JP',
      schemaVersion: SITE_SCHEMA_VERSION,
      forms: { contact: { enabled: 'yes' } },
    })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problem.kind).toBe('settings')
    expect(read.problem.reason).toBe('invalid')
    expect(read.problem.storedVersion).toBe(SITE_SCHEMA_VERSION)
    expect(read.problem.issues.map((i) => i.path)).toContain('forms.contact.enabled')
  })

  it('reports a version no step leads up from', () => {
    expect(readDocument('menu', { lang: 'JP', items: [], schemaVersion: 99 })).toEqual({
      ok: false,
      problem: { kind: 'menu', storedVersion: 99, reason: 'unknownVersion', issues: [] },
    })
  })

  it('applies the steps in order from the stored version', () => {
    const seen: string[] = []
    const step = (from: number) => ({
      from,
      to: from + 1,
      summary: '',
      migrate: (_: string, d: Record<string, unknown>) => {
        seen.push(`${from}→${from + 1}`)
        return d
      },
    })
    const steps = [step(2), step(1)]
    const read = readDocument('menu', { lang: 'JP', items: [] }, steps, 3)
    expect(read.ok).toBe(true)
    expect(seen).toEqual(['1→2', '2→3'])
  })
})

describe('the migration steps', () => {
  it('lead from version 1 to the current version without gaps', () => {
    let version = 1
    for (const step of MIGRATIONS) {
      expect(step.from).toBe(version)
      version = step.to
    }
    expect(version).toBe(SITE_SCHEMA_VERSION)
  })

  it('count an item without schemaVersion as version 1', () => {
    expect(storedVersion({})).toBe(1)
    expect(storedVersion({ schemaVersion: 2 })).toBe(2)
  })
})
