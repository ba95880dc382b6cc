import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import { dropHint, forgetOldTokens, hintKey, markSignedIn, signedIn } from './endUser.ts'
import { answersOf, confirmState, fieldErrors, safeNext, startForms } from './forms.ts'

const now = Date.parse('2026-11-22T03:00:00.000Z')
const files = (() => {
  const input = fixtureSite()
  input.analyticsEndpoint = '/api/v1/analytics/events'
  return renderSitePages(input)
})()

/** Puts a rendered page into the document (without its script) and starts the island on it. */
const open = (path: string, url = '/') => {
  const html = String(files.find((f) => f.path === path)!.body)
  const doc = new DOMParser().parseFromString(html, 'text/html')
  history.replaceState(null, '', url)
  document.documentElement.lang = doc.documentElement.lang
  document.body.innerHTML = doc.body.innerHTML
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name)
  for (const attribute of doc.body.attributes) document.body.setAttribute(attribute.name, attribute.value)
  const navigate = vi.fn<(url: string) => void>()
  startForms(navigate)
  return navigate
}

/** The requests the island made, their bodies parsed. */
const requests: {
  url: string
  method?: string
  headers: Record<string, string>
  credentials?: RequestCredentials
  body: unknown
}[] = []
/** Answers the next requests in order: a status and a body, or `'offline'`. */
const answer = (...replies: ([number, unknown] | 'offline')[]) => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: init.method,
      headers: init.headers as Record<string, string>,
      ...(init.credentials ? { credentials: init.credentials } : {}),
      body: JSON.parse(String(init.body)),
    })
    const reply = replies.shift()
    if (!reply || reply === 'offline') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(reply[1]), { status: reply[0] })
  })
}

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!
const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values))
    $<HTMLInputElement>(`form [name="${name}"]`).value = value
}
const submit = (form = $<HTMLFormElement>('form')) =>
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
const status = () => $('form .ms')
const errorOf = (id: string) => document.getElementById(`${id}-e`)?.textContent
const invalid = () => [...document.querySelectorAll('[aria-invalid=true]')].map((c) => c.getAttribute('name'))

beforeEach(() => {
  requests.length = 0
  sessionStorage.clear()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})

describe('fieldErrors: a 400 answer’s messages by field', () => {
  const names = ['email', 'password', 'confirm_password', 'field_3']

  it('maps the API’s detail paths to input names, camelCased keys included', () => {
    const { fields, other } = fieldErrors(
      {
        error: {
          code: 'error.validation',
          message: 'Check the fields',
          details: [
            { path: 'body.data.email', code: 'validation.email', message: 'Invalid email address.' },
            {
              path: 'body.data.confirmPassword',
              code: 'validation.mismatch',
              message: 'Passwords do not match.',
            },
            { path: 'body.data.email', code: 'validation.tooLong', message: 'second message for email' },
            { path: 'body.website', code: 'endUser.refused', message: 'Refused.' },
          ],
        },
      },
      names,
    )
    expect([...fields]).toEqual([
      ['email', 'Invalid email address.'],
      ['confirm_password', 'Passwords do not match.'],
    ])
    expect(other).toEqual(['Refused.'])
  })

  it('reads a `fields` map too, and top-level paths (the resend form’s email)', () => {
    expect([
      ...fieldErrors({ code: 'validation', message: 'x', fields: { field3: 'Required' } }, names).fields,
    ]).toEqual([['field_3', 'Required']])
    expect([
      ...fieldErrors({ error: { details: [{ path: 'body.email', message: 'Bad' }] } }, names).fields,
    ]).toEqual([['email', 'Bad']])
    expect(fieldErrors(null, names)).toEqual({ fields: new Map(), other: [] })
  })
})

