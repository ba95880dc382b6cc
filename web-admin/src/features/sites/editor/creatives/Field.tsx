import { Form } from 'antd'
import { type ReactNode, useId } from 'react'

/**
 * A labelled control of a tab that edits the draft directly (no antd form store): the label points
 * at the control by id, and a problem shows under it.
 */
export const Field = ({
  label,
  problem,
  extra,
  required,
  children,
}: {
  label: ReactNode
  problem?: string | null | undefined
  extra?: ReactNode
  required?: boolean
  /** A function gets the id the label points at; a node is labelled by its own means. */
  children: ReactNode | ((id: string) => ReactNode)
}) => {
  const id = useId()
  const labelled = typeof children === 'function'
  return (
    <Form.Item
      label={label}
      htmlFor={labelled ? id : undefined}
      required={required}
      validateStatus={problem ? 'error' : undefined}
      help={problem || undefined}
      extra={extra}
    >
      {labelled ? children(id) : children}
    </Form.Item>
  )
}

/** The first of several problems (the one found while typing, then the last save's). */
export const firstProblem = (...problems: (string | null | undefined)[]): string | undefined =>
  problems.find((p): p is string => Boolean(p))
