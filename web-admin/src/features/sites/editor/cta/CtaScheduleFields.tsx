import { CTA_POSITIONS, SITE_LIMITS } from '@swipe/shared'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { DatePicker, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { PopupCta } from '../../api.ts'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import { instantOf, pickerValueOf } from '../schedule/schedule-api.ts'
import type { CtaFieldProps } from './ctaFieldProps.ts'
import { pagesOf } from './ctaModel.ts'

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm'

interface CtaScheduleFieldsProps extends CtaFieldProps {
  rows: number
  columns: number
}

/**
 * When and where the CTA shows (SPEC §4): its period, the applicant limit, the countdowns, the
 * pages and the position on screen. The period is entered and shown in Japan's time, whatever the
 * browser's zone, as the publish schedule is (../schedule/schedule-api.ts).
 */
export const CtaScheduleFields = ({
  cta,
  readOnly,
  set,
  messageAt,
  idFor,
  rows,
  columns,
}: CtaScheduleFieldsProps) => {
  const { t } = useTranslation()
  const dates = (patch: Partial<PopupCta>) => set(patch, 'startDate', 'endDate')
  const limitMessage = messageAt('limit')
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item
          label={t('siteEditor.cta.startDate')}
          htmlFor={idFor('startDate')}
          {...fieldStatus(messageAt('startDate'))}
        >
          <DatePicker
            id={idFor('startDate')}
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            needConfirm={false}
            disabled={readOnly}
            value={pickerValueOf(cta.startDate)}
            onChange={(value: Dayjs | null) => dates({ startDate: instantOf(value) })}
          />
        </Form.Item>
        <Form.Item
          label={t('siteEditor.cta.endDate')}
          htmlFor={idFor('endDate')}
          {...fieldStatus(messageAt('endDate'))}
        >
          <DatePicker
            id={idFor('endDate')}
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            needConfirm={false}
            disabled={readOnly}
            value={pickerValueOf(cta.endDate)}
            onChange={(value: Dayjs | null) => dates({ endDate: instantOf(value) })}
          />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
        {t('siteEditor.schedule.timeZone')}
      </Typography.Paragraph>
      {cta.kind === 'APPLICANT_LIMIT' && (
        <Form.Item
          label={t('siteEditor.cta.limit')}
          htmlFor={idFor('limit')}
          extra={t('siteEditor.cta.limitHint', { max: SITE_LIMITS.limitField })}
          {...fieldStatus(limitMessage)}
        >
          <Input
            id={idFor('limit')}
            inputMode="numeric"
            value={cta.limit ?? ''}
            disabled={readOnly}
            aria-invalid={Boolean(limitMessage) || undefined}
            style={{ width: 200 }}
            suffix={t('siteEditor.cta.limitUnit')}
            onChange={(event) =>
              set({ limit: event.target.value === '' ? null : event.target.value }, 'limit')
            }
          />
        </Form.Item>
      )}
      <Flex gap={24} wrap>
        <Form.Item label={t('siteEditor.cta.showRemainingTime')} htmlFor={idFor('showRemainingTime')}>
          <Switch
            id={idFor('showRemainingTime')}
            checked={cta.showRemainingTime}
            disabled={readOnly}
            onChange={(checked) => set({ showRemainingTime: checked })}
          />
        </Form.Item>
        {cta.kind === 'APPLICANT_LIMIT' && (
          <Form.Item label={t('siteEditor.cta.showRemainingSlots')} htmlFor={idFor('showRemainingSlots')}>
            <Switch
              id={idFor('showRemainingSlots')}
              checked={cta.showRemainingSlots}
              disabled={readOnly}
              onChange={(checked) => set({ showRemainingSlots: checked })}
            />
          </Form.Item>
        )}
      </Flex>
      <Form.Item
        label={t('siteEditor.cta.effectiveSheets')}
        htmlFor={idFor('effectiveSheets')}
        extra={
          cta.effectiveSheets.length
            ? t('siteEditor.cta.effectiveSheetsSome')
            : t('siteEditor.cta.effectiveSheetsAll', { count: rows * columns })
        }
        {...fieldStatus(messageAt('effectiveSheets'))}
      >
        <Select
          id={idFor('effectiveSheets')}
          mode="multiple"
          allowClear
          virtual={false}
          disabled={readOnly}
          placeholder={t('siteEditor.cta.allPages')}
          value={cta.effectiveSheets}
          options={pagesOf(rows, columns).map(({ page, cell }) => ({
            value: page,
            label: t('siteEditor.cta.page', { page, cell }),
          }))}
          onChange={(pages: number[]) => set({ effectiveSheets: [...pages].sort((a, b) => a - b) })}
        />
      </Form.Item>
      <Form.Item label={t('siteEditor.cta.displayPosition')}>
        <Radio.Group
          aria-label={t('siteEditor.cta.displayPosition')}
          optionType="button"
          disabled={readOnly}
          value={cta.displayPosition ?? CTA_DEFAULTS.displayPosition}
          options={CTA_POSITIONS.map((position) => ({
            value: position,
            label: t(`siteEditor.cta.positions.${position}`),
          }))}
          onChange={(event) => set({ displayPosition: event.target.value })}
        />
      </Form.Item>
    </>
  )
}
