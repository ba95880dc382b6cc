import { FORM_TEXTS } from '@swipe/shared/site/texts'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { Field, FORM_FIELD_CSS, fieldModel } from './FormField.tsx'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('the form field block: multi-line text', () => {
  it('renders a labelled textarea with the field’s placeholder, required flag and 5,000-character limit', () => {
    const field = fieldModel(
      {
        id: 'consult',
        typeInput: 'TEXT_AREA',
        title: 'ご相談内容',
        placeholder: 'できるだけ詳しく',
        isRequired: true,
        options: [],
      },
      3,
      'contact',
    )
    expect(field).toMatchObject({ name: 'consult', id: 'f3', control: 'textarea', maxLength: 5000 })
    const doc = parse(renderToStaticMarkup(<Field field={field} t={FORM_TEXTS.JP} />))
    const area = doc.querySelector('textarea')!
    expect(doc.querySelector('input')).toBeNull()
    expect(doc.querySelector('label')?.getAttribute('for')).toBe('f3')
    expect(doc.querySelector('label')?.textContent).toBe(`ご相談内容${FORM_TEXTS.JP.required}`)
    expect({
      id: area.id,
      name: area.name,
      required: area.required,
      placeholder: area.placeholder,
      maxLength: area.maxLength,
      rows: area.rows,
      describedBy: area.getAttribute('aria-describedby'),
    }).toEqual({
      id: 'f3',
      name: 'consult',
      required: true,
      placeholder: 'できるだけ詳しく',
      maxLength: 5000,
      rows: 6,
      describedBy: 'f3-e',
    })
    expect(FORM_FIELD_CSS).toContain('.f textarea{min-height:140px;resize:vertical')
  })

  it('gives a new contact form its required message field on the published contact page', () => {
    const files = renderSitePages(fixtureSite())
    for (const [path, title] of [
      ['contact/index.html', 'お問い合わせ内容'],
      ['en/contact/index.html', 'Message'],
    ] as const) {
      const doc = parse(String(files.find((f) => f.path === path)!.body))
      const area = doc.querySelector<HTMLTextAreaElement>('form textarea[name=message]')
      expect(area?.required, path).toBe(true)
      expect(doc.querySelector(`label[for="${area!.id}"]`)?.textContent).toContain(title)
    }
  })
})
