import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { loadServerMessages } from '../../../i18n/index.ts'
import styles from './auth.module.css'

/*
 * The sign-in screens' forms, without antd's Form, Input and Button (issue 14: they were a third of
 * /login's first load). The behaviour follows antd's Form as the screens used it: a field is checked
 * on every change and all fields on submit, a field's first failing check is its message, a field
 * that depends on another (the confirmation) is re-checked when that one changes once it has been
 * touched, messages follow a language change, and the server's field errors go onto the fields.
 * On a failed submit the first field with an error gets the focus.
 */

/**
 * A request of a sign-in screen whose failure may be shown with the server's message catalogue
 * (`errorMessage` falls back to it for network errors): the catalogue is fetched before the error
 * surfaces, since the screens do not load it at start (issue 14).
 */
export const withServerMessages = async <R,>(request: Promise<R>): Promise<R> => {
  try {
    return await request
  } catch (error) {
    await loadServerMessages().catch(() => undefined)
    throw error
  }
}

/** One check of a field: the localised message when the value fails, else undefined. */
export type Check<V> = (value: string, values: V) => string | undefined | Promise<string | undefined>

export interface AuthFormOptions<V extends Record<string, string>> {
  initial: V
  /** Per field, in order; the first message wins. */
  checks: { [K in keyof V]?: readonly Check<V>[] }
  /** Fields re-checked when the key changes, once they have been touched (confirmation ← password). */
  dependents?: { [K in keyof V]?: readonly (keyof V & string)[] }
}

export type FieldErrors<V> = { [K in keyof V]?: readonly string[] }

export const useAuthForm = <V extends Record<string, string>>({
  initial,
  checks,
  dependents,
}: AuthFormOptions<V>) => {
  const { i18n } = useTranslation()
  const formId = useId()
  const order = useRef(Object.keys(initial) as (keyof V & string)[]).current
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors<V>>({})
  const current = useRef({ values: initial, errors: {} as FieldErrors<V> })
  current.current.values = values
  current.current.errors = errors
  const touched = useRef(new Set<keyof V>())
  /** The latest check of each field; an older one finishing late is ignored. */
  const runs = useRef<Partial<Record<keyof V, number>>>({})
  const inputs = useRef<Partial<Record<keyof V, HTMLInputElement | null>>>({})

  /** Checks `names` against `all`; returns the names that failed. */
  const validate = useCallback(
    async (names: readonly (keyof V & string)[], all: V): Promise<(keyof V & string)[]> => {
      for (const name of names) runs.current[name] = (runs.current[name] ?? 0) + 1
      const started = new Map(names.map((name) => [name, runs.current[name]]))
      // The checks' messages are the server's catalogue, fetched on the first check (issue 14).
      await loadServerMessages()
      const results = await Promise.all(
        names.map(async (name) => {
          const run = started.get(name)
          let message: string | undefined
          for (const check of checks[name] ?? []) {
            message = await check(all[name] ?? '', all)
            if (message) break
          }
          return { name, run, message }
        }),
      )
      setErrors((previous) => {
        const next = { ...previous }
        for (const { name, run, message } of results) {
          if (runs.current[name] !== run) continue
          if (message) next[name] = [message]
          else delete next[name]
        }
        return next
      })
      return results.filter((result) => result.message).map((result) => result.name)
    },
    [checks],
  )

  // Messages follow the interface language: fields showing an error are checked again.
  const shownLanguage = useRef(i18n.language)
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return
    shownLanguage.current = i18n.language
    const withErrors = order.filter((name) => (current.current.errors[name]?.length ?? 0) > 0)
    if (withErrors.length > 0) void validate(withErrors, current.current.values)
  }, [i18n.language, order, validate])

  const change = (name: keyof V & string) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...current.current.values, [name]: event.target.value }
    current.current.values = next
    setValues(next)
    touched.current.add(name)
    const again = (dependents?.[name] ?? []).filter((field) => touched.current.has(field))
    void validate([name, ...again], next)
  }

  /** The props of one field: value, change handler, its error and the input's ref and ids. */
  const field = (name: keyof V & string) => ({
    id: `${formId}-${name}`,
    name,
    value: values[name] ?? '',
    errors: errors[name] ?? [],
    onChange: change(name),
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element
    },
  })

  /** The form's submit handler: checks every field, then calls `onValid` or focuses the first error. */
  const onSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const all = current.current.values
    for (const name of order) touched.current.add(name)
    void validate(order, all).then((failed) => {
      const first = order.find((name) => failed.includes(name))
      if (first) inputs.current[first]?.focus()
      else onValid(all)
    })
  }

  /** Shows the server's field errors (`serverFieldErrors`) on their fields. */
  const setFieldErrors = useCallback(
    (list: readonly { name: string; errors: string[] }[]) => {
      if (list.length === 0) return
      setErrors((previous) => {
        const next = { ...previous }
        for (const { name, errors: messages } of list) next[name as keyof V] = messages
        return next
      })
      const first = order.find((name) => list.some((entry) => entry.name === name))
      if (first) inputs.current[first]?.focus()
    },
    [order],
  )

  return { field, onSubmit, setFieldErrors }
}

