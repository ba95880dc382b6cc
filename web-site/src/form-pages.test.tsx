import { FORM_TEXTS } from '@swipe/shared/site/texts'
import { describe, expect, it } from 'vitest'
import { fixtureSite } from './fixture.ts'
import { formsScriptPath, renderSitePages } from './render.tsx'
import { wholePage } from './testing/whole-page.ts'
import type { PublishFormField, PublishInput, RenderedFile } from './types.ts'

const EVIL = `<script>alert("x")</script>"'&<b>`
const PAGES = [
  'register',
  'register-success',
  'register-complete',
  'login',
  'contact',
  'contact-success',
  'forms',
  'form-success',
]

const page = (files: RenderedFile[], path: string) => {
  const file = files.find((f) => f.path === path)
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(', ')}`)
  return String(file.body)
}
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const render = (change?: (input: PublishInput) => void) => {
  const input = fixtureSite()
  input.analyticsEndpoint = '/api/v1/analytics/events'
  change?.(input)
  return renderSitePages(input)
}
const doc = (files: RenderedFile[], path: string) => parse(page(files, path))
/** A swipe page as the island leaves it, its cells file's cells in (docs/decisions/0074-first-screen-first.md). */
const filled = (files: RenderedFile[], path: string) => parse(wholePage(files, path))
const settingsOf = (input: PublishInput, lang: string) => input.settings.find((s) => s.lang === lang)!
const paths = (files: RenderedFile[]) => files.map((f) => f.path)

describe('form pages: files', () => {
  it('writes every page of each language beside its swipe page, the default language without a segment', () => {
    const files = render()
    for (const name of PAGES) {
      expect(paths(files)).toContain(`${name}/index.html`)
      expect(paths(files)).toContain(`en/${name}/index.html`)
      expect(paths(files)).not.toContain(`ja/${name}/index.html`)
    }
    const forms = files.find((f) => f.path === formsScriptPath())!
    expect(forms.path).toMatch(/^assets\/forms\.[0-9a-f]{12}\.js$/)
    expect(forms.contentType).toBe('text/javascript; charset=utf-8')
    expect(forms.cacheControl).toBe('public, max-age=31536000, immutable')
    for (const f of files.filter((f) => f.path.endsWith('/index.html') && f.path !== 'ja/index.html')) {
      expect(f.contentType).toBe('text/html; charset=utf-8')
      expect(f.cacheControl).toBe('public, max-age=0, must-revalidate')
    }
  })

  it('renders each page in its language with the site frame’s top bar and only the forms script', () => {
    const files = render()
    const ja = doc(files, 'contact/index.html')
    const en = doc(files, 'en/contact/index.html')
    expect([ja.documentElement.lang, en.documentElement.lang]).toEqual(['ja', 'en'])
    expect(ja.querySelector('h1')?.textContent).toBe('お問い合わせ')
    expect(en.querySelector('h1')?.textContent).toBe('Contact us')
    expect(ja.title).toBe('お問い合わせ | デモサイト | スワイプLP')
    expect(en.querySelector('.tb a.lo')?.getAttribute('href')).toBe('/en/')
    expect(en.querySelector('.tb a.bk')?.getAttribute('href')).toBe('/en/')
    expect(en.querySelector('.tb a.bk')?.textContent).toBe('← Back to the site')
    const scripts = [...ja.querySelectorAll('script')]
    expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src')])).toEqual([
      ['module', `/${formsScriptPath()}`],
    ])
    expect(ja.querySelector('style')?.textContent).toContain('.er:empty{display:none}')
    expect(ja.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex')
    const body = ja.body.dataset
    expect([body.site, body.lang, body.root, body.page, body.api]).toEqual([
      'demo-site',
      'ja',
      '/',
      'contact',
      '/api/v1',
    ])
    expect(body.tRequired).toBe('この項目は必須です。')
    // The swipe page never loads the forms script.
    expect(page(files, 'index.html')).not.toContain('assets/forms.')
  })

  it('builds every link under /sites/{siteId}/ in the path form', () => {
    const files = render((input) => {
      input.address = { form: 'path' }
    })
    const register = doc(files, 'en/register/index.html')
    expect(register.querySelector('form')?.dataset.next).toBe('/sites/demo-site/en/register-success')
    expect(register.querySelector('.al a')?.getAttribute('href')).toBe('/sites/demo-site/en/login')
    expect(register.querySelector('script')?.getAttribute('src')).toBe(
      `/sites/demo-site/${formsScriptPath()}`,
    )
    expect(register.body.dataset.root).toBe('/sites/demo-site/')
  })

  it('gives each form its action and the page a success leads to', () => {
    const files = render()
    const form = (path: string) => doc(files, path).querySelector('form')!.dataset
    expect(form('register/index.html')).toMatchObject({ action: 'register', next: '/register-success' })
    expect(form('login/index.html')).toMatchObject({ action: 'login', next: '/' })
    expect(form('en/contact/index.html')).toMatchObject({ action: 'contact', next: '/en/contact-success' })
    expect(form('forms/index.html')).toMatchObject({ action: 'homepage', next: '/form-success' })
    expect(form('register-success/index.html').action).toBe('resend-register-email')
    for (const path of ['register/index.html', 'login/index.html', 'contact/index.html']) {
      const f = doc(files, path).querySelector('form')!
      // Posted, never a GET that would put a password in the URL; the island validates.
      expect(f.getAttribute('method')).toBe('post')
      expect(f.noValidate).toBe(true)
      expect(f.querySelector('button[type=submit]')).not.toBeNull()
      expect(f.querySelector('.ms')?.getAttribute('aria-live')).toBe('polite')
    }
  })

  it('never writes the contact form’s recipient email', () => {
    for (const file of render()) expect(String(file.body)).not.toContain('owner@example.com')
  })
})

describe('form pages: fields from the form configuration', () => {
  it('renders the creator’s fields with their names, types, required flags, placeholders and defaults', () => {
    const forms = doc(render(), 'forms/index.html')
    const email = forms.querySelector<HTMLInputElement>('#f0')!
    expect([email.name, email.type, email.required, email.placeholder, email.autocomplete]).toEqual([
      'email',
      'email',
      true,
      'example@example.com',
      'email',
    ])
    expect(forms.querySelector('label[for=f0]')?.textContent).toBe('メールアドレス必須')
    const company = forms.querySelector<HTMLInputElement>('#f1')!
    expect([company.name, company.type, company.required]).toEqual(['company', 'text', true])
    const plan = forms.querySelector<HTMLSelectElement>('#f2')!
    expect([plan.name, plan.required, plan.value]).toEqual(['plan', true, 'スタンダード'])
    expect([...plan.options].map((o) => o.value)).toEqual(['ライト', 'スタンダード'])
    const topics = forms.querySelector<HTMLFieldSetElement>('fieldset[data-f=topics]')!
    expect(topics.querySelector('legend')?.textContent).toBe('興味のある内容')
    expect(
      [...topics.querySelectorAll<HTMLInputElement>('input')].map((i) => [
        i.type,
        i.name,
        i.value,
        i.checked,
      ]),
    ).toEqual([
      ['checkbox', 'topics', '新商品', false],
      ['checkbox', 'topics', 'セール', false],
    ])
    expect(topics.getAttribute('aria-describedby')).toBe('f3-e')
    const people = forms.querySelector<HTMLInputElement>('#f4')!
    expect([people.name, people.type, people.required, people.placeholder]).toEqual([
      'people',
      'number',
      false,
      '1',
    ])
    // Each control is described by its (empty) error slot; each field names its input for the island.
    for (const id of ['f0', 'f1', 'f2', 'f4']) {
      expect(forms.getElementById(id)?.getAttribute('aria-describedby')).toBe(`${id}-e`)
      expect(forms.getElementById(`${id}-e`)?.textContent).toBe('')
    }
    expect([...forms.querySelectorAll<HTMLElement>('[data-f]')].map((f) => f.dataset.f)).toEqual([
      'email',
      'company',
      'plan',
      'topics',
      'people',
    ])
  })

  it('names a field without key or id by its place, ticks checkbox defaults and offers a prompt when a dropdown has no default', () => {
    const files = render((input) => {
      const fields = settingsOf(input, 'JP').forms!.homepage!.fields as PublishFormField[]
      fields.push(
        { typeInput: 'TEXT_BOX', title: '備考', placeholder: '', isRequired: false },
        {
          typeInput: 'SELECT',
          title: '地域',
          placeholder: '地域を選ぶ',
          isRequired: true,
          options: [{ value: '東京' }, { value: '大阪' }],
        },
        {
          typeInput: 'SELECT_OPTIONS',
          title: '連絡方法',
          isRequired: true,
          options: [{ value: 'メール', isDefault: true }, { value: '電話' }],
        },
      )
    })
    const forms = doc(files, 'forms/index.html')
    expect(forms.querySelector<HTMLInputElement>('#f5')?.name).toBe('field_6')
    const region = forms.querySelector<HTMLSelectElement>('#f6')!
    expect(region.name).toBe('field_7')
    expect([...region.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', '地域を選ぶ'],
      ['東京', '東京'],
      ['大阪', '大阪'],
    ])
    expect(region.value).toBe('')
    const ways = [...forms.querySelectorAll<HTMLInputElement>('fieldset[data-f=field_8] input')]
    expect(ways.map((i) => i.checked)).toEqual([true, false])
    expect(forms.querySelector<HTMLElement>('fieldset[data-f=field_8]')?.dataset.r).toBe('')
  })

  it('requires email and passwords whatever their flag says, as the API does', () => {
    const files = render((input) => {
      const fields = settingsOf(input, 'JP').forms!.membership!.fields as PublishFormField[]
      for (const field of fields) field.isRequired = false
    })
    const register = doc(files, 'register/index.html')
    expect([...register.querySelectorAll<HTMLInputElement>('#f0,#f1,#f2')].map((i) => i.required)).toEqual([
      true,
      true,
      true,
    ])
  })

  it('signs in with the membership form’s email and password', () => {
    const login = doc(render(), 'en/login/index.html')
    const inputs = [...login.querySelectorAll<HTMLInputElement>('form input')]
    expect(inputs.map((i) => [i.name, i.type, i.required, i.autocomplete])).toEqual([
      ['email', 'email', true, 'email'],
      ['password', 'password', true, 'current-password'],
    ])
    expect(login.querySelector('label[for=f0]')?.textContent).toBe('Email addressRequired')
    expect(login.querySelector('.al a')?.getAttribute('href')).toBe('/en/register')
  })

  it('asks for a new password twice on sign-up', () => {
    const register = doc(render(), 'register/index.html')
    expect(
      [...register.querySelectorAll<HTMLInputElement>('input[type=password]')].map((i) => [
        i.name,
        i.autocomplete,
        i.maxLength,
      ]),
    ).toEqual([
      ['password', 'new-password', 128],
      ['confirm_password', 'new-password', 128],
    ])
  })

  it('has a honeypot no person fills: off screen, hidden from assistive technology, out of the tab order', () => {
    const files = render()
    for (const path of [
      'register/index.html',
      'contact/index.html',
      'forms/index.html',
      'register-success/index.html',
    ]) {
      const trap = doc(files, path).querySelector<HTMLInputElement>('input[name=website]')!
      expect([trap.type, trap.tabIndex, trap.getAttribute('autocomplete')]).toEqual(['text', -1, 'off'])
      expect(trap.closest('.hp')?.getAttribute('aria-hidden')).toBe('true')
      expect(trap.labels?.[0]?.textContent).toBe('この欄は空のままにしてください')
      expect(trap.required).toBe(false)
    }
    expect(doc(files, 'forms/index.html').querySelector('style')?.textContent).toContain(
      '.hp{position:absolute;left:-10000px',
    )
    // The sign-in request has no honeypot field.
    expect(doc(files, 'login/index.html').querySelector('input[name=website]')).toBeNull()
  })
})

describe('form pages: the company and the agreement', () => {
  it('shows the company’s texts and the agreement on the forms that show the company when it is required', () => {
    const files = render()
    const register = doc(files, 'register/index.html')
    const agreement = register.querySelector<HTMLInputElement>('input[name=agreement]')!
    expect([agreement.type, agreement.required, agreement.getAttribute('aria-describedby')]).toEqual([
      'checkbox',
      true,
      'fa-e',
    ])
    expect(agreement.closest('label')?.textContent).toBe('利用規約とプライバシーポリシーに同意する')
    const texts = [...register.querySelectorAll('.co details')].map((d) => [
      d.querySelector('summary')?.textContent,
      d.querySelector('div')?.textContent,
    ])
    expect(texts).toContainEqual(['利用規約', '第1条（適用）\n本規約は…'])
    expect(texts).toContainEqual(['プライバシーポリシー', '当社は個人情報を適切に取り扱います。'])
    expect(doc(files, 'en/contact/index.html').querySelector('input[name=agreement]')).not.toBeNull()
    // showInForm is off: the homepage form shows neither.
    const forms = doc(files, 'forms/index.html')
    expect(forms.querySelector('input[name=agreement]')).toBeNull()
    expect(forms.querySelector('.co')).toBeNull()
  })

  it('has no agreement checkbox when Contract Agreement Required is OFF, and no company where it is not shown', () => {
    const files = render((input) => {
      settingsOf(input, 'JP').company!.contractAgreementRequired = false
      settingsOf(input, 'EN').company!.showInContact = false
    })
    const register = doc(files, 'register/index.html')
    expect(register.querySelector('input[name=agreement]')).toBeNull()
    expect(register.querySelectorAll('.co details')).toHaveLength(4)
    const contact = doc(files, 'en/contact/index.html')
    expect(contact.querySelector('input[name=agreement]')).toBeNull()
    expect(contact.querySelector('.co')).toBeNull()
  })
})

describe('form pages: escaping', () => {
  it('escapes creator text everywhere on the form pages', () => {
    const files = render((input) => {
      const settings = settingsOf(input, 'JP')
      const forms = settings.forms!
      forms.contact!.companyName = EVIL
      for (const field of forms.homepage!.fields as PublishFormField[]) {
        Object.assign(field, { title: EVIL, placeholder: EVIL })
        if (field.options?.length) field.options = [{ value: EVIL, isDefault: true }, { value: 'x' }]
      }
      Object.assign(settings.company!, { termsOfService: EVIL, showInForm: true })
    })
    for (const path of ['contact/index.html', 'forms/index.html', 'register/index.html']) {
      const html = page(files, path)
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('<b>')
    }
    const forms = doc(files, 'forms/index.html')
    expect(forms.querySelector('label[for=f0]')?.textContent).toBe(`${EVIL}必須`)
    expect(forms.querySelector<HTMLInputElement>('#f0')?.placeholder).toBe(EVIL)
    expect(forms.querySelector<HTMLSelectElement>('#f2')?.value).toBe(EVIL)
    expect(forms.querySelector<HTMLInputElement>('fieldset input')?.value).toBe(EVIL)
    expect([...forms.querySelectorAll('.co details div')].map((d) => d.textContent)).toContain(EVIL)
    expect(doc(files, 'contact/index.html').querySelector('.ld')?.textContent).toBe(EVIL)
    expect(forms.querySelectorAll('script')).toHaveLength(1)
  })
})

describe('form pages: disabled forms', () => {
  it('writes a "not accepting" page for a disabled form’s entry page and shows the swipe page’s links to it as unavailable', () => {
    const files = render((input) => {
      settingsOf(input, 'JP').forms!.contact!.enabled = false
    })
    // A visitor holding an old link reads that the form is closed, not that the site is missing.
    const closed = doc(files, 'contact/index.html')
    expect(closed.querySelector('h1')?.textContent).toBe('現在受け付けていません')
    expect(closed.querySelector('main p')?.textContent).toBe(FORM_TEXTS.JP.closedText)
    expect(closed.querySelector('main a.bt')?.getAttribute('href')).toBe('/')
    expect(closed.querySelector('form')).toBeNull()
    expect(paths(files)).not.toContain('contact-success/index.html')
    expect(doc(files, 'en/contact/index.html').querySelector('form')?.dataset.action).toBe('contact')
    const ja = doc(files, 'index.html')
    const button = ja.querySelector('#B1 .bt')!
    expect(button.tagName).toBe('SPAN')
    expect(button.classList.contains('na')).toBe(true)
    expect(button.textContent).toBe('詳しく見る現在ご利用いただけません')
    expect(ja.querySelector('a[href="/contact"]')).toBeNull()
    expect(doc(files, 'en/index.html').querySelector('#B1 a.bt')?.getAttribute('href')).toBe('/en/contact')
  })

  it('without membership: no member pages, and the lock and a CTA to sign-up lead nowhere', () => {
    const files = render((input) => {
      settingsOf(input, 'JP').forms!.membership!.enabled = false
    })
    for (const name of ['register-success', 'register-complete'])
      expect(paths(files)).not.toContain(`${name}/index.html`)
    for (const name of ['register', 'login']) {
      const closed = doc(files, `${name}/index.html`)
      expect(closed.querySelector('h1')?.textContent).toBe('現在受け付けていません')
      expect(closed.querySelector('form')).toBeNull()
    }
    const ja = filled(files, 'index.html')
    const lock = ja.querySelector('#C2 .lk')!
    expect(lock.textContent).toBe('会員限定コンテンツです')
    expect(lock.querySelector('a')).toBeNull()
    expect(ja.querySelector('[data-cta="1"] a')).toBeNull()
    expect(ja.querySelector('a[href="/register"],a[href="/login"]')).toBeNull()
  })

  it('publishes a site whose forms are all disabled or absent: swipe pages and "not accepting" pages only, no forms script', () => {
    for (const forms of [null, undefined, { contact: { enabled: false }, membership: null }]) {
      const files = render((input) => {
        for (const settings of input.settings) settings.forms = forms
      })
      const closed = ['register', 'login', 'contact', 'forms']
      expect(paths(files).filter((p) => p.endsWith('.html'))).toEqual([
        'index.html',
        ...closed.map((name) => `${name}/index.html`),
        'en/index.html',
        ...closed.map((name) => `en/${name}/index.html`),
        'ja/index.html',
      ])
      expect(doc(files, 'en/forms/index.html').querySelector('h1')?.textContent).toBe('Not accepting entries')
      expect(doc(files, 'en/forms/index.html').querySelector('script')).toBeNull()
      expect(paths(files).some((p) => p.startsWith('assets/forms.'))).toBe(false)
      expect(doc(files, 'index.html').querySelectorAll('.na').length).toBeGreaterThan(0)
    }
  })
})

describe('form pages: success and confirmation', () => {
  it.each(['JP', 'EN', 'CN', 'KR'] as const)('shows SPEC §8’s form success text (%s)', (lang) => {
    const files = render((input) => {
      input.site.languages = ['JP', 'EN', 'CN', 'KR']
      const { forms } = settingsOf(input, 'JP')
      input.settings = [...input.settings, { lang: 'CN', forms }, { lang: 'KR', forms }]
    })
    const segment = { JP: '', EN: 'en/', CN: 'cn/', KR: 'kr/' }[lang]
    const t = FORM_TEXTS[lang]
    for (const name of ['contact-success', 'form-success']) {
      const success = doc(files, `${segment}${name}/index.html`)
      expect(success.documentElement.lang).toBe({ JP: 'ja', EN: 'en', CN: 'zh', KR: 'ko' }[lang])
      expect(success.querySelector('h1')?.textContent).toBe(t.sentTitle)
      expect(success.querySelector('main p')?.textContent).toBe(t.sentText)
      expect(success.querySelector('main a.bt')?.getAttribute('href')).toBe(`/${segment}`)
    }
    expect(t.sentText).toMatch(/24/)
  })

  it('shows the creator’s own sent text, escaped and with its line breaks, where the form has one', () => {
    const files = render((input) => {
      const { forms } = settingsOf(input, 'JP')
      forms!.contact = {
        ...forms!.contact!,
        successText: `  ありがとうございました。\n担当より連絡します。${EVIL}  `,
      }
    })
    const sent = doc(files, 'contact-success/index.html').querySelector('main p.st')!
    expect(sent.textContent).toBe(`ありがとうございました。\n担当より連絡します。${EVIL}`)
    expect(sent.querySelector('script,b')).toBeNull()
    expect(doc(files, 'contact-success/index.html').querySelector('style')?.textContent).toContain(
      '.st{white-space:pre-line}',
    )
    // The other form and the other language keep the page's own words.
    expect(doc(files, 'form-success/index.html').querySelector('main p')?.textContent).toBe(
      FORM_TEXTS.JP.sentText,
    )
    expect(doc(files, 'en/contact-success/index.html').querySelector('main p')?.textContent).toBe(
      FORM_TEXTS.EN.sentText,
    )
  })

  it('explains the mail after sign-up and offers to resend it or to sign up again', () => {
    const success = doc(render(), 'en/register-success/index.html')
    expect(success.querySelector('h1')?.textContent).toBe('Check your e-mail')
    expect(success.querySelector('main p')?.textContent).toContain('within 24 hours')
    const resend = success.querySelector('form')!
    expect(resend.dataset.action).toBe('resend-register-email')
    expect(resend.querySelector<HTMLInputElement>('input[type=email]')?.name).toBe('email')
    expect(success.querySelector('.al a')?.getAttribute('href')).toBe('/en/register')
  })

  it('has a section for each outcome of the mailed link, the pending one shown', () => {
    const complete = doc(render(), 'register-complete/index.html')
    const sections = [...complete.querySelectorAll<HTMLElement>('[data-state]')]
    expect(sections.map((s) => [s.dataset.state, s.hidden])).toEqual([
      ['pending', false],
      ['done', true],
      ['expired', true],
      ['invalid', true],
      ['failed', true],
    ])
    expect(complete.querySelector('[data-state=done] a.bt')?.getAttribute('href')).toBe('/login')
    expect(complete.querySelector('[data-state=expired] form')?.getAttribute('data-action')).toBe(
      'resend-register-email',
    )
    expect(complete.querySelector('[data-state=invalid] .al a')?.getAttribute('href')).toBe('/register')
    for (const heading of complete.querySelectorAll('h1')) expect(heading.getAttribute('tabindex')).toBe('-1')
  })
})

describe('form pages: the path form on the shared sites host', () => {
  const OWN = 'https://own.sites.example'
  const files = render((input) => {
    input.address = { form: 'path' }
    input.memberOrigin = `${OWN}/`
  })

  it('sends the visitor to the site’s own origin for every member page, and renders none itself', () => {
    for (const [path, target] of [
      ['register/index.html', `${OWN}/register`],
      ['register-success/index.html', `${OWN}/register-success`],
      ['register-complete/index.html', `${OWN}/register-complete`],
      ['login/index.html', `${OWN}/login`],
      ['en/login/index.html', `${OWN}/en/login`],
    ] as const) {
      const redirect = doc(files, path)
      expect(redirect.querySelector('meta[http-equiv=refresh]')?.getAttribute('content'), path).toBe(
        `0;url=${target}`,
      )
      expect(redirect.querySelector('a')?.getAttribute('href'), path).toBe(target)
      expect(redirect.querySelector('form,script'), path).toBeNull()
    }
    // The other forms stay on the path form: they hold no session.
    expect(doc(files, 'contact/index.html').querySelector('form')?.dataset.action).toBe('contact')
  })

  it('points the lock and internal links to sign-up at the own origin, and never lets the swipe page unlock', () => {
    const ja = filled(files, 'index.html')
    expect(ja.body.hasAttribute('data-members')).toBe(false)
    expect([...ja.querySelectorAll('#C2 .lk a')].map((a) => a.getAttribute('href'))).toEqual([
      `${OWN}/register`,
      `${OWN}/login`,
    ])
    expect(
      ja.querySelector('a[href="/sites/demo-site/register"],a[href="/sites/demo-site/login"]'),
    ).toBeNull()
    // On the site's own origin the same page may unlock.
    expect(doc(render(), 'index.html').body.hasAttribute('data-members')).toBe(true)
  })

  it('offers no member page or link at all when the site has no own origin', () => {
    const away = render((input) => {
      input.address = { form: 'path' }
      input.memberOrigin = ''
    })
    for (const name of ['register', 'register-success', 'register-complete', 'login'])
      expect(paths(away)).not.toContain(`${name}/index.html`)
    const ja = filled(away, 'index.html')
    expect(ja.querySelector('#C2 .lk')).not.toBeNull()
    expect(ja.querySelector('#C2 .lk a')).toBeNull()
    expect(ja.body.hasAttribute('data-members')).toBe(false)
  })
})
