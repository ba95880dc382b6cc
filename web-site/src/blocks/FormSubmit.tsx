import type { FormTexts } from '@swipe/shared/site/texts'
import type { FormKind } from '../lib/forms.ts'

/**
 * The form button block: a visitor form's submit button (and the form pages' links drawn as the
 * same button, `.bt`), with its stylesheet. Used by the visitor form pages' render
 * (components/FormPage.tsx) and by the console's form preview, under the preview's fields.
 */

/** What a creator form's button says: 登録する for the membership form, 送信する for the others. */
export const submitLabel = (kind: FormKind, t: Pick<FormTexts, 'registerSubmit' | 'send'>): string =>
  kind === 'membership' ? t.registerSubmit : t.send

/** A form's submit button. */
export const SubmitButton = ({ label }: { label: string }) => (
  <button type="submit" className="sb">
    {label}
  </button>
)

/** The form button block's stylesheet: a full-width pill, dimmed while the form is being sent. */
export const FORM_SUBMIT_CSS = `.sb,.bt{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:10px 20px;border:0;border-radius:999px;background:#202020;color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.sb:disabled{opacity:.65;cursor:progress}
`
