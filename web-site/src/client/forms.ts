/**
 * The visitor form pages' island (register, its success and completion pages, login, contact,
 * forms): vanilla TypeScript, its own bundle, so the swipe page never downloads it. Each
 * `form[data-action]` is sent as JSON to its end-user route (`FORM_PATHS`); the
 * page's markup carries everything else (input names, required flags, messages, where a success
 * leads). No zod here: the page checks only what it can say at once (required, e-mail format,
 * matching passwords); the API checks everything with the shared schema and its 400 answers are
 * shown next to their fields.
 */
import { languageOfSegment } from '@swipe/shared/site/languages'
import type { FormTexts } from '@swipe/shared/site/texts'
import { type ApiAnswer, apiUrl, type PathsOf, type Refusal } from './api.ts'
import { conversionContext, noteLanding } from './attribution.ts'
import { forgetOldTokens, MEMBER_HEADERS, markSignedIn } from './endUser.ts'
import { newEventId, tagEvent } from './tags.ts'

export type Answer = string | string[] | boolean

/** The island's messages (the page's `data-t-*`): the form texts' errors, and two progress words. */
export type Messages = FormTexts['errors'] & Pick<FormTexts, 'sending' | 'resent'>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The route each form's `data-action` posts to (the path checked against the route table). */
const FORM_PATHS: PathsOf<{
  register: 'endUser.register'
  'register/confirm': 'endUser.registerConfirm'
  'resend-register-email': 'endUser.resendRegisterEmail'
  login: 'endUser.login'
  contact: 'endUser.contact'
  homepage: 'endUser.homepage'
}> = {
  register: '/end-user/site/{siteId}/register',
  'register/confirm': '/end-user/site/{siteId}/register/confirm',
  'resend-register-email': '/end-user/site/{siteId}/resend-register-email',
  login: '/end-user/site/{siteId}/login',
  contact: '/end-user/site/{siteId}/contact',
  homepage: '/end-user/site/{siteId}/homepage',
}
type FormAction = keyof typeof FORM_PATHS

/**
 * `t_key` → `tKey` (the page's `data-t-*` in `dataset`); also how an older API edge reported the
 * answers' names (`confirm_password` as `confirmPassword`).
 */
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** A form's fields: wrappers naming their input (`data-f`), kind (`data-k`) and whether required (`data-r`). */
const fieldsOf = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLElement>('[data-f]')]
const controlsOf = (field: HTMLElement) => [
  ...field.querySelectorAll<HTMLInputElement>('input,select,textarea'),
]

/** The answers by input name: text as typed (e-mail trimmed), ticked items, the agreement; empty ones left out. */
export const answersOf = (form: HTMLFormElement): Record<string, Answer> => {
  const answers: Record<string, Answer> = {}
  for (const field of fieldsOf(form)) {
    const controls = controlsOf(field)
    const first = controls[0]
    const value: Answer =
      field.dataset.k === 'multi'
        ? controls.filter((c) => c.checked).map((c) => c.value)
        : field.dataset.k === 'check'
          ? Boolean(first?.checked)
          : first?.type === 'email'
            ? first.value.trim()
            : (first?.value ?? '')
    if (value === '' || value === false || (Array.isArray(value) && !value.length)) continue
    answers[field.dataset.f!] = value
  }
  return answers
}

/** What the page can tell before sending, by input name: required, e-mail format, matching passwords. */
export const checkAnswers = (
  form: HTMLFormElement,
  answers: Record<string, Answer>,
  t: Pick<Messages, 'required' | 'email' | 'mismatch' | 'agree'>,
): Map<string, string> => {
  const problems = new Map<string, string>()
  for (const field of fieldsOf(form)) {
    const name = field.dataset.f!
    const value = answers[name]
    if (value === undefined) {
      if ('r' in field.dataset) problems.set(name, field.dataset.k === 'check' ? t.agree : t.required)
    } else if (controlsOf(field)[0]?.type === 'email' && !EMAIL.test(String(value))) {
      problems.set(name, t.email)
    } else if (name === 'confirm_password' && value !== answers.password) {
      problems.set(name, t.mismatch)
    }
  }
  return problems
}

interface ErrorAnswer {
  message?: string
  details?: { path?: string; message?: string }[]
  fields?: Record<string, string>
}

