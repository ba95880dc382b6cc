import type { PublishCreative, PublishCta, PublishSettings, PublishSite } from '@swipe/web-site'
import { describe, expect, it } from 'vitest'
import { CHECKLIST_RULE_FNS, externalLinks, FIRST_CREATIVE_BUDGET_BYTES, runRules } from './rules.ts'
import type { ChecklistInput, LinkFacts, MediaFacts } from './types.ts'

const NOW = Date.parse('2026-06-01T00:00:00Z')

/** A creative with media and alternative text, nothing else: no rule fires on it. */
const creative = (
  lang: 'JP' | 'EN',
  position: string,
  extra: Partial<PublishCreative> = {},
): PublishCreative => ({
  lang,
  position,
  mediaKey: `${lang}/${position}.jpg`,
  mediaType: 'image',
  imageAlt: '写真',
  ...extra,
})

/** A language's settings with SEO filled in and every form off. */
const settings = (lang: 'JP' | 'EN', extra: Partial<PublishSettings> = {}): PublishSettings => ({
  lang,
  seo: { title: 'タイトル', h1: '見出し', description: '説明' },
  ...extra,
})

const cta = (extra: Partial<PublishCta> = {}): PublishCta => ({
  kind: 'TIME_LIMIT',
  linkUrl: 'contact',
  isInternalLink: true,
  linkButtonColor: '#000000',
  linkTextColor: '#FFFFFF',
  ...extra,
})

interface Build {
  site?: Partial<PublishSite>
  creatives?: PublishCreative[]
  settings?: PublishSettings[]
  media?: Record<string, MediaFacts>
  links?: Record<string, LinkFacts>
  firstHtml?: ChecklistInput['firstHtml']
  blockingComments?: ChecklistInput['blockingComments']
}

/** A 2 × 2 site in JP and EN whose draft passes every rule, with the parts a test changes. */
const build = (b: Build = {}): ChecklistInput => ({
  site: {
    id: 'site-1',
    name: 'サイト',
    languages: ['JP', 'EN'],
    defaultLanguage: 'JP',
    numberHorizontal: 2,
    numberVertical: 2,
    popupCtas: [],
    ...b.site,
  },
  creatives: b.creatives ?? [creative('JP', 'A1'), creative('EN', 'A1')],
  menus: [],
  settings: b.settings ?? [settings('JP'), settings('EN')],
  now: NOW,
  media: new Map(Object.entries(b.media ?? {})),
  firstHtml: b.firstHtml ?? [
    { lang: 'JP', gzipBytes: 9_000 },
    { lang: 'EN', gzipBytes: 9_000 },
  ],
  blockingComments: b.blockingComments ?? [],
  links: new Map(Object.entries(b.links ?? {})),
})

const cell = (lang: 'JP' | 'EN', position: string, field: string | null, params = {}) => ({
  place: 'cell',
  lang,
  position,
  field,
  ref: null,
  params,
})
const popupCta = (ref: number, field: string, params = {}, lang: 'JP' | 'EN' | null = null) => ({
  place: 'popupCta',
  lang,
  position: null,
  field,
  ref: String(ref),
  params,
})

describe('the clean draft', () => {
  it('has no item', () => {
    expect(runRules(build())).toEqual([])
  })
})

describe('blockingComment', () => {
  it('lists each blocking comment with its cell and its first 80 characters', () => {
    const long = `${'あ'.repeat(79)}😀末尾`
    expect(
      CHECKLIST_RULE_FNS.blockingComment(
        build({ blockingComments: [{ id: 'c1', cell: 'B1', lang: 'EN', text: `  ${long}` }] }),
      ),
    ).toEqual([
      {
        rule: 'blockingComment',
        place: 'comment',
        lang: 'EN',
        position: 'B1',
        field: null,
        ref: 'c1',
        params: { text: `${'あ'.repeat(79)}😀` },
      },
    ])
  })

  it('is quiet without blocking comments', () => {
    expect(CHECKLIST_RULE_FNS.blockingComment(build({ blockingComments: [] }))).toEqual([])
  })
})

