import { GLOBAL_SETTING_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { Form, Switch } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorTabProps } from '../draft.ts'
import { ColorField } from '../fields/ColorField.tsx'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import { patchGlobal } from './settingsModel.ts'

interface AppearanceFieldsProps extends Pick<EditorTabProps, 'draft' | 'onChange' | 'readOnly'> {
  messageAt: (path: string) => string | undefined
  touch: (path: string) => void
}

const COLORS = ['globalMenuTextColor', 'speakerColor'] as const
const SWITCHES = ['displayLanguageIcon', 'displayGlobalMenu'] as const

/** The global menu's text colour, the language icon's colour, and whether each is shown. */
export const AppearanceFields = ({ draft, onChange, readOnly, messageAt, touch }: AppearanceFieldsProps) => {
  const { t } = useTranslation()
  const baseId = useId()
  const g = draft.globalSetting
  return (
    <>
      {COLORS.map((field) => {
        const path = `globalSetting.${field}`
        const message = messageAt(path)
        return (
          <Form.Item
            key={field}
            label={t(`siteEditor.settings.${field}`)}
            htmlFor={`${baseId}-${field}`}
            extra={t('siteEditor.color.hint')}
            {...fieldStatus(message)}
          >
            <ColorField
              id={`${baseId}-${field}`}
              value={g[field]}
              clearable
              placeholder={t('siteEditor.color.unset')}
              invalid={Boolean(message)}
              disabled={readOnly}
              onChange={(value) => {
                touch(path)
                onChange(patchGlobal({ [field]: value }))
              }}
            />
          </Form.Item>
        )
      })}
      {SWITCHES.map((field) => (
        <Form.Item key={field} label={t(`siteEditor.settings.${field}`)} htmlFor={`${baseId}-${field}`}>
          <Switch
            id={`${baseId}-${field}`}
            checked={g[field]}
            disabled={readOnly}
            onChange={(checked) => onChange(patchGlobal({ [field]: checked }))}
          />
        </Form.Item>
      ))}
      {/* On: FILL (cover a tall phone's screen); off: FIT (the whole 351 × 535 frame). */}
      <Form.Item
        label={t('siteEditor.settings.creativeFit')}
        htmlFor={`${baseId}-creativeFit`}
        extra={t('siteEditor.settings.creativeFitHint')}
      >
        <Switch
          id={`${baseId}-creativeFit`}
          checked={(g.creativeFit ?? GLOBAL_SETTING_DEFAULTS.creativeFit) === 'FILL'}
          disabled={readOnly}
          onChange={(checked) => onChange(patchGlobal({ creativeFit: checked ? 'FILL' : 'FIT' }))}
        />
      </Form.Item>
    </>
  )
}