describe('safeNext: where sign-in returns to', () => {
  const here = 'https://shop.example/login?next=x'
  it.each([
    ['/en/#C2', '/', '/en/#C2'],
    ['/?position=B2', '/', '/?position=B2'],
    ['/sites/s1/en/', '/sites/s1/', '/sites/s1/en/'],
    ['/sites/s2/', '/sites/s1/', undefined],
    ['https://evil.example/', '/', undefined],
    ['//evil.example/x', '/', undefined],
    ['/\\evil.example', '/', undefined],
    ['javascript:alert(1)', '/', undefined],
    [null, '/', undefined],
  ])('%s under %s → %s', (next, root, expected) => {
    expect(safeNext(next, root, here)).toBe(expected)
  })
})

describe('confirmState', () => {
  it.each([
    [200, 'done'],
    [410, 'expired'],
    [404, 'invalid'],
    [400, 'invalid'],
    [429, 'failed'],
    [500, 'failed'],
    [0, 'failed'],
  ])('%i → %s', (code, state) => {
    expect(confirmState(code)).toBe(state)
  })
})

describe('the sign-in hint in local storage', () => {
  it('keeps only the session’s expiry under swipe.member.<siteId> while it lasts', () => {
    markSignedIn('s1', now + 1000)
    expect(hintKey('s1')).toBe('swipe.member.s1')
    expect(localStorage.getItem('swipe.member.s1')).toBe(String(now + 1000))
    expect(signedIn('s1')).toBe(true)
    expect(signedIn('s2')).toBe(false)
    dropHint('s1')
    expect(localStorage.getItem('swipe.member.s1')).toBeNull()
  })

  it('drops an expired or unreadable hint', () => {
    markSignedIn('s1', now)
    expect(signedIn('s1')).toBe(false)
    expect(localStorage.getItem('swipe.member.s1')).toBeNull()
    localStorage.setItem('swipe.member.s1', '{"token":"t"}')
    expect(signedIn('s1')).toBe(false)
    expect(localStorage.getItem('swipe.member.s1')).toBeNull()
  })

  it('removes the tokens earlier versions kept, for every site, and nothing else', () => {
    localStorage.clear()
    localStorage.setItem('swipe.endUser.s1', JSON.stringify({ token: 't1', expiresAt: now + 1000 }))
    localStorage.setItem('swipe.endUser.other-tenant', JSON.stringify({ token: 't2' }))
    localStorage.setItem('swipe.member.s1', String(now + 1000))
    localStorage.setItem('swipe.lang.s1', 'en')
    forgetOldTokens()
    expect(Object.keys(localStorage).sort()).toEqual(['swipe.lang.s1', 'swipe.member.s1'])
  })
})