type FieldProps = ReturnType<ReturnType<typeof useAuthForm>['field']> & {
  label: string
  /** A hint under the field (antd's `extra`), tied to the input with aria-describedby. */
  help?: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

/** A labelled input with its error (role=alert) and hint, both tied to it with aria-describedby. */
export const Field = ({
  id,
  name,
  value,
  errors,
  onChange,
  inputRef,
  label,
  help,
  type = 'text',
  autoComplete,
}: FieldProps) => {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  const errorId = `${id}-error`
  const helpId = `${id}-help`
  const invalid = errors.length > 0
  const input = (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={type === 'password' && shown ? 'text' : type}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(invalid && errorId, help !== undefined && helpId)}
      className={`${styles.input} ${type === 'password' ? '' : invalid ? styles.invalid : ''}`}
    />
  )
  return (
    <div className={`${styles.item} ${invalid || help !== undefined ? styles.withHelp : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {type === 'password' ? (
        <span className={`${styles.affix} ${invalid ? styles.invalid : ''}`}>
          {input}
          <button
            type="button"
            className={styles.toggle}
            aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            <EyeIcon open={shown} />
          </button>
        </span>
      ) : (
        input
      )}
      {invalid && (
        <div id={errorId} role="alert" className={styles.error}>
          {errors.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <div key={index}>{message}</div>
          ))}
        </div>
      )}
      {help !== undefined && (
        <div id={helpId} className={styles.extra}>
          {help}
        </div>
      )}
    </div>
  )
}

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="14"
    height="14"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M3 3l18 18" />}
  </svg>
)

/** The primary, full-width submit button; while the request runs it shows a spinner and ignores clicks. */
export const SubmitButton = ({ pending, children }: { pending: boolean; children: ReactNode }) => (
  <div className={styles.item}>
    <button
      type="submit"
      className={`${styles.button} ${styles.block}`}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault()
      }}
    >
      {pending && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  </div>
)

/** antd's error Alert: a request that failed as a whole. */
export const ErrorAlert = ({ children }: { children: ReactNode }) => (
  <div role="alert" className={styles.alert}>
    <svg className={styles.alertIcon} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="8" fill="currentColor" />
      <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" />
    </svg>
    <div>{children}</div>
  </div>
)

/** antd's Result: a status mark, a title, an optional sub-title and what follows. */
export const Result = ({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'success' | 'warning'
  title: ReactNode
  subTitle?: ReactNode
  extra?: ReactNode
}) => (
  <div className={styles.result}>
    <span className={`${styles.resultMark} ${styles[status]}`} aria-hidden="true">
      {status === 'success' ? '✓' : '!'}
    </span>
    <div className={styles.resultTitle}>{title}</div>
    {subTitle !== undefined && <div className={styles.resultSubtitle}>{subTitle}</div>}
    {extra !== undefined && <div className={styles.resultExtra}>{extra}</div>}
  </div>
)

/** A busy indicator with its text (antd's Spin with a description). */
export const Busy = ({ children }: { children: ReactNode }) => (
  <div className={styles.status} role="status" aria-live="polite">
    <span className={`${styles.spinner} ${styles.large}`} aria-hidden="true" />
    <span>{children}</span>
  </div>
)

export const Paragraph = ({ children }: { children: ReactNode }) => (
  <p className={styles.paragraph}>{children}</p>
)

export const linkClass = styles.link

export const buttonClass = styles.button
