import { cspGaps, EXAMPLE_VENDORS, enabledVendors, SiteTagsSchema } from '@swipe/shared/site/tags-vendors'
import { describe, expect, it } from 'vitest'
import { SITE_CSP } from '../../infra/lib/sites/headers.ts'
import { fixtureSite } from './fixture.ts'
import { renderSitePages } from './render.tsx'
import type { PublishInput, RenderedFile } from './types.ts'

/** Ad tags on the published page (shared/src/site/tags-vendors.ts, blocks/Consent.tsx). */

const TAGS = {
  vendors: {
    gtm: { containerId: 'GTM-ABC1234' },
    metaPixel: { pixelId: '123456789012345' },
    lineTag: { tagId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' },
  },
  consent: 'opt-in' as const,
}

const render = (adTags?: unknown) => {
  const input = fixtureSite() as PublishInput & { site: { adTags?: unknown } }
  if (adTags !== undefined) input.site.adTags = adTags as never
  return renderSitePages(input)
}
const text = (files: RenderedFile[], path: string) => {
  const file = files.find((f) => f.path === path)
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(', ')}`)
  return String(file.body)
}
const doc = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('a site with ad tags', () => {
  it('writes one first-party tags file and a notice page per language, and links them', () => {
    const files = render(TAGS)
    const tagsFiles = files.filter((f) => /^assets\/tags\.[0-9a-f]{12}\.js$/.test(f.path))
    expect(tagsFiles).toHaveLength(1)
    const [tags] = tagsFiles
    expect(tags!.cacheControl).toMatch(/immutable/)
    // The file carries the validated IDs and no vendor code of a vendor that is off.
    expect(String(tags!.body)).toContain('GTM-ABC1234')
    expect(String(tags!.body)).not.toContain('analytics.tiktok.com')
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['external-transmission/index.html', 'en/external-transmission/index.html']),
    )

    const page = doc(text(files, 'index.html'))
    // Named for the island, which loads it after the first paint; no script tag, no inline vendor code.
    expect(page.body.dataset.tags).toBe(`/${tags!.path}`)
    expect(page.querySelector(`script[src="/${tags!.path}"]`)).toBeNull()
    expect([...page.querySelectorAll('script:not([src])')].map((s) => s.textContent)).not.toContain(
      expect.stringContaining('GTM-'),
    )
    // The banner is hidden until the island sees no stored choice; both choices alike.
    const banner = page.getElementById('cs')!
    expect(banner.hidden).toBe(true)
    expect([...banner.querySelectorAll('button')].map((b) => [b.dataset.consent, b.textContent])).toEqual([
      ['denied', '同意しない'],
      ['granted', '同意する'],
    ])
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/external-transmission')
    // The bottom bar and the company modal link the notice too.
    expect(page.querySelector('#bb a[href="/external-transmission"]')?.textContent).toBe(
      '外部送信に関する公表事項',
    )
    expect(page.querySelector('#co a[href="/external-transmission"]')).not.toBeNull()
  })

  it('lists exactly the enabled vendors on the notice, in the page’s language', () => {
    const files = render(TAGS)
    const ja = doc(text(files, 'external-transmission/index.html'))
    expect([...ja.querySelectorAll('tbody tr')].map((tr) => (tr as HTMLElement).dataset.vendor)).toEqual([
      'gtm',
      'metaPixel',
      'lineTag',
    ])
    expect(ja.documentElement.lang).toBe('ja')
    expect(ja.querySelector('h1')?.textContent).toBe('外部送信に関する公表事項')
    expect(ja.querySelector('tbody')?.textContent).toContain('Meta Platforms')
    const en = doc(text(files, 'en/external-transmission/index.html'))
    expect(en.documentElement.lang).toBe('en')
    expect(en.querySelector('h1')?.textContent).toBe('External transmission of information')
    expect(en.querySelectorAll('tbody tr')).toHaveLength(3)
    // Back to the page, where the banner opens again.
    expect(en.querySelector('body > p:last-child a')?.getAttribute('href')).toBe('/en/#consent')
  })

  it('shows no banner in notice-only mode, but still the notice and its links', () => {
    const files = render({ ...TAGS, consent: 'notice-only' })
    const page = doc(text(files, 'index.html'))
    expect(page.getElementById('cs')).toBeNull()
    expect(page.querySelector('#bb a[href="/external-transmission"]')).not.toBeNull()
    expect(files.some((f) => f.path === 'external-transmission/index.html')).toBe(true)
  })

  it('renders nothing of it without tags, with every vendor off, or with a setting that does not parse', () => {
    for (const adTags of [
      undefined,
      null,
      { vendors: {}, consent: 'opt-in' },
      { vendors: { gtm: { containerId: 'nope' } } },
    ]) {
      const files = render(adTags)
      expect(files.some((f) => f.path.includes('tags.') || f.path.includes('external-transmission'))).toBe(
        false,
      )
      const page = doc(text(files, 'index.html'))
      expect(page.getElementById('cs')).toBeNull()
      expect(page.body.innerHTML).not.toContain('external-transmission')
    }
  })

  it('needs nothing of the page’s CSP that it does not allow, for any vendor', () => {
    const all = SiteTagsSchema.parse({ vendors: EXAMPLE_VENDORS })
    expect(enabledVendors(all)).toHaveLength(8)
    for (const vendor of enabledVendors(all)) expect(cspGaps(SITE_CSP, vendor), vendor).toEqual([])
  })
})
