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

/** The same site as version 2 and later store it: nulls are never stored. */
const { logoKey: _null, ...cleanSite } = v1Site

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
            localized: [],
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

  it('moves a version-2 CTA’s one text and image to the site’s default language', () => {
    const v2Site = {
      ...cleanSite,
      schemaVersion: 2,
      defaultLanguage: 'EN',
      languages: ['JP', 'EN'],
      popupCtas: [
        {
          kind: 'TIME_LIMIT',
          linkUrl: 'https://example.com',
          content: 'Spring sale',
          imageUrl: 'sites/s1/uploads/cta.png',
          displayPosition: 'TOP',
        },
        { kind: 'APPLICANT_LIMIT', linkUrl: 'https://example.com', limit: '5', content: '' },
      ],
    }
    const read = readDocument('site', v2Site)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.document.popupCtas.map((c) => c.localized)).toEqual([
      [{ lang: 'EN', content: 'Spring sale', imageUrl: 'sites/s1/uploads/cta.png' }],
      // Nothing to move: no entry, every language shows an empty text as before.
      [],
    ])
    expect(read.document.popupCtas[0]).not.toHaveProperty('content')
    expect(read.document.popupCtas[0]).not.toHaveProperty('imageUrl')
    expect(read.document.popupCtas[0]?.displayPosition).toBe('TOP')
  })

  it('moves a version-1 CTA’s text through both steps', () => {
    const read = readDocument('site', {
      ...v1Site,
      popupCtas: [{ kind: 'TIME_LIMIT', linkUrl: 'https://example.com', content: '旧CTA', imageUrl: null }],
    })
    expect(read.ok && read.document.popupCtas[0]).toMatchObject({
      localized: [{ lang: 'JP', content: '旧CTA' }],
      displayPosition: 'BOTTOM',
    })
  })

  it('reports a version-2 CTA text of the wrong type instead of dropping it', () => {
    const read = readDocument('site', {
      ...cleanSite,
      schemaVersion: 2,
      popupCtas: [{ kind: 'TIME_LIMIT', linkUrl: 'https://example.com', content: 42 }],
    })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problem.issues.map((i) => i.path)).toEqual(['popupCtas.0.localized.0.content'])
  })

  it('leaves a current CTA’s texts alone', () => {
    const localized = [
      { lang: 'JP', content: '今だけ' },
      { lang: 'EN', content: 'Today only' },
    ]
    const read = readDocument('site', {
      ...cleanSite,
      schemaVersion: SITE_SCHEMA_VERSION,
      popupCtas: [{ kind: 'TIME_LIMIT', linkUrl: 'https://example.com', localized }],
    })
    expect(read.ok && read.document.popupCtas[0]?.localized).toEqual(localized)
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
