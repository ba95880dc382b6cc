import type { ContentLanguage } from '@swipe/shared/site/languages'
import { FORM_TEXTS } from '@swipe/shared/site/texts'
import { Field, FORM_FIELD_CSS, fieldModel } from '@swipe/web-site/blocks/FormField.tsx'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import type { FormField } from '../../api.ts'
import { BlockPreview } from '../preview/BlockPreview.tsx'

/** The form page's column around the fields: only the frame is the console's. */
const FRAME_CSS = `*,::before,::after{box-sizing:border-box}
.fp{padding:4px 0;font:15px/1.6 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",sans-serif;color:#202020;background:#fff}
`

/**
 * How the visitor form looks: the site's form field block (`@swipe/web-site/blocks/FormField`)
 * with its stylesheet, for the creator's fields in order with their titles, placeholders, required
 * badges and default choices. A picture: inert, out of the tab order, every text shown as text.
 */
export const FormPreview = ({
  title,
  fields,
  kind = 'homepage',
  lang = 'JP',
}: {
  title: string
  fields: readonly FormField[]
  kind?: 'contact' | 'membership' | 'homepage'
  lang?: ContentLanguage
}) => {
  const { t } = useTranslation()
  const texts = FORM_TEXTS[lang]
  return (
    <Card size="small" title={t('siteContent.forms.previewTitle', { form: title })}>
      <BlockPreview name="form" css={FRAME_CSS + FORM_FIELD_CSS}>
        <div className="fp">
          {fields.map((field, index) => {
            const model = fieldModel(field, index, kind)
            return <Field key={model.id} field={model} t={texts} />
          })}
        </div>
      </BlockPreview>
    </Card>
  )
}
