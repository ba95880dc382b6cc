import { textContrast } from '@swipe/shared/contrast'
import { Alert, Button } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * Beside a text colour and its background: a warning when the pair is below WCAG AA for normal
 * text (4.5:1), with the one-click fix (black or white, whichever contrasts more with the
 * background). Nothing when the pair is legible, or either colour is unset, invalid or translucent.
 * The live site paints the creator's colours as chosen (docs/decisions/0022-visitor-site.md "The creator's
 * colours as chosen"): this warning is where legibility is dealt with.
 */
export const ContrastWarning = ({
  text,
  background,
  textLabel,
  backgroundLabel,
  onFix,
  disabled,
}: {
  /** The text colour as it will be painted (the default when none is set). */
  text: string | null | undefined
  background: string | null | undefined
  textLabel: string
  backgroundLabel: string
  /** Sets the text colour to the fix. */
  onFix: (color: string) => void
  disabled?: boolean
}) => {
  const { t } = useTranslation()
  const contrast = textContrast(text, background)
  if (!contrast || contrast.legible) return null
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={t('siteEditor.color.lowContrast', {
        text: textLabel,
        background: backgroundLabel,
        ratio: contrast.ratio.toFixed(2),
      })}
      action={
        <Button size="small" disabled={disabled} onClick={() => onFix(contrast.fix)}>
          {t('siteEditor.color.makeReadable', {
            color: t(contrast.fix === '#000000' ? 'siteEditor.color.black' : 'siteEditor.color.white'),
          })}
        </Button>
      }
    />
  )
}
