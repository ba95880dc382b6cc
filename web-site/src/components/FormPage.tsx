import { LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import { FORM_TEXTS, type FormTexts } from '@swipe/shared/site/texts'
import type { ReactNode } from 'react'
import { Field } from '../blocks/FormField.tsx'
import { SubmitButton, submitLabel } from '../blocks/FormSubmit.tsx'
import {
  AGREEMENT_FIELD,
  ENTRY_PAGES,
  type FormModel,
  type FormPageName,
  HONEYPOT_FIELD,
  memberField,
} from '../lib/forms.ts'
import type { PageModel } from '../model.ts'
import { FORM_CSS } from '../styles.ts'

export interface FormPageProps {
  /** The language's swipe page model (top bar, paths, texts, forms). */
  model: PageModel
  page: FormPageName
  /** URL of the forms island. */
  script: string
  siteId: string
  /** Base path of the API the island posts to; none: the island says it cannot send. */
  apiBase?: string | undefined
}

/** The messages the island shows, as `data-t-*` on <body> (SPEC §5, §8). */
const messageData = (t: FormTexts) =>
  Object.fromEntries([
    ...Object.entries(t.errors).map(([key, text]) => [`data-t-${key}`, text]),
    ['data-t-sending', t.sending],
    ['data-t-resent', t.resent],
  ])

/**
 * The company block of a form that shows the company: its texts as disclosures (no script, no
 * dialog, and the visitor keeps what they typed), then the agreement checkbox when Contract
 * Agreement Required is ON.
 */
const Company = ({ form, model, t }: { form: FormModel; model: PageModel; t: FormTexts }) => {
  const company = form.company
  if (!company) return null
  return (
    <>
      {(company.texts.length > 0 || company.website) && (
        <section className="co" aria-labelledby="co-h">
          <h2 id="co-h">{model.texts.companyInfo}</h2>
          {company.texts.map(({ tab, text }) => (
            <details key={tab}>
              <summary>{model.texts.companyTabs[tab]}</summary>
              <div>{text}</div>
            </details>
          ))}
          {company.website && (
            <p>
              <a href={company.website} target="_blank" rel="noopener noreferrer">
                {model.texts.website}
              </a>
            </p>
          )}
        </section>
      )}
      {company.agreement && (
        <div className="f" data-f={AGREEMENT_FIELD} data-k="check" data-r="">
          <label className="ck">
            <input
              type="checkbox"
              id="fa"
              name={AGREEMENT_FIELD}
              value="true"
              required
              aria-describedby="fa-e"
            />
            {t.agree}
          </label>
          <p className="er" id="fa-e" />
        </div>
      )}
    </>
  )
}

/** The input a person never fills (and never reaches: off screen, hidden from assistive technology, not in the tab order). */
const Honeypot = ({ t }: { t: FormTexts }) => (
  <div className="hp" aria-hidden="true">
    <label htmlFor="hp">{t.honeypot}</label>
    <input type="text" id="hp" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" data-hp="" />
  </div>
)

/**
 * A form the island sends: `data-action` is the end-user API path it posts to, `data-next` where
 * a success leads. Without the island it cannot be sent (the API takes JSON), so it says so; it
 * posts rather than gets, so a password never lands in a URL.
 */
const Form = ({
  action,
  next,
  submit,
  t,
  children,
  honeypot = true,
}: {
  action: string
  next?: string
  submit: string
  t: FormTexts
  children: ReactNode
  honeypot?: boolean
}) => (
  <form method="post" noValidate data-action={action} {...(next ? { 'data-next': next } : {})}>
    {children}
    {honeypot && <Honeypot t={t} />}
    <p className="ms" aria-live="polite" />
    <SubmitButton label={submit} />
    <noscript>
      <p className="ms bad">{t.noScript}</p>
    </noscript>
  </form>
)

const Fields = ({ form, model, t }: { form: FormModel; model: PageModel; t: FormTexts }) => (
  <>
    {form.fields.map((field) => (
      <Field key={field.id} field={field} t={t} />
    ))}
    <Company form={form} model={model} t={t} />
  </>
)

/** The resend form of register-success and of an expired link. */
const Resend = ({ form, model, t }: { form: FormModel; model: PageModel; t: FormTexts }) => (
  <Form action="resend-register-email" submit={t.resendSubmit} t={t}>
    <Field field={memberField(form, 'email', model.lang, 'r0')} t={t} />
  </Form>
)

const Also = ({ href, children }: { href: string; children: ReactNode }) => (
  <p className="al">
    <a href={href}>{children}</a>
  </p>
)

/** An entry page whose form is off: it says so and leads back to the site. */
const closed = (page: FormPageName, model: PageModel, t: FormTexts) =>
  (ENTRY_PAGES as readonly FormPageName[]).includes(page)
    ? {
        title: t.closedTitle,
        body: (
          <>
            <h1 id="h" tabIndex={-1}>
              {t.closedTitle}
            </h1>
            <p>{t.closedText}</p>
            <a className="bt" href={model.home}>
              {t.backToSite}
            </a>
          </>
        ),
      }
    : undefined

/** Each page's title and content. */
const content = (
  page: FormPageName,
  model: PageModel,
  t: FormTexts,
): { title: string; body: ReactNode } | undefined => {
  const { contact, membership, homepage } = model.forms
  const heading = (text: string) => (
    <h1 id="h" tabIndex={-1}>
      {text}
    </h1>
  )
  switch (page) {
    case 'register':
      return (
        membership && {
          title: t.registerTitle,
          body: (
            <>
              {heading(t.registerTitle)}
              <p className="ld">{t.registerLead}</p>
              <Form
                action="register"
                next={model.page('register-success')}
                submit={submitLabel('membership', t)}
                t={t}
              >
                <Fields form={membership} model={model} t={t} />
              </Form>
              <Also href={model.page('login')}>{t.haveAccount}</Also>
            </>
          ),
        }
      )
    case 'register-success':
      return (
        membership && {
          title: t.mailTitle,
          body: (
            <>
              {heading(t.mailTitle)}
              <p>{t.mailText}</p>
              <h2>{t.resendTitle}</h2>
              <p>{t.resendText}</p>
              <Resend form={membership} model={model} t={t} />
              <Also href={model.page('register')}>{t.retry}</Also>
            </>
          ),
        }
      )
    case 'register-complete':
      // The island confirms the link's token and shows the section of the answer.
      return (
        membership && {
          title: t.registerTitle,
          body: (
            <>
              <section data-state="pending">
                {heading(t.confirming)}
                <noscript>
                  <p className="ms bad">{t.noScript}</p>
                </noscript>
              </section>
              <section data-state="done" hidden>
                <h1 tabIndex={-1}>{t.doneTitle}</h1>
                <p>{t.doneText}</p>
                <a className="bt" href={model.page('login')}>
                  {t.loginSubmit}
                </a>
              </section>
              <section data-state="expired" hidden>
                <h1 tabIndex={-1}>{t.expiredTitle}</h1>
                <p>{t.expiredText}</p>
                <Resend form={membership} model={model} t={t} />
                <Also href={model.page('register')}>{t.retry}</Also>
              </section>
              <section data-state="invalid" hidden>
                <h1 tabIndex={-1}>{t.invalidTitle}</h1>
                <p>{t.invalidText}</p>
                <a className="bt" href={model.page('login')}>
                  {t.loginSubmit}
                </a>
                <Also href={model.page('register')}>{t.retry}</Also>
              </section>
              <section data-state="failed" hidden>
                <h1 tabIndex={-1}>{t.failedTitle}</h1>
                <p className="ms bad">{t.errors.failed}</p>
                <button type="button" className="sb" data-retry="">
                  {t.tryAgain}
                </button>
              </section>
            </>
          ),
        }
      )
    case 'login':
      return (
        membership && {
          title: t.loginTitle,
          body: (
            <>
              {heading(t.loginTitle)}
              <Form action="login" next={model.home} submit={t.loginSubmit} t={t} honeypot={false}>
                <Field field={memberField(membership, 'email', model.lang, 'f0')} t={t} />
                <Field field={memberField(membership, 'password', model.lang, 'f1')} t={t} />
              </Form>
              <Also href={model.page('register')}>{t.noAccount}</Also>
            </>
          ),
        }
      )
    case 'contact':
      return (
        contact && {
          title: t.contactTitle,
          body: (
            <>
              {heading(t.contactTitle)}
              {contact.companyName && <p className="ld">{contact.companyName}</p>}
              <Form
                action="contact"
                next={model.page('contact-success')}
                submit={submitLabel('contact', t)}
                t={t}
              >
                <Fields form={contact} model={model} t={t} />
              </Form>
            </>
          ),
        }
      )
    case 'forms':
      return (
        homepage && {
          title: t.formsTitle,
          body: (
            <>
              {heading(t.formsTitle)}
              <Form
                action="homepage"
                next={model.page('form-success')}
                submit={submitLabel('homepage', t)}
                t={t}
              >
                <Fields form={homepage} model={model} t={t} />
              </Form>
            </>
          ),
        }
      )
    case 'contact-success':
    case 'form-success':
      return {
        title: t.sentTitle,
        body: (
          <>
            {heading(t.sentTitle)}
            <p className="st">
              {(page === 'contact-success' ? contact : homepage)?.successText ?? t.sentText}
            </p>
            <a className="bt" href={model.home}>
              {t.backToSite}
            </a>
          </>
        ),
      }
  }
}

/**
 * A visitor form page (SPEC §2 End-user pages), the whole document: an entry page whose form is
 * off says the form is not accepting (`closed`); any other page of a form that is off is null. The site frame's top bar (logo, back to the swipe page), the form built from the
 * creator's fields, and the forms island (a module script: never render-blocking).
 */
export const FormPage = ({ model, page, script, siteId, apiBase }: FormPageProps) => {
  const t = FORM_TEXTS[model.lang]
  const open = content(page, model, t)
  const found = open ?? closed(page, model, t)
  if (!found) return null
  return (
    <html lang={model.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <title>{`${found.title} | ${model.title}`}</title>
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href={model.favicon ?? 'data:,'} />
        <style>{FORM_CSS}</style>
        {/* The site's ad tags, for the form's conversion (they load only after the visitor's consent). */}
        {open && model.tags && <script src={model.tags.script} defer />}
        {open && <script type="module" src={script} />}
      </head>
      <body
        data-site={siteId}
        data-lang={LANGUAGE_SEGMENTS[model.lang]}
        data-root={model.root}
        data-page={page}
        {...(apiBase ? { 'data-api': apiBase } : {})}
        {...messageData(t)}
      >
        <header className="tb">
          <a className="lo" href={model.home}>
            {model.logo ? <img src={model.logo} alt={model.title} width={160} height={32} /> : model.h1}
          </a>
          <a className="bk" href={model.home}>
            <span aria-hidden="true">← </span>
            {t.backToSite}
          </a>
        </header>
        <main>{found.body}</main>
      </body>
    </html>
  )
}