describe('legalMissing', () => {
  const formsOn = { contact: { enabled: true }, membership: { enabled: true } } as PublishSettings['forms']
  it('asks for the terms and the privacy policy a form asks the visitor to agree to', () => {
    const input = build({
      settings: [
        settings('JP', {
          forms: formsOn,
          company: {
            privacyPolicy: '  ',
            termsOfService: '',
            contractAgreementRequired: true,
            showInMemberShip: true,
          },
        }),
        // EN asks for agreement too, and has both texts.
        settings('EN', {
          forms: formsOn,
          company: {
            privacyPolicy: 'policy',
            termsOfService: 'terms',
            contractAgreementRequired: true,
            showInContact: true,
          },
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.legalMissing(input)).toEqual([
      {
        rule: 'legalMissing',
        place: 'settings',
        lang: 'JP',
        position: null,
        field: 'company.termsOfService',
        ref: null,
        params: {},
      },
      {
        rule: 'legalMissing',
        place: 'settings',
        lang: 'JP',
        position: null,
        field: 'company.privacyPolicy',
        ref: null,
        params: {},
      },
    ])
  })

  it('is quiet without agreement, when the company is not shown on an enabled form, or every form off', () => {
    const empty = { privacyPolicy: '', termsOfService: '' }
    const input = build({
      settings: [
        // Forms on, agreement not required: no box to tick.
        settings('JP', { forms: formsOn, company: { ...empty, showInContact: true } }),
        // Agreement required, but shown only on the homepage form, which is off.
        settings('EN', {
          forms: formsOn,
          company: { ...empty, contractAgreementRequired: true, showInForm: true },
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.legalMissing(input)).toEqual([])
    const off = build({
      settings: [
        settings('JP', {
          forms: { membership: { enabled: false } } as PublishSettings['forms'],
          company: { ...empty, contractAgreementRequired: true, showInMemberShip: true },
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.legalMissing(off)).toEqual([])
  })
})

describe('mediaFailed', () => {
  const failed: MediaFacts = { state: 'failed', mediaType: 'image' }
  const draft = (state: MediaFacts['state']) =>
    build({
      site: {
        logoKey: 'logo.png',
        faviconKey: 'icon.png',
        popupCtas: [cta(), cta({ localized: [{ lang: 'EN', imageUrl: 'cta.png' }] })],
      },
      creatives: [
        creative('JP', 'A1', { products: [{ imagePath: 'p0.png' }, { imagePath: 'p1.png' }] }),
        creative('EN', 'B1'),
        // Outside the 2 × 2 grid: not published.
        creative('JP', 'C1', { mediaKey: 'outside.jpg' }),
      ],
      media: Object.fromEntries(
        ['logo.png', 'JP/A1.jpg', 'p1.png', 'cta.png', 'outside.jpg'].map((key) => [
          key,
          { ...failed, state },
        ]),
      ),
    })

  it('names the setting, cell or CTA of each failed upload', () => {
    expect(CHECKLIST_RULE_FNS.mediaFailed(draft('failed'))).toEqual([
      {
        rule: 'mediaFailed',
        place: 'global',
        lang: null,
        position: null,
        field: 'logoKey',
        ref: null,
        params: {},
      },
      { rule: 'mediaFailed', ...cell('JP', 'A1', 'mediaKey') },
      { rule: 'mediaFailed', ...cell('JP', 'A1', 'products.1.imagePath') },
      { rule: 'mediaFailed', ...popupCta(1, 'imageUrl') },
    ])
  })

  it('is quiet while media is processing or ready', () => {
    expect(CHECKLIST_RULE_FNS.mediaFailed(draft('processing'))).toEqual([])
    expect(CHECKLIST_RULE_FNS.mediaFailed(draft('ready'))).toEqual([])
  })
})

describe('imageAlt', () => {
  it('finds image creatives without alternative text', () => {
    const input = build({
      creatives: [creative('JP', 'A1', { imageAlt: ' ' }), creative('EN', 'B2', { imageAlt: null })],
    })
    expect(CHECKLIST_RULE_FNS.imageAlt(input)).toEqual([
      { rule: 'imageAlt', ...cell('JP', 'A1', 'imageAlt') },
      { rule: 'imageAlt', ...cell('EN', 'B2', 'imageAlt') },
    ])
  })

  it('is quiet for videos, cells without media and texts given', () => {
    const input = build({
      creatives: [
        creative('JP', 'A1', { mediaType: 'video', imageAlt: '' }),
        creative('JP', 'B1', { mediaKey: null, imageAlt: '' }),
        creative('EN', 'A1'),
      ],
    })
    expect(CHECKLIST_RULE_FNS.imageAlt(input)).toEqual([])
  })
})

describe('contrast', () => {
  it('measures buttons that show, product cards and CTAs, on the colours the page paints', () => {
    const input = build({
      site: { popupCtas: [cta(), cta({ linkButtonColor: null, linkTextColor: null })] },
      creatives: [
        // The default green button with white text: 1.76.
        creative('JP', 'A1', { linkDestinationUrl: 'https://example.com' }),
        creative('JP', 'B1', {
          products: [
            // A legible product with no button, then one with a yellow button and a white card.
            { textColor: '#202020' },
            {
              linkButtonUrl: 'https://example.com',
              linkButtonColor: '#FFFFFF',
              linkTextColor: '#FFFF00',
              textColor: '#CCCCCC',
            },
          ],
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.contrast(input)).toEqual([
      { rule: 'contrast', ...cell('JP', 'A1', 'linkTextColor', { ratio: 1.76 }) },
      { rule: 'contrast', ...cell('JP', 'B1', 'products.1.linkTextColor', { ratio: 1.07 }) },
      { rule: 'contrast', ...cell('JP', 'B1', 'products.1.textColor', { ratio: 1.6 }) },
      // The default red CTA with white text: 3.99.
      { rule: 'contrast', ...popupCta(1, 'linkTextColor', { ratio: 3.99 }) },
    ])
  })

  it('is quiet for legible colours and for buttons that do not show', () => {
    const input = build({
      site: { popupCtas: [cta()] },
      creatives: [
        creative('JP', 'A1', { linkDestinationUrl: 'https://example.com', linkButtonColor: '#1A5E00' }),
        // Illegible, but no link: no button.
        creative('JP', 'B1', { linkButtonColor: '#FFFFFF', products: [{ linkButtonColor: '#FFFFFF' }] }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.contrast(input)).toEqual([])
  })
})

describe('tapTarget', () => {
  const point = (x: number, y: number) => ({ x, y, linkUrl: 'https://example.com' })
  it('finds targets overlapping one another, the arrows or the link button', () => {
    const input = build({
      creatives: [
        creative('JP', 'A1', {
          imageLinkPoints: [
            point(100, 100),
            point(140, 100),
            // 1 px into the left arrow (its box ends at x = 46).
            point(69, 267),
            point(200, 300),
          ],
          // Its 120 × 48 box from (180, 290) meets the point at (200, 300).
          products: [{ coordinateX: 180, coordinateY: 290 }],
        }),
        creative('EN', 'A1', {
          linkDestinationUrl: 'https://example.com',
          // Its 48 px box reaches y = 478, below the button's top (≈ 469.5).
          products: [{ coordinateX: 100, coordinateY: 430 }],
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.tapTarget(input)).toEqual([
      { rule: 'tapTarget', ...cell('JP', 'A1', 'imageLinkPoints.0', { with: 'imageLinkPoints.1' }) },
      { rule: 'tapTarget', ...cell('JP', 'A1', 'imageLinkPoints.2', { with: 'arrows' }) },
      { rule: 'tapTarget', ...cell('JP', 'A1', 'imageLinkPoints.3', { with: 'products.0' }) },
      { rule: 'tapTarget', ...cell('EN', 'A1', 'products.0', { with: 'linkButton' }) },
    ])
  })

  it('is quiet for targets that only touch, points without a link, and a creative without a button', () => {
    const input = build({
      creatives: [
        creative('JP', 'A1', {
          imageLinkPoints: [point(100, 100), point(148, 100), point(70, 267), { x: 101, y: 101 }],
        }),
        creative('EN', 'A1', { products: [{ coordinateX: 100, coordinateY: 430 }] }),
        creative('EN', 'B1', {
          linkDestinationUrl: 'https://example.com',
          products: [{ coordinateX: 100, coordinateY: 421 }],
        }),
      ],
    })
    expect(CHECKLIST_RULE_FNS.tapTarget(input)).toEqual([])
  })
})

describe('formLink', () => {
  const draft = (forms: PublishSettings['forms']) =>
    build({
      site: { popupCtas: [cta({ linkUrl: 'membership' })] },
      creatives: [
        creative('JP', 'A1', {
          linkDestinationUrl: 'contact',
          isInternalLink: true,
          products: [{ linkButtonUrl: 'form', isInternalLink: true }],
          imageLinkPoints: [{ x: 10, y: 10, linkUrl: 'contact', isInternalLink: true }],
        }),
      ],
      settings: [settings('JP', { forms }), settings('EN', { forms })],
    })

  it('finds links to forms that are off, a CTA in each language', () => {
    expect(CHECKLIST_RULE_FNS.formLink(draft(undefined))).toEqual([
      { rule: 'formLink', ...cell('JP', 'A1', 'linkDestinationUrl', { form: 'contact' }) },
      { rule: 'formLink', ...cell('JP', 'A1', 'products.0.linkButtonUrl', { form: 'homepage' }) },
      { rule: 'formLink', ...cell('JP', 'A1', 'imageLinkPoints.0.linkUrl', { form: 'contact' }) },
      { rule: 'formLink', ...popupCta(0, 'linkUrl', { form: 'membership' }, 'JP') },
      { rule: 'formLink', ...popupCta(0, 'linkUrl', { form: 'membership' }, 'EN') },
    ])
  })

  it('is quiet when the forms are on', () => {
    const on = { contact: { enabled: true }, homepage: { enabled: true }, membership: { enabled: true } }
    expect(CHECKLIST_RULE_FNS.formLink(draft(on as PublishSettings['forms']))).toEqual([])
  })
})

describe('externalLinks and linkUnreachable', () => {
  const draft = (links: Record<string, LinkFacts> = {}) =>
    build({
      site: {
        popupCtas: [cta(), cta({ linkUrl: 'https://cta.example/', isInternalLink: false })],
      },
      creatives: [
        creative('EN', 'A1', {
          linkDestinationUrl: ' https://a.example/x ',
          imageLinkPoints: [
            { x: 1, y: 1, linkUrl: 'mailto:a@example.com' },
            { x: 1, y: 1, linkUrl: 'http://b.example' },
          ],
          products: [
            { linkButtonUrl: 'https://a.example/x' },
            { linkButtonUrl: 'contact', isInternalLink: true },
          ],
        }),
        creative('JP', 'B1', { linkDestinationUrl: 'https://c.example' }),
        // Outside the grid and without media: neither is on the page.
        creative('JP', 'A3', { linkDestinationUrl: 'https://outside.example' }),
        creative('JP', 'A2', { mediaKey: null, linkDestinationUrl: 'https://nomedia.example' }),
      ],
      links,
    })

  it('lists every external link in language, grid and field order, CTAs last', () => {
    expect(externalLinks(draft())).toEqual([
      {
        url: 'https://c.example',
        lang: 'JP',
        position: 'B1',
        field: 'linkDestinationUrl',
        place: 'cell',
        ref: null,
      },
      {
        url: 'https://a.example/x',
        lang: 'EN',
        position: 'A1',
        field: 'linkDestinationUrl',
        place: 'cell',
        ref: null,
      },
      {
        url: 'http://b.example',
        lang: 'EN',
        position: 'A1',
        field: 'imageLinkPoints.1.linkUrl',
        place: 'cell',
        ref: null,
      },
      {
        url: 'https://a.example/x',
        lang: 'EN',
        position: 'A1',
        field: 'products.0.linkButtonUrl',
        place: 'cell',
        ref: null,
      },
      {
        url: 'https://cta.example/',
        lang: 'JP',
        position: null,
        field: 'linkUrl',
        place: 'popupCta',
        ref: '1',
      },
    ])
  })

  it('reports 4xx/5xx answers and failures at each place the address is written', () => {
    const input = draft({
      'https://a.example/x': { result: 'status', status: 404 },
      'http://b.example': { result: 'ok', status: 301 },
      'https://c.example': { result: 'unchecked' },
      'https://cta.example/': { result: 'failed', category: 'dns' },
    })
    expect(CHECKLIST_RULE_FNS.linkUnreachable(input)).toEqual([
      {
        rule: 'linkUnreachable',
        ...cell('EN', 'A1', 'linkDestinationUrl', { url: 'https://a.example/x', answer: 404 }),
      },
      {
        rule: 'linkUnreachable',
        ...cell('EN', 'A1', 'products.0.linkButtonUrl', { url: 'https://a.example/x', answer: 404 }),
      },
      { rule: 'linkUnreachable', ...popupCta(1, 'linkUrl', { url: 'https://cta.example/', answer: 'dns' }) },
    ])
  })

  it('is quiet for answers that are ok, unchecked or missing', () => {
    const input = draft({
      'https://a.example/x': { result: 'ok', status: 200 },
      'http://b.example': { result: 'status', status: 399 },
      'https://cta.example/': { result: 'unchecked' },
    })
    expect(CHECKLIST_RULE_FNS.linkUnreachable(input)).toEqual([])
  })
})

describe('ctaExpired', () => {
  it('finds CTAs whose end has passed', () => {
    const input = build({
      site: {
        popupCtas: [
          cta({ endDate: '2026-07-01T00:00:00Z' }),
          cta({ startDate: '2026-05-01T00:00:00Z', endDate: '2026-05-31T23:59:59+00:00' }),
        ],
      },
    })
    expect(CHECKLIST_RULE_FNS.ctaExpired(input)).toEqual([{ rule: 'ctaExpired', ...popupCta(1, 'endDate') }])
  })

  it('is quiet for CTAs without an end or ending now or later', () => {
    const input = build({ site: { popupCtas: [cta(), cta({ endDate: new Date(NOW).toISOString() })] } })
    expect(CHECKLIST_RULE_FNS.ctaExpired(input)).toEqual([])
  })
})

describe('ctaNoPages', () => {
  it('finds CTAs whose every page lies outside the 2 × 2 grid', () => {
    const input = build({
      site: { popupCtas: [cta({ effectiveSheets: [4] }), cta({ effectiveSheets: [5, 9] })] },
    })
    expect(CHECKLIST_RULE_FNS.ctaNoPages(input)).toEqual([
      { rule: 'ctaNoPages', ...popupCta(1, 'effectiveSheets') },
    ])
  })

  it('is quiet for CTAs on every page or with one page inside', () => {
    const input = build({
      site: { popupCtas: [cta({ effectiveSheets: [] }), cta({ effectiveSheets: [9, 3] })] },
    })
    expect(CHECKLIST_RULE_FNS.ctaNoPages(input)).toEqual([])
  })
})

describe('firstHtmlHeavy', () => {
  it('finds first pages over the first window, in kilobytes rounded up', () => {
    const input = build({
      firstHtml: [
        { lang: 'JP', gzipBytes: 13_501 },
        { lang: 'EN', gzipBytes: 13_500 },
      ],
    })
    expect(CHECKLIST_RULE_FNS.firstHtmlHeavy(input)).toEqual([
      {
        rule: 'firstHtmlHeavy',
        place: 'global',
        lang: 'JP',
        position: null,
        field: null,
        ref: null,
        params: { kb: 13.6, limitKb: 13.5 },
      },
    ])
  })

  it('is quiet for pages within it', () => {
    expect(
      CHECKLIST_RULE_FNS.firstHtmlHeavy(build({ firstHtml: [{ lang: 'JP', gzipBytes: 4_000 }] })),
    ).toEqual([])
  })
})

describe('firstCreativeHeavy', () => {
  const facts = (phoneBytes?: number): MediaFacts => ({ state: 'ready', mediaType: 'image', phoneBytes })
  it('finds an A1 whose phone image is over the budget', () => {
    expect(FIRST_CREATIVE_BUDGET_BYTES).toBe(200_000)
    const input = build({
      creatives: [creative('JP', 'A1'), creative('EN', 'A1'), creative('EN', 'B1')],
      media: { 'JP/A1.jpg': facts(200_001), 'EN/A1.jpg': facts(200_000), 'EN/B1.jpg': facts(900_000) },
    })
    expect(CHECKLIST_RULE_FNS.firstCreativeHeavy(input)).toEqual([
      { rule: 'firstCreativeHeavy', ...cell('JP', 'A1', 'mediaKey', { kb: 200.1, limitKb: 200 }) },
    ])
  })

  it('is quiet within the budget or while the size is unknown', () => {
    const input = build({ media: { 'JP/A1.jpg': facts(120_000), 'EN/A1.jpg': facts() } })
    expect(CHECKLIST_RULE_FNS.firstCreativeHeavy(input)).toEqual([])
  })
})

describe('seoMissing', () => {
  it('finds an empty title or description, and a language without settings', () => {
    const input = build({
      settings: [settings('JP', { seo: { title: ' ', h1: '見出し', description: '説明' } })],
    })
    expect(CHECKLIST_RULE_FNS.seoMissing(input)).toEqual([
      {
        rule: 'seoMissing',
        place: 'settings',
        lang: 'JP',
        position: null,
        field: 'seo.title',
        ref: null,
        params: {},
      },
      {
        rule: 'seoMissing',
        place: 'settings',
        lang: 'EN',
        position: null,
        field: 'seo.title',
        ref: null,
        params: {},
      },
      {
        rule: 'seoMissing',
        place: 'settings',
        lang: 'EN',
        position: null,
        field: 'seo.description',
        ref: null,
        params: {},
      },
    ])
  })

  it('is quiet when both are there', () => {
    expect(CHECKLIST_RULE_FNS.seoMissing(build())).toEqual([])
  })
})

describe('runRules', () => {
  it('orders items by rule, then the site language order, then cell in grid order, then field', () => {
    const input = build({
      site: { languages: ['EN', 'JP'], numberHorizontal: 2, numberVertical: 3, logoKey: 'logo.png' },
      creatives: [
        creative('JP', 'A2', { imageAlt: '' }),
        creative('JP', 'C1', { imageAlt: '' }),
        creative('EN', 'B1', {
          imageAlt: '',
          // Eleven tags clear of one another and of the arrows.
          products: Array.from({ length: 11 }, (_, i) => ({
            imagePath: `p${i}.png`,
            ...(i < 9
              ? { coordinateX: 47, coordinateY: 50 + 48 * i }
              : { coordinateX: 200, coordinateY: 50 + 48 * (i - 9) }),
          })),
        }),
      ],
      media: {
        'logo.png': { state: 'failed', mediaType: 'image' },
        'p2.png': { state: 'failed', mediaType: 'image' },
        'p10.png': { state: 'failed', mediaType: 'image' },
        'EN/B1.jpg': { state: 'failed', mediaType: 'image' },
      },
      blockingComments: [{ id: 'c9', cell: 'A1', lang: 'JP', text: 'NG' }],
    })
    expect(runRules(input).map((i) => [i.rule, i.lang, i.position, i.field])).toEqual([
      ['blockingComment', 'JP', 'A1', null],
      ['mediaFailed', null, null, 'logoKey'],
      ['mediaFailed', 'EN', 'B1', 'mediaKey'],
      ['mediaFailed', 'EN', 'B1', 'products.2.imagePath'],
      ['mediaFailed', 'EN', 'B1', 'products.10.imagePath'],
      ['imageAlt', 'EN', 'B1', 'imageAlt'],
      ['imageAlt', 'JP', 'C1', 'imageAlt'],
      ['imageAlt', 'JP', 'A2', 'imageAlt'],
    ])
  })
})
