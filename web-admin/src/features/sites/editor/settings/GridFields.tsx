import { App, Flex, Form, Select, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditorTabProps } from '../draft.ts'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import { changeGrid, MAX_COLUMNS, MAX_ROWS } from './settingsModel.ts'

const numbers = (max: number) =>
  Array.from({ length: max }, (_, i) => ({ value: i + 1, label: String(i + 1) }))
const ROW_OPTIONS = numbers(MAX_ROWS)
const COLUMN_OPTIONS = numbers(MAX_COLUMNS)

interface GridFieldsProps extends Pick<EditorTabProps, 'draft' | 'plan' | 'onChange' | 'readOnly'> {
  message: string | undefined
  onTouched: () => void
}

/**
 * Rows and columns. A new size clears the creative settings, so it is asked first (only when there
 * are creatives to lose); cancelling keeps the old size.
 */
export const GridFields = ({ draft, plan, onChange, readOnly, message, onTouched }: GridFieldsProps) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const rowsId = useId()
  const columnsId = useId()
  const { numberHorizontal, numberVertical } = draft.globalSetting

  const choose = (grid: { numberHorizontal: number } | { numberVertical: number }) => {
    const apply = () => {
      onTouched()
      onChange((current) => changeGrid(current, grid))
    }
    if (draft.creatives.length === 0) {
      apply()
      return
    }
    modal.confirm({
      title: t('siteEditor.settings.gridConfirmTitle'),
      content: t('siteEditor.settings.gridConfirmContent'),
      okText: t('siteEditor.settings.gridConfirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: apply,
    })
  }

  return (
    <Form.Item label={t('siteEditor.settings.grid')} required {...fieldStatus(message)}>
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <label htmlFor={rowsId}>{t('siteEditor.settings.rows')}</label>
          <Select
            id={rowsId}
            value={numberHorizontal}
            options={ROW_OPTIONS}
            showSearch={{ optionFilterProp: 'label' }}
            virtual={false}
            disabled={readOnly}
            style={{ width: 96 }}
            onChange={(value: number) => value !== numberHorizontal && choose({ numberHorizontal: value })}
          />
        </Flex>
        <Typography.Text aria-hidden>×</Typography.Text>
        <Flex gap={8} align="center">
          <label htmlFor={columnsId}>{t('siteEditor.settings.columns')}</label>
          <Select
            id={columnsId}
            value={numberVertical}
            options={COLUMN_OPTIONS}
            virtual={false}
            disabled={readOnly}
            style={{ width: 96 }}
            onChange={(value: number) => value !== numberVertical && choose({ numberVertical: value })}
          />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('siteEditor.settings.gridHint', {
          pages: numberHorizontal * numberVertical,
          max: plan.quantitySwipe,
        })}
      </Typography.Paragraph>
    </Form.Item>
  )
}
