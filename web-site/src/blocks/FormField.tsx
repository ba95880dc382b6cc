import type { FormTexts } from '@swipe/shared/site/texts'
import type { FieldModel } from '../lib/forms.ts'

/**
 * The form field block (SPEC §3 Form field definition, §5): one creator field with its label,
 * required badge and error slot, and its stylesheet. Used by the visitor form pages' render
 * (components/FormPage.tsx) and by the console's form preview, which shows the same markup with
 * the same CSS.
 */

/**
 * One control with its label and error slot. Required fields carry `required` (announced by
 * screen readers) and a visible badge; the error slot is the control's description, empty until
 * the island writes a message into it (and sets `aria-invalid`).
 */
export const Field = ({ field, t }: { field: FieldModel; t: FormTexts }) => {
  const error = `${field.id}-e`
  const badge = (hidden: boolean) =>
    field.required && (
      <span className="rq" aria-hidden={hidden || undefined}>
        {t.required}
      </span>
    )
  const wrap = { 'data-f': field.name, ...(field.required ? { 'data-r': '' } : {}) }
  if (field.control === 'checkboxes')
    return (
      <fieldset className="f" data-k="multi" aria-describedby={error} {...wrap}>
        <legend>
          {field.title}
          {badge(false)}
        </legend>
        {field.options.map((option, i) => (
          <label className="ck" key={option.value}>
            <input
              type="checkbox"
              id={`${field.id}-${i}`}
              name={field.name}
              value={option.value}
              defaultChecked={option.selected}
            />
            {option.value}
          </label>
        ))}
        <p className="er" id={error} />
      </fieldset>
    )
  const common = {
    id: field.id,
    name: field.name,
    required: field.required,
    'aria-describedby': error,
  }
  const selected = field.options.find((o) => o.selected)
  return (
    <div className="f" {...wrap}>
      <label htmlFor={field.id}>
        {field.title}
        {badge(true)}
      </label>
      {field.control === 'textarea' ? (
        <textarea
          {...common}
          rows={6}
          placeholder={field.placeholder || undefined}
          maxLength={field.maxLength}
        />
      ) : field.control === 'select' ? (
        <select {...common} defaultValue={selected?.value ?? ''}>
          {!selected && <option value="">{field.placeholder || t.selectPrompt}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.control}
          placeholder={field.placeholder || undefined}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          {...(field.control === 'email' ? { inputMode: 'email', spellCheck: false } : {})}
          {...(field.control === 'number' ? { inputMode: 'decimal', step: 'any' } : {})}
        />
      )}
      <p className="er" id={error} />
    </div>
  )
}

/** The form field block's stylesheet. */
export const FORM_FIELD_CSS = `.f{min-width:0;margin:0 0 18px;padding:0;border:0}
.f>label:not(.ck),.f>legend{display:block;margin:0 0 6px;padding:0;font-weight:700}
.rq{margin-left:6px;padding:1px 6px;border-radius:4px;background:#b3261e;color:#fff;font-size:11px;vertical-align:2px}
.f input:not([type=checkbox]),.f select,.f textarea{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:inherit;font:inherit}
.f textarea{min-height:140px;resize:vertical;line-height:1.6}
.f [aria-invalid=true]{border:2px solid #b3261e}
.ck{display:flex;align-items:center;gap:10px;min-height:44px}
.ck input{flex:none;width:20px;height:20px;margin:0;accent-color:#202020}
.er{margin:6px 0 0;color:#b3261e;font-size:13px;font-weight:700}
.er:empty{display:none}
`

/** How a creator field becomes the block's field (the page's rule, for the console's preview too). */
export { fieldModel } from '../lib/forms.ts'