describe('the island on the sign-up page', () => {
  const valid = { email: ' taro@example.com ', password: 'Passw0rd!', confirm_password: 'Passw0rd!' }

  it('checks required fields, the e-mail and the agreement before sending anything', () => {
    open('register/index.html')
    answer()
    submit()
    expect(requests).toEqual([])
    expect(invalid()).toEqual(['email', 'password', 'confirm_password', 'agreement'])
    expect(errorOf('f0')).toBe('この項目は必須です。')
    expect(errorOf('fa')).toBe('利用規約とプライバシーポリシーへの同意が必要です。')
    expect(document.activeElement).toBe($('#f0'))
    expect(status().textContent).toBe('入力内容をご確認ください。')
    expect(status().classList.contains('bad')).toBe(true)
    fill({ email: 'not-an-address', password: 'a', confirm_password: 'b' })
    $<HTMLInputElement>('#fa').checked = true
    submit()
    expect(invalid()).toEqual(['email', 'confirm_password'])
    expect([errorOf('f0'), errorOf('f1'), errorOf('f2')]).toEqual([
      'メールアドレスの形式が正しくありません。',
      '',
      'パスワードが一致しません。',
    ])
    expect(requests).toEqual([])
  })

  it('sends the answers by input name in the page’s language, disabled while sending, then opens register-success', async () => {
    const navigate = open('register/index.html')
    let release: (response: Response) => void = () => {}
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
      })
      return new Promise<Response>((resolve) => {
        release = resolve
      })
    })
    fill(valid)
    $<HTMLInputElement>('#fa').checked = true
    submit()
    const button = $<HTMLButtonElement>('form button[type=submit]')
    expect(button.disabled).toBe(true)
    expect(status().textContent).toBe('送信中…')
    expect(requests).toEqual([
      {
        url: '/api/v1/end-user/site/demo-site/register',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lang': 'ja' },
        body: {
          lang: 'JP',
          data: {
            email: 'taro@example.com',
            password: 'Passw0rd!',
            confirm_password: 'Passw0rd!',
            agreement: true,
          },
          // Where the visit came from and this conversion's event id (./attribution.ts): no consent
          // was asked on this page, so no identifier.
          conversion: { eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), pageUrl: `${location.origin}/` },
        },
      },
    ])
    // A second press while sending sends nothing more.
    submit()
    expect(requests).toHaveLength(1)
    release(new Response(JSON.stringify({ status: 'sent' }), { status: 202 }))
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/register-success'))
    expect(sessionStorage.getItem('swipe.email.demo-site')).toBe('taro@example.com')
  })

  it('shows the API’s field errors next to their fields and its other messages in the live region', async () => {
    const navigate = open('register/index.html')
    answer(
      [
        400,
        {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります',
            details: [
              { path: 'body.data.password', code: 'validation.password', message: '記号を含めてください' },
            ],
          },
        },
      ],
      [429, { error: { code: 'error.rateLimited', message: 'しばらくしてからお試しください' } }],
      'offline',
    )
    fill(valid)
    $<HTMLInputElement>('#fa').checked = true
    submit()
    await vi.waitFor(() => expect(errorOf('f1')).toBe('記号を含めてください'))
    expect(invalid()).toEqual(['password'])
    expect($('#f1').getAttribute('aria-describedby')).toBe('f1-e')
    expect(document.activeElement).toBe($('#f1'))
    expect(status().textContent).toBe('入力内容をご確認ください。')
    expect($<HTMLButtonElement>('form button').disabled).toBe(false)

    submit()
    await vi.waitFor(() => expect(status().textContent).toBe('しばらくしてからお試しください'))
    expect(invalid()).toEqual([])
    submit()
    await vi.waitFor(() =>
      expect(status().textContent).toBe(
        'サーバーに接続できません。インターネット接続を確認するか、しばらくしてからお試しください。',
      ),
    )
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends the honeypot only when something filled it', async () => {
    open('register/index.html')
    answer([400, { error: { code: 'endUser.refused', message: '送信できませんでした' } }])
    fill({ ...valid, website: 'http://spam.example' })
    $<HTMLInputElement>('#fa').checked = true
    submit()
    await vi.waitFor(() => expect(status().textContent).toBe('送信できませんでした'))
    expect(requests[0]?.body).toMatchObject({ website: 'http://spam.example' })
  })
})

