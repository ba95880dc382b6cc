import { bottomBarShows } from '@swipe/shared/site/bottom-bar'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import type { EditorTabProps } from '../draft.ts'
import { Field } from './Field.tsx'

type Key = 'snsConfig' | 'showCompany'
const CHOICES = ['follow', 'on', 'off'] as const
const choiceOf = (value: boolean | null | undefined) => (value == null ? 'follow' : value ? 'on' : 'off')

/**
 * A creative's bottom-bar choice (SNS links or company tabs): follow the language's default set in
 * the other settings (named with what it currently means), show, or hide.
 */
export const BottomBarChoice = ({
  tab,
  creative,
  field,
  problem,
  onChange,
}: {
  tab: EditorTabProps
  creative: Creative
  field: Key
  problem?: string | undefined
  onChange: (value: boolean | null) => void
}) => {
  const { t } = useTranslation()
  const defaults = tab.draft.settings.find((s) => s.lang === creative.lang)
  const inherited = bottomBarShows({}, defaults)[field === 'snsConfig' ? 'sns' : 'company']
  const state = t(inherited ? 'siteContent.bottomBar.shown' : 'siteContent.bottomBar.hidden')
  return (
    <Field
      label={t(`siteContent.creative.${field}`)}
      problem={problem}
      extra={t('siteContent.bottomBar.creativeHint')}
    >
      {(id) => (
        <Select
          id={id}
          value={choiceOf(creative[field])}
          style={{ width: '100%' }}
          options={CHOICES.map((choice) => ({
            value: choice,
            label: t(`siteContent.bottomBar.${choice}`, { state }),
          }))}
          onChange={(choice) => onChange(choice === 'follow' ? null : choice === 'on')}
        />
      )}
    </Field>
  )
}
