import { CTA_ANIMATION_CSS } from '@swipe/web-site/blocks/Cta.tsx'
import { fixtureSite } from '@swipe/web-site/fixture'
import { renderSitePages } from '@swipe/web-site/render'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PopupCta } from '../../api.ts'
import { CtaPreview } from './CtaPreview.tsx'

const NOW = Date.parse('2026-11-22T03:00:00.000Z')

const CTA: PopupCta = {
  kind: 'APPLICANT_LIMIT',
  isInternalLink: true,
  linkUrl: 'contact',
  localized: [
    { lang: 'JP', content: '先着<b>20名</b>様限定' },
    { lang: 'EN', content: 'First <b>20</b> only' },
  ],
  linkButtonColor: '#123456',
  linkTextColor: '#FFEE00',
  startDate: new Date(NOW - 3_600_000).toISOString(),
  endDate: new Date(NOW + 90 * 60_000).toISOString(),
  limit: '20',
  showRemainingTime: true,
  showRemainingSlots: true,
  effectiveSheets: [1, 2],
  animation: 'PULSE',
  displayPosition: 'TOP',
}

/** An element tree as comparable data: attributes sorted, styles as the CSSOM reads them. */
const canonical = (node: Node): unknown => {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.textContent
  const element = node as HTMLElement
  const attributes = [...element.attributes]
    .filter((a) => a.name !== 'style')
    .map((a) => `${a.name}=${a.value}`)
    .sort()
  return [element.tagName, attributes, element.style?.cssText ?? '', [...element.childNodes].map(canonical)]
}

/** The site published with this one CTA (default language JP, on its own host), one language's page parsed. */
const published = (path = 'index.html') => {
  const input = fixtureSite({ now: new Date(NOW).toISOString() })
  input.site.popupCtas = [CTA]
  const html = String(renderSitePages(input).find((f) => f.path === path)!.body)
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('the CTA preview', () => {
  it('renders the published CTA block’s markup, shown instead of hidden', () => {
    const { container } = render(
      <CtaPreview cta={CTA} imageUrl={undefined} lang="JP" defaultLanguage="JP" now={NOW} />,
    )
    const shadow = container.querySelector('[data-preview="cta"]')!.shadowRoot!
    const preview = shadow.querySelector('.ctas')!
    const page = published().querySelector('.ctas')!
    const site = page.querySelector('section.cta')!
    // The page's CTA waits hidden for the island; the preview shows it. Nothing else differs.
    expect(site.hasAttribute('hidden')).toBe(true)
    site.removeAttribute('hidden')
    expect(canonical(preview)).toEqual(canonical(page))
    // Creator text stays text.
    expect(preview.querySelector('b')).toBeNull()
    expect(preview.textContent).toContain('先着<b>20名</b>様限定')
  })

  it('shows the words of the language being edited, as that language’s page does', () => {
    const { container } = render(
      <CtaPreview cta={CTA} imageUrl={undefined} lang="EN" defaultLanguage="JP" now={NOW} />,
    )
    const preview = container.querySelector('[data-preview="cta"]')!.shadowRoot!.querySelector('.ctas')!
    const page = published('en/index.html').querySelector('.ctas')!
    page.querySelector('section.cta')!.removeAttribute('hidden')
    expect(canonical(preview)).toEqual(canonical(page))
    expect(preview.textContent).toContain('First <b>20</b> only')
    // …which is not the Japanese page's CTA.
    const japanese = published().querySelector('.ctas')!
    japanese.querySelector('section.cta')!.removeAttribute('hidden')
    expect(canonical(preview)).not.toEqual(canonical(japanese))
  })

  it('takes its stylesheet and animation timing from the site’s CTA block', () => {
    const { container } = render(
      <CtaPreview cta={CTA} imageUrl={undefined} lang="JP" defaultLanguage="JP" now={NOW} />,
    )
    const css = container.querySelector('[data-preview="cta"]')!.shadowRoot!.querySelector('style')!
      .textContent!
    const pageCss = published().querySelector('style')!.textContent!
    expect(CTA_ANIMATION_CSS.PULSE).toContain('animation:pu 1.6s')
    expect(CTA_ANIMATION_CSS.PULSE).toContain('scale(1.05)')
    expect(css).toContain(CTA_ANIMATION_CSS.PULSE)
    expect(pageCss).toContain(CTA_ANIMATION_CSS.PULSE)
    expect(css).toContain('.cta .cb{')
    expect(css).toContain('prefers-reduced-motion:reduce')
    // Nothing of the site's CSS leaves the shadow root for the console's document.
    expect(document.head.textContent).not.toContain('.cta .cb{')
  })
})
