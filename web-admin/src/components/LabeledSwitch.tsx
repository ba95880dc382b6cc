import { Switch, type SwitchProps } from 'antd'
import { type ReactNode, useId } from 'react'

/**
 * A switch with its text beside it, in a `<label>` that points at it: a click on the text toggles
 * it, as on a checkbox's label, and the text is its accessible name. A switch in a `Form.Item`
 * needs none of this (the item's label points at it); this is for a switch shown on its own
 * (issue 30: a text beside an `aria-label`led switch did nothing when clicked).
 */
export const LabeledSwitch = ({
  label,
  gap = 6,
  fontSize,
  id,
  ...props
}: Omit<SwitchProps, 'aria-label'> & { label: ReactNode; gap?: number; fontSize?: number }) => {
  const generated = useId()
  const switchId = id ?? generated
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap, fontSize }}>
      <Switch {...props} id={switchId} />
      <label htmlFor={switchId} style={{ cursor: props.disabled ? 'not-allowed' : 'pointer' }}>
        {label}
      </label>
    </span>
  )
}
