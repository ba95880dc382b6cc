import { FORM_FIELD_CSS } from '@swipe/web-site/blocks/FormField.tsx'
import { FORM_SUBMIT_CSS } from '@swipe/web-site/blocks/FormSubmit.tsx'
import { fixtureSite } from '@swipe/web-site/fixture'
import { renderSitePages } from '@swipe/web-site/render'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FormField } from '../../api.ts'
import { FormPreview } from './FormPreview.tsx'

type Kind = 'contact' | 'membership' | 'homepage'

/** The page each form has on the published site (SPEC §2), by content language. */
const PAGES = { contact: 'contact', membership: 'register', homepage: 'forms' } as const
const PREFIX = { JP: '', EN: 'en/' } as const

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

/** A creator field with markup in its texts, and one of each input type. */
const EXTRA: FormField[] = [
  {
    typeInput: 'TEXT_BOX',
    title: '<b>お名前</b>',
    placeholder: '山田 <i>太郎</i>',
    isRequired: true,
    options: [],
  },
]

/** The fixture site with `fields` appended to one form, published; the form's fields and the form itself. */
const published = (kind: Kind, lang: 'JP' | 'EN', extra: readonly FormField[]) => {
  const input = fixtureSite()
  const forms = input.settings.find((s) => s.lang === lang)!.forms!
  const form = forms[kind]
  form.fields = [...(form.fields ?? []), ...extra]
  const file = renderSitePages(input).find((f) => f.path === `${PREFIX[lang]}${PAGES[kind]}/index.html`)!
  const page = new DOMParser().parseFromString(String(file.body), 'text/html')
  return { fields: form.fields as FormField[], form: page.querySelector('form[data-action]')! }
}

const preview = (kind: Kind, lang: 'JP' | 'EN', fields: readonly FormField[]) => {
  const { container } = render(<FormPreview title="form" fields={fields} kind={kind} lang={lang} />)
  return container.querySelector('[data-preview="form"]')!.shadowRoot!
}

/**
 * What a visitor sees of a published form's own settings: its creator fields, then its submit
 * button (the company texts and the agreement come from the company settings).
 */
const visible = (form: Element) =>
  [...form.querySelectorAll('[data-f], button[type=submit]')].filter(
    (element) => !element.closest('.co') && element.getAttribute('data-f') !== 'agreement',
  )

describe('the form preview', () => {
  it.each([
    ['homepage', 'EN'],
    ['membership', 'JP'],
    ['contact', 'JP'],
  ] as const)('renders the published %s form’s fields and button (%s)', (kind, lang) => {
    const site = published(kind, lang, EXTRA)
    const shadow = preview(kind, lang, site.fields)
    const shown = [...shadow.querySelector('.fp')!.children]
    const page = visible(site.form)
    // Every creator field and the button, in the same order, with the same markup and words.
    expect(page).toHaveLength(site.fields.length + 1)
    expect(shown.map(canonical)).toEqual(page.map(canonical))
    // Creator text stays text.
    expect(shadow.querySelector('.fp b, .fp i')).toBeNull()
    expect(shadow.textContent).toContain('<b>お名前</b>')
  })

  it('says the language’s own button words: 登録する for membership, 送信する / Send for the others', () => {
    const label = (kind: Kind, lang: 'JP' | 'EN') =>
      preview(kind, lang, []).querySelector('button.sb')?.textContent
    expect([label('membership', 'JP'), label('contact', 'JP'), label('homepage', 'EN')]).toEqual([
      '登録する',
      '送信する',
      published('homepage', 'EN', []).form.querySelector('button.sb')!.textContent,
    ])
    expect(label('homepage', 'EN')).not.toBe('送信する')
  })

  it('takes its stylesheet from the site’s field and button blocks, inside its shadow root', () => {
    const css = preview('homepage', 'JP', EXTRA).querySelector('style')!.textContent!
    const pageCss = published('homepage', 'JP', []).form.ownerDocument.querySelector('style')!.textContent!
    expect(css).toContain(FORM_FIELD_CSS)
    expect(css).toContain(FORM_SUBMIT_CSS)
    expect(pageCss).toContain(FORM_SUBMIT_CSS.replace(/\n/g, ''))
    expect(document.head.textContent).not.toContain('.sb,.bt{')
  })
})