describe('the island on the other form pages', () => {
  it('sends the homepage form’s dropdown, ticked checkboxes and number, leaving empty answers out', async () => {
    const navigate = open('en/forms/index.html')
    answer([201, { status: 'received' }])
    fill({ email: 'hanako@example.com', company: 'Example Inc.', people: '3' })
    const topics = document.querySelectorAll<HTMLInputElement>('input[name=topics]')
    topics[1]!.checked = true
    expect(answersOf($('form'))).toEqual({
      email: 'hanako@example.com',
      company: 'Example Inc.',
      plan: 'Standard',
      topics: ['Sales'],
      people: '3',
    })
    submit()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/en/form-success'))
    expect(requests[0]).toMatchObject({
      url: '/api/v1/end-user/site/demo-site/homepage',
      headers: { 'x-lang': 'en' },
      body: { lang: 'EN', data: { plan: 'Standard', topics: ['Sales'], people: '3' } },
    })
  })

  it('sends the contact form and opens contact-success', async () => {
    const navigate = open('contact/index.html')
    answer([201, { status: 'received' }])
    fill({ email: 'hanako@example.com', company: '株式会社テスト' })
    $<HTMLInputElement>('#fa').checked = true
    submit()
    // The default message field is a required multi-line field: nothing is sent without it.
    expect(requests).toEqual([])
    expect(errorOf($('form textarea[name=message]').id)).toBe('この項目は必須です。')
    fill({ message: 'お世話になっております。\n見積もりをお願いします。\n\n山田' })
    submit()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/contact-success'))
    expect(requests[0]?.url).toBe('/api/v1/end-user/site/demo-site/contact')
    expect(requests[0]?.body).toMatchObject({
      data: {
        email: 'hanako@example.com',
        company: '株式会社テスト',
        message: 'お世話になっております。\n見積もりをお願いします。\n\n山田',
      },
    })
  })

  it('resends the sign-up mail from register-success and stays, the address remembered from sign-up', async () => {
    sessionStorage.setItem('swipe.email.demo-site', 'taro@example.com')
    const navigate = open('register-success/index.html')
    expect($<HTMLInputElement>('input[name=email]').value).toBe('taro@example.com')
    answer([202, { status: 'sent' }])
    submit()
    await vi.waitFor(() => expect(status().textContent).toBe('メールを再送信しました。'))
    expect(requests[0]).toMatchObject({
      url: '/api/v1/end-user/site/demo-site/resend-register-email',
      body: { lang: 'JP', email: 'taro@example.com' },
    })
    expect(navigate).not.toHaveBeenCalled()
    expect($<HTMLButtonElement>('form button').disabled).toBe(false)
  })
})

