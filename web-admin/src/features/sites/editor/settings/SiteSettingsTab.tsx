import { colorSchema, gridSchema, SITE_LIMITS, SiteNameSchema } from '@swipe/shared'
import { Divider, Form, Input, Radio } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorTabProps, FieldProblem } from '../draft.ts'
import { checkAt } from '../fields/checks.ts'
import { fieldStatus, useFieldMessages } from '../fields/useFieldMessages.ts'
import { AppearanceFields } from './AppearanceFields.tsx'
import { BrandingFields } from './BrandingFields.tsx'
import { DefaultLanguageField } from './DefaultLanguageField.tsx'
import { GridFields } from './GridFields.tsx'
import { patchGlobal } from './settingsModel.ts'

/** What the shared rules say about this tab's fields right now. */
const liveProblems = ({ draft, plan }: Pick<EditorTabProps, 'draft' | 'plan'>): FieldProblem[] => {
  const g = draft.globalSetting
  return [
    ...checkAt(SiteNameSchema, g.name, 'globalSetting.name'),
    ...checkAt(
      gridSchema(plan.quantitySwipe),
      { numberHorizontal: g.numberHorizontal, numberVertical: g.numberVertical },
      'globalSetting',
    ),
    ...(g.globalMenuTextColor === null
      ? []
      : checkAt(colorSchema, g.globalMenuTextColor, 'globalSetting.globalMenuTextColor')),
    ...(g.speakerColor === null ? [] : checkAt(colorSchema, g.speakerColor, 'globalSetting.speakerColor')),
  ]
}

/** Site settings (SPEC §3 Site): name, grid, view mode, favicon and logo, default language, colours. */
export const SiteSettingsTab = (props: EditorTabProps) => {
  const { draft, onChange, readOnly, problems } = props
  const { t } = useTranslation()
  const nameId = useId()
  const { messageAt, touch } = useFieldMessages(problems, liveProblems(props))
  const g = draft.globalSetting
  const nameMessage = messageAt('globalSetting.name')

  return (
    <Form layout="vertical" disabled={readOnly} style={{ maxWidth: 720 }} component="div">
      <Form.Item
        label={t('siteEditor.settings.name')}
        htmlFor={nameId}
        required
        {...fieldStatus(nameMessage)}
      >
        <Input
          id={nameId}
          value={g.name}
          showCount
          maxLength={SITE_LIMITS.text}
          aria-invalid={Boolean(nameMessage) || undefined}
          onChange={(event) => {
            touch('globalSetting.name')
            onChange(patchGlobal({ name: event.target.value }))
          }}
        />
      </Form.Item>
      <GridFields
        draft={draft}
        plan={props.plan}
        onChange={onChange}
        readOnly={readOnly}
        message={messageAt('globalSetting.numberHorizontal') ?? messageAt('globalSetting.numberVertical')}
        onTouched={() => touch('globalSetting.numberHorizontal', 'globalSetting.numberVertical')}
      />
      <Form.Item label={t('siteEditor.settings.viewMode')}>
        <Radio.Group
          aria-label={t('siteEditor.settings.viewMode')}
          optionType="button"
          value={g.viewMode}
          options={[
            { value: 'MOBILE', label: t('siteEditor.settings.viewModes.MOBILE') },
            { value: 'PC', label: t('siteEditor.settings.viewModes.PC') },
          ]}
          onChange={(event) => onChange(patchGlobal({ viewMode: event.target.value }))}
        />
      </Form.Item>

      <Divider titlePlacement="start">{t('siteEditor.settings.branding')}</Divider>
      <BrandingFields {...props} />

      <Divider titlePlacement="start">{t('siteEditor.settings.languageAndDisplay')}</Divider>
      <DefaultLanguageField
        draft={draft}
        onChange={onChange}
        readOnly={readOnly}
        message={messageAt('globalSetting.defaultLanguage')}
      />
      <AppearanceFields
        draft={draft}
        onChange={onChange}
        readOnly={readOnly}
        messageAt={messageAt}
        touch={touch}
      />
    </Form>
  )
}
