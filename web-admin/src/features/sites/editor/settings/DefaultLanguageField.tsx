import { SITE_LANGUAGES, type SiteLanguage } from '@swipe/shared'
import { App, Form, Select } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { languageLabel } from '../../../../components/languageLabel.ts'
import type { EditorTabProps } from '../draft.ts'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import { switchOnlyLanguage } from '../frame/editorModel.ts'
import { patchGlobal } from './settingsModel.ts'

interface DefaultLanguageFieldProps extends Pick<EditorTabProps, 'draft' | 'onChange' | 'readOnly'> {
  message: string | undefined
}

/**
 * The default language. With several languages it is one of them. A single-language site chooses
 * its one language here; that resets the content entered so far (SPEC §4), so it is asked first.
 */
export const DefaultLanguageField = ({ draft, onChange, readOnly, message }: DefaultLanguageFieldProps) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const id = useId()
  const { languages, defaultLanguage } = draft.globalSetting
  const single = languages.length === 1
  const options = (single ? SITE_LANGUAGES : languages).map((lang) => ({
    value: lang,
    label: languageLabel(t, lang),
  }))

  const choose = (lang: SiteLanguage) => {
    if (lang === defaultLanguage) return
    if (!single) {
      onChange(patchGlobal({ defaultLanguage: lang }))
      return
    }
    modal.confirm({
      title: t('siteEditor.settings.languageResetTitle'),
      content: t('siteEditor.settings.languageResetContent', {
        from: languageLabel(t, defaultLanguage),
        to: languageLabel(t, lang),
      }),
      okText: t('siteEditor.settings.languageResetOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => onChange((current) => switchOnlyLanguage(current, lang)),
    })
  }

  return (
    <Form.Item
      label={t('siteEditor.settings.defaultLanguage')}
      htmlFor={id}
      extra={t(
        single ? 'siteEditor.settings.defaultLanguageSingle' : 'siteEditor.settings.defaultLanguageHint',
      )}
      {...fieldStatus(message)}
    >
      <Select
        id={id}
        value={defaultLanguage}
        options={options}
        disabled={readOnly}
        style={{ width: 200 }}
        onChange={choose}
      />
    </Form.Item>
  )
}
