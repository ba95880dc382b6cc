import { DIALOG_CSS } from '@swipe/web-site/blocks/BottomBar.tsx'
import { fixtureSite } from '@swipe/web-site/fixture'
import { renderSitePages } from '@swipe/web-site/render'
import { render, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Company } from '../../api.ts'
import { CompanySection } from './CompanySection.tsx'

/** A company with markup in its texts, a blank clause (no tab for it) and a website. */
const COMPANY: Company = {
  companyWebsite: 'https://example.com/about',
  companyProfile: '株式会社<b>サンプル</b>\n東京都千代田区1-1-1',
  companyClause: '   ',
  termsOfService: '第1条（適用）\n<script>window.__pwned = true</script>',
  privacyPolicy: '当社は<img src=x onerror="window.__pwned = true">個人情報を適切に取り扱います。',
  contractAgreementRequired: false,
  showInForm: false,
  showInMemberShip: false,
  showInContact: false,
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

/**
 * The fixture site published with `COMPANY` in both languages; the language's company dialog as a
 * visitor has it after the island filled it: each panel's text put in as text from the published
 * JSON (`data-src`), the way `client/main.ts` does on first opening.
 */
const publishedDialog = (lang: 'JP' | 'EN') => {
  const input = fixtureSite()
  for (const settings of input.settings) settings.company = { ...COMPANY }
  const files = renderSitePages(input)
  const html = String(files.find((f) => f.path === (lang === 'JP' ? 'index.html' : 'en/index.html'))!.body)
  const page = new DOMParser().parseFromString(html, 'text/html')
  const dialog = page.querySelector('dialog#co')!
  const src = dialog.getAttribute('data-src')!
  const json = files.find((f) => src.endsWith(f.path))!
  const { texts } = JSON.parse(String(json.body)) as { texts: string[] }
  for (const panel of dialog.querySelectorAll('[role=tabpanel]'))
    panel.textContent = texts[Number(panel.id.slice(4))]!
  return { dialog, css: page.querySelector('style')!.textContent! }
}

/**
 * The one panel not `hidden` (read from the attribute: jsdom keeps stale computed styles inside a
 * shadow root, so role queries would see the panel shown before the switch).
 */
const shownPanel = (dialog: Element) => {
  const shown = [...dialog.querySelectorAll<HTMLElement>('[role=tabpanel]')].filter((p) => !p.hidden)
  expect(shown).toHaveLength(1)
  return shown[0]!
}

const renderPreview = (lang: 'JP' | 'EN', company: Company = COMPANY) => {
  const user = userEvent.setup()
  const { container } = render(
    <CompanySection company={company} lang={lang} onChange={() => {}} problems={[]} />,
  )
  const shadow = container.querySelector('[data-preview="company"]')!.shadowRoot!
  return { user, shadow, dialog: shadow.querySelector('dialog')! }
}

describe('the company preview', () => {
  it.each(['JP', 'EN'] as const)(
    'is the published company dialog, filled as the island fills it (%s)',
    (lang) => {
      const { dialog } = renderPreview(lang)
      const site = publishedDialog(lang).dialog
      // The preview shows the dialog open in its flow and fills it from memory; the page keeps it
      // closed and names the JSON the island reads. Nothing else differs.
      expect(dialog.hasAttribute('open')).toBe(true)
      dialog.removeAttribute('open')
      expect(site.hasAttribute('data-src')).toBe(true)
      site.removeAttribute('data-src')
      expect(canonical(dialog)).toEqual(canonical(site))
      // The tabs with text, in the page's words of the language being edited, and the website link.
      const words = {
        JP: ['会社概要', '利用規約', 'プライバシーポリシー'],
        EN: ['Company profile', 'Terms of use', 'Privacy policy'],
      }
      expect([...dialog.querySelectorAll('[role=tab]')].map((tab) => tab.textContent)).toEqual(words[lang])
      expect(dialog.querySelector<HTMLAnchorElement>('.db a')!.href).toBe('https://example.com/about')
    },
  )

  it('switches tabs by mouse and keyboard and shows each text as text, never run', async () => {
    const { user, shadow, dialog } = renderPreview('JP')
    const panel = () => shownPanel(dialog)
    const tab = (name: string) => within(dialog).getByRole('tab', { name })
    expect(panel().id).toBe('co-p0')
    expect(panel().textContent).toBe(COMPANY.companyProfile)

    await user.click(tab('利用規約'))
    expect(panel().id).toBe('co-p2')
    expect(panel().textContent).toBe(COMPANY.termsOfService)
    expect(tab('利用規約').getAttribute('aria-selected')).toBe('true')
    expect(tab('会社概要').getAttribute('aria-selected')).toBe('false')
    expect(shadow.activeElement).toBe(tab('利用規約'))

    await user.keyboard('{ArrowRight}')
    expect(panel().textContent).toBe(COMPANY.privacyPolicy)
    expect(shadow.activeElement).toBe(tab('プライバシーポリシー'))
    await user.keyboard('{ArrowRight}')
    expect(panel().textContent).toBe(COMPANY.companyProfile)
    await user.keyboard('{End}')
    expect(panel().id).toBe('co-p3')
    await user.keyboard('{Home}')
    expect(panel().id).toBe('co-p0')

    // Markup in the texts stays text.
    expect(dialog.querySelector('[role=tabpanel] b, [role=tabpanel] script, [role=tabpanel] img')).toBeNull()
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
  })

  it('follows edits: a new text adds its tab, and the chosen tab stays chosen', async () => {
    const user = userEvent.setup()
    const props = { lang: 'JP' as const, onChange: () => {}, problems: [] }
    const { container, rerender } = render(<CompanySection company={COMPANY} {...props} />)
    const dialog = () =>
      container.querySelector('[data-preview="company"]')!.shadowRoot!.querySelector('dialog')!
    await user.click(within(dialog()).getByRole('tab', { name: 'プライバシーポリシー' }))

    rerender(
      <CompanySection company={{ ...COMPANY, companyClause: '販売業者：株式会社サンプル' }} {...props} />,
    )
    expect([...dialog().querySelectorAll('[role=tab]')].map((tab) => tab.id)).toEqual([
      'co-t0',
      'co-t1',
      'co-t2',
      'co-t3',
    ])
    expect(shownPanel(dialog()).id).toBe('co-p3')
    expect(
      within(dialog()).getByRole('tab', { name: 'プライバシーポリシー' }).getAttribute('aria-selected'),
    ).toBe('true')

    rerender(<CompanySection company={{ ...COMPANY, privacyPolicy: 'Updated policy' }} {...props} />)
    // The chosen tab stays chosen while it exists, and shows the edited text.
    expect(shownPanel(dialog()).textContent).toBe('Updated policy')
    rerender(<CompanySection company={{ ...COMPANY, privacyPolicy: '' }} {...props} />)
    // Gone: the first tab is chosen again, as the page opens it.
    expect(shownPanel(dialog()).id).toBe('co-p0')
    expect(
      within(dialog())
        .getAllByRole('tab', { selected: true })
        .map((tab) => tab.id),
    ).toEqual(['co-t0'])
  })

  it('takes its stylesheet from the site’s dialog block, inside its shadow root', () => {
    const { shadow } = renderPreview('JP')
    const css = shadow.querySelector('style')!.textContent!
    expect(css).toContain(DIALOG_CSS)
    expect(publishedDialog('JP').css).toContain(DIALOG_CSS.replace(/\n/g, ''))
    expect(document.head.textContent).not.toContain('[role=tabpanel]{')
  })
})
