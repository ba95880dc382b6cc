import type { ContentLanguage } from '@swipe/shared/site/languages'
import { FORM_TEXTS } from '@swipe/shared/site/texts'
import { Field, FORM_FIELD_CSS, fieldModel } from '@swipe/web-site/blocks/FormField.tsx'
import { FORM_SUBMIT_CSS, SubmitButton, submitLabel } from '@swipe/web-site/blocks/FormSubmit.tsx'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import type { FormField } from '../../api.ts'
import { BlockPreview } from '../preview/BlockPreview.tsx'

/** The form page's column around the fields: only the frame is the console's. */
const FRAME_CSS = `*,::before,::after{box-sizing:border-box}
.fp{padding:4px 0;font:15px/1.6 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",sans-serif;color:#202020;background:#fff}
`

/**
 * How the visitor form looks: the site's form field and form button blocks
 * (`@swipe/web-site/blocks/FormField`, `FormSubmit`) with their stylesheets, for the creator's
 * fields in order with their titles, placeholders, required badges and default choices, and the
 * button the visitor presses, in the words of the language being edited. A picture: inert, out of
 * the tab order, every text shown as text.
 */
export const FormPreview = ({
  title,
  fields,
  kind,
  lang,
}: {
  title: string
  fields: readonly FormField[]
  kind: 'contact' | 'membership' | 'homepage'
  /** The content language being edited: the page words (required badge, button) are its. */
  lang: ContentLanguage
}) => {
  const { t } = useTranslation()
  const texts = FORM_TEXTS[lang]
  return (
    <Card size="small" title={t('siteContent.forms.previewTitle', { form: title })}>
      <BlockPreview name="form" css={FRAME_CSS + FORM_FIELD_CSS + FORM_SUBMIT_CSS}>
        <div className="fp">
          {fields.map((field, index) => {
            const model = fieldModel(field, index, kind)
            return <Field key={model.id} field={model} t={texts} />
          })}
          <SubmitButton label={submitLabel(kind, texts)} />
        </div>
      </BlockPreview>
    </Card>
  )
}