/**
 * A 400 answer's messages: those of a field of the form by its input name (`details` paths such
 * as `body.data.email`, or a `fields` map), and the others.
 */
export const fieldErrors = (answer: unknown, names: readonly string[]) => {
  const error = ((answer as { error?: ErrorAnswer } | null)?.error ?? answer) as ErrorAnswer | null
  const fields = new Map<string, string>()
  const other: string[] = []
  const place = (key: string, message: string) => {
    const name = names.find((n) => n === key || camel(n) === key)
    if (!name) other.push(message)
    else if (!fields.has(name)) fields.set(name, message)
  }
  for (const detail of error?.details ?? []) {
    const path = String(detail.path ?? '').split('.')
    const at = path.indexOf('data')
    place((at >= 0 ? path[at + 1] : path.at(-1)) ?? '', String(detail.message ?? ''))
  }
  for (const [key, message] of Object.entries(error?.fields ?? {})) place(key, String(message))
  return { fields, other }
}

/** `?next=` when it is a page of this site (same origin, under the site root); otherwise undefined. */
export const safeNext = (next: string | null, root: string, here: string): string | undefined => {
  if (!next || next.startsWith('//') || next.includes('\\')) return undefined
  try {
    const url = new URL(next, here)
    if (url.origin !== new URL(here).origin || !url.pathname.startsWith(root)) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/** The register-complete page's section for the answer to the confirmation (no answer: 0). */
export const confirmState = (status: number): 'done' | 'expired' | 'invalid' | 'failed' =>
  status === 200
    ? 'done'
    : status === 410
      ? 'expired'
      : status === 404 || status === 400
        ? 'invalid'
        : 'failed'

/** Wires the page's forms (and the confirmation of register-complete). `navigate` is the page change. */
export const startForms = (navigate: (url: string) => void = (url) => location.assign(url)) => {
  forgetOldTokens()
  noteLanding()
  const data = document.body.dataset
  const site = data.site ?? ''
  const api = data.api
  const lang = languageOfSegment(data.lang) ?? 'JP'
  const t = Object.fromEntries(
    [
      'required',
      'email',
      'mismatch',
      'agree',
      'check',
      'failed',
      'offline',
      'login',
      'sending',
      'resent',
    ].map((key) => [key, data[camel(`t_${key}`)] ?? '']),
  ) as unknown as Messages
  // The address typed on one page fills the next (resend, sign-in) for this tab only.
  const EMAIL_KEY = `swipe.email.${site}`
  const remember = (email: unknown) => {
    try {
      if (typeof email === 'string' && email) sessionStorage.setItem(EMAIL_KEY, email)
    } catch {
      // Not remembered: the visitor types it again.
    }
  }
  const recall = () => {
    try {
      return sessionStorage.getItem(EMAIL_KEY) ?? ''
    } catch {
      return ''
    }
  }

  /** The creative whose link button led here this session (the island's `swipe_via`): a conversion's cell. */
  const cameVia = (): { via?: string } => {
    try {
      const via = sessionStorage.getItem('swipe_via')
      return via ? { via } : {}
    } catch {
      return {}
    }
  }

  /**
   * Posts JSON in the page's language; undefined when the server cannot be reached. Sign-in
   * carries the member header: its answer is the session cookie (same origin, never readable here).
   */
  const send = async (action: FormAction, body: unknown) => {
    if (!api || !FORM_PATHS[action]) return undefined
    try {
      const response = await fetch(apiUrl(api, FORM_PATHS[action], { siteId: site }), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-lang': document.documentElement.lang,
          ...(action === 'login' ? MEMBER_HEADERS : {}),
        },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      })
      return { status: response.status, answer: (await response.json().catch(() => ({}))) as unknown }
    } catch {
      return undefined
    }
  }

  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-action]')) {
    const action = form.dataset.action as FormAction
    const status = form.querySelector<HTMLElement>('.ms')
    const button = form.querySelector<HTMLButtonElement>('[type=submit]')
    const say = (message: string, bad = false) => {
      if (!status) return
      status.textContent = message
      status.classList.toggle('bad', bad)
    }
    /** Writes each field's message (or clears it) and moves the focus to the first field in error. */
    const mark = (problems: Map<string, string>) => {
      let first: HTMLElement | undefined
      for (const field of fieldsOf(form)) {
        const message = problems.get(field.dataset.f!) ?? ''
        const slot = field.querySelector('.er')
        if (slot) slot.textContent = message
        for (const control of controlsOf(field))
          if (message) control.setAttribute('aria-invalid', 'true')
          else control.removeAttribute('aria-invalid')
        if (message) first ??= controlsOf(field)[0]
      }
      first?.focus()
    }
    const email = form.querySelector<HTMLInputElement>('input[type=email]')
    if (email && !email.value && action !== 'register') email.value = recall()

    form.addEventListener('submit', async (e) => {
      e.preventDefault()
      if (button?.disabled) return
      const answers = answersOf(form)
      const problems = checkAnswers(form, answers, t)
      mark(problems)
      if (problems.size) return say(t.check, true)
      const trap = form.querySelector<HTMLInputElement>('[data-hp]')
      const honeypot = trap?.value ? { [trap.name]: trap.value } : {}
      // One id for this conversion: the server's events to the ad platforms and the page's tags share it.
      const eventId = newEventId()
      const body =
        action === 'login'
          ? { email: answers.email, password: answers.password }
          : action === 'resend-register-email'
            ? { lang, email: answers.email, ...honeypot }
            : { lang, data: answers, ...honeypot, ...cameVia(), conversion: conversionContext(eventId) }
      if (button) button.disabled = true
      say(t.sending)
      const result = await send(action, body)
      const answer = (result?.answer ?? {}) as Partial<ApiAnswer<'endUser.login'>> & Refusal
      if (result && result.status >= 200 && result.status < 300) {
        remember(answers.email)
        // A conversion for the site's ad tags, before the page changes (./tags.ts).
        if (action === 'contact') tagEvent('contactSent', undefined, eventId)
        if (action === 'homepage') tagEvent('homepageFormSent', undefined, eventId)
        if (action !== 'login') {
          if (form.dataset.next) return navigate(form.dataset.next)
          // Resend: the form stays for another try.
          form.reset()
          if (email) email.value = String(answers.email ?? '')
          if (button) button.disabled = false
          return say(t.resent)
        }
        // Signed in: the session is the cookie the answer set; only its expiry is kept, as a hint.
        markSignedIn(site, Date.now() + (Number(answer.expires_in) || 3600) * 1000)
        return navigate(
          safeNext(new URLSearchParams(location.search).get('next'), data.root ?? '/', location.href) ??
            form.dataset.next!,
        )
      }
      if (button) button.disabled = false
      if (!result) return say(t.offline, true)
      if (result.status === 400) {
        const { fields, other } = fieldErrors(
          result.answer,
          fieldsOf(form).map((f) => f.dataset.f!),
        )
        if (fields.size) {
          mark(fields)
          return say(other[0] || t.check, true)
        }
      }
      say(answer.error?.message || (result.status === 401 ? t.login : t.failed), true)
    })
  }

  // register-complete: the mailed link's token completes the sign-up; the page shows the outcome.
  if (data.page === 'register-complete') {
    const show = (state: string) => {
      for (const section of document.querySelectorAll<HTMLElement>('[data-state]'))
        section.hidden = section.dataset.state !== state
      document.querySelector<HTMLElement>(`[data-state="${state}"] h1`)?.focus()
    }
    const confirm = async () => {
      const token = new URLSearchParams(location.search).get('token')
      const eventId = newEventId()
      const result = token
        ? await send('register/confirm', { token, conversion: conversionContext(eventId) })
        : { status: 404, answer: {} }
      const state = confirmState(result?.status ?? 0)
      // Settled: the token leaves the address bar (history, bookmarks, screenshots).
      if (state !== 'failed') history.replaceState(history.state, '', location.pathname)
      if (state === 'done') {
        remember((result?.answer as Partial<ApiAnswer<'endUser.registerConfirm'>> | undefined)?.email)
        tagEvent('memberRegistered', undefined, eventId)
      }
      show(state)
    }
    document.querySelector('[data-retry]')?.addEventListener('click', () => {
      show('pending')
      void confirm()
    })
    void confirm()
  }
}