describe('the island on the sign-in page', () => {
  it('signs in with the member header, keeps only the expiry (the session is a cookie) and returns to the swipe page', async () => {
    localStorage.clear()
    localStorage.setItem('swipe.endUser.demo-site', JSON.stringify({ token: 'old', expiresAt: now + 1000 }))
    const navigate = open('login/index.html')
    // Loading the page removed the token an earlier version stored.
    expect(localStorage.getItem('swipe.endUser.demo-site')).toBeNull()
    answer([200, { email: 'taro@example.com', expires_in: 3600 }])
    fill({ email: 'taro@example.com', password: 'Passw0rd!' })
    submit()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'))
    expect(requests[0]).toEqual({
      url: '/api/v1/end-user/site/demo-site/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': 'ja', 'x-swipe-member': '1' },
      credentials: 'same-origin',
      body: { email: 'taro@example.com', password: 'Passw0rd!' },
    })
    const stored = Number(localStorage.getItem('swipe.member.demo-site'))
    // An hour from the answer (waiting for it moved the fake clock on a little).
    expect(stored).toBeGreaterThanOrEqual(now + 3_600_000)
    expect(stored).toBeLessThanOrEqual(Date.now() + 3_600_000)
    expect(Object.keys(localStorage)).toEqual(['swipe.member.demo-site'])
    expect(JSON.stringify(localStorage)).not.toContain('taro@example.com')
  })

  it('sends the member header on sign-in only', async () => {
    const navigate = open('contact/index.html')
    answer([201, { status: 'received' }])
    fill({ email: 'hanako@example.com', company: '株式会社テスト', message: 'ご相談' })
    $<HTMLInputElement>('#fa').checked = true
    submit()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled())
    expect(requests[0]?.headers).toEqual({ 'content-type': 'application/json', 'x-lang': 'ja' })
  })

  it('returns to ?next= when it is a page of this site, else to the swipe page', async () => {
    for (const [next, expected] of [
      ['/en/?position=C2', '/en/?position=C2'],
      ['https://evil.example/', '/'],
    ]) {
      const navigate = open('login/index.html', `/login?next=${encodeURIComponent(next!)}`)
      answer([200, { email: 'a@example.com', expires_in: 60 }])
      fill({ email: 'a@example.com', password: 'x' })
      submit()
      await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(expected))
    }
  })

  it('says the login failed and stores nothing on a 401', async () => {
    const navigate = open('en/login/index.html')
    answer([401, { error: { code: 'endUser.loginFailed' } }])
    fill({ email: 'taro@example.com', password: 'wrong' })
    submit()
    await vi.waitFor(() => expect(status().textContent).toBe('The login ID or password is incorrect.'))
    expect(localStorage.getItem('swipe.member.demo-site')).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('shows the API’s message when sign-in is refused away from the site’s own origin', async () => {
    const navigate = open('en/login/index.html')
    const message = 'Members sign in on the site’s own address.'
    answer([403, { error: { code: 'endUser.signInOnSiteHost', message } }])
    fill({ email: 'taro@example.com', password: 'Passw0rd!' })
    submit()
    await vi.waitFor(() => expect(status().textContent).toBe(message))
    expect(localStorage.getItem('swipe.member.demo-site')).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe('the island on register-complete', () => {
  const visible = () =>
    [...document.querySelectorAll<HTMLElement>('[data-state]')]
      .filter((s) => !s.hidden)
      .map((s) => s.dataset.state)

  it('confirms the link’s token, shows the sign-in link and takes the token out of the address', async () => {
    answer([200, { status: 'active', email: 'taro@example.com' }])
    open('register-complete/index.html', '/register-complete?token=0123456789abcdef0123')
    await vi.waitFor(() => expect(visible()).toEqual(['done']))
    expect(requests[0]).toMatchObject({
      url: '/api/v1/end-user/site/demo-site/register/confirm',
      body: { token: '0123456789abcdef0123' },
    })
    expect(location.search).toBe('')
    expect(document.activeElement).toBe($('[data-state=done] h1'))
    expect(sessionStorage.getItem('swipe.email.demo-site')).toBe('taro@example.com')
  })

  it('offers the resend form for an expired link', async () => {
    answer(
      [410, { error: { code: 'endUser.registrationExpired', message: 'expired' } }],
      [202, { status: 'sent' }],
    )
    open('en/register-complete/index.html', '/en/register-complete?token=0123456789abcdef0123')
    await vi.waitFor(() => expect(visible()).toEqual(['expired']))
    const form = $<HTMLFormElement>('[data-state=expired] form')
    form.querySelector<HTMLInputElement>('input[name=email]')!.value = 'taro@example.com'
    submit(form)
    await vi.waitFor(() =>
      expect(form.querySelector('.ms')?.textContent).toBe('We have sent the e-mail again.'),
    )
    expect(requests[1]).toMatchObject({ body: { lang: 'EN', email: 'taro@example.com' } })
  })

  it('says an unknown or used link is not valid, and a missing token too (without asking)', async () => {
    answer([404, { error: { code: 'endUser.registrationInvalid' } }])
    open('register-complete/index.html', '/register-complete?token=0123456789abcdef0123')
    await vi.waitFor(() => expect(visible()).toEqual(['invalid']))
    requests.length = 0
    open('register-complete/index.html', '/register-complete')
    await vi.waitFor(() => expect(visible()).toEqual(['invalid']))
    expect(requests).toEqual([])
  })

  it('keeps the token after a failure and tries again on request', async () => {
    answer('offline', [200, { status: 'active', email: 'taro@example.com' }])
    open('register-complete/index.html', '/register-complete?token=0123456789abcdef0123')
    await vi.waitFor(() => expect(visible()).toEqual(['failed']))
    expect(location.search).toBe('?token=0123456789abcdef0123')
    $('[data-retry]').click()
    await vi.waitFor(() => expect(visible()).toEqual(['done']))
    expect(requests).toHaveLength(2)
  })
})
