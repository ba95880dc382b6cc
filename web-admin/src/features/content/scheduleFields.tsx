import { url } from '@swipe/shared'
import { CONTENT_STATUSES, PUBLISH_MODES } from '@swipe/shared/schemas/content'
import { DatePicker, Flex, Form, type FormInstance, type FormRule, Radio, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { GridColumn } from '../../components/DataGrid.tsx'
import { formatDateTime } from '../../lib/format.ts'
import { fail } from '../../lib/formRules.ts'
import { StatusTag } from './labels.tsx'

/** What the content screens share (latest information, deliveries, system notifications). */

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm'

/** A picked instant as the API takes it, to the minute. */
export const iso = (value: Dayjs | null | undefined) =>
  value ? value.second(0).millisecond(0).toISOString() : undefined

export const optionalUrl: FormRule = {
  validator: (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : ''
    if (!text) return Promise.resolve()
    const result = url.safeParse(text)
    return result.success ? Promise.resolve() : fail(result.error.issues[0]?.message ?? 'validation.url')
  },
}

const startRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null) =>
    getFieldValue('mode') === 'RESERVE' && !value ? fail('validation.required') : Promise.resolve(),
})

/** SPEC §5 dates: a start needs an end, and the end comes after the start. */
const endRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null) => {
    const start: Dayjs | null = getFieldValue('mode') === 'RESERVE' ? getFieldValue('startDate') : null
    if (!start) return Promise.resolve()
    if (!value) return fail('validation.endRequired')
    return value.isAfter(start) ? Promise.resolve() : fail('validation.endBeforeStart')
  },
})

/** Publish now or at a reserved instant (SPEC §4), and the end date, with the SPEC §5 date rules. */
export const ScheduleFields = ({ form, mode }: { form: FormInstance; mode: string }) => {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item name="mode" label={t('content.fields.mode')} required>
        <Radio.Group
          options={PUBLISH_MODES.map((value) => ({ value, label: t(`content.modes.${value}`) }))}
          onChange={() => void form.validateFields(['startDate', 'endDate']).catch(() => undefined)}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        {mode === 'RESERVE' && (
          <Form.Item
            name="startDate"
            label={t('content.fields.startDate')}
            required
            rules={[startRule]}
            extra={t('content.form.reserveHint')}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} needConfirm={false} />
          </Form.Item>
        )}
        <Form.Item
          name="endDate"
          label={t('content.fields.endDate')}
          dependencies={['startDate', 'mode']}
          rules={[endRule]}
          extra={t('content.form.endHint')}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} needConfirm={false} />
        </Form.Item>
      </Flex>
    </>
  )
}

type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** The lists' status filter (SPEC §4: all, public, unpublic, draft, expired). */
export const StatusFilter = ({
  value,
  onChange,
}: {
  value: ContentStatus | undefined
  onChange: (value: ContentStatus | undefined) => void
}) => {
  const { t } = useTranslation()
  return (
    <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
      <Select<ContentStatus | 'all'>
        aria-label={t('content.list.statusFilter')}
        value={value ?? 'all'}
        style={{ width: 200 }}
        virtual={false}
        onChange={(next) => onChange(next === 'all' ? undefined : next)}
        options={[
          { value: 'all', label: t('content.status.all') },
          ...CONTENT_STATUSES.map((status) => ({ value: status, label: t(`content.status.${status}`) })),
        ]}
      />
    </Flex>
  )
}

/** The lists' status, publication date (folding away below 1200 px) and last update columns. */
export const statusAndDateColumns = <
  T extends { status: ContentStatus; publicationDate: string | null; updatedAt: string | null },
>(
  t: TFunction,
  language: string,
): GridColumn<T>[] => [
  {
    key: 'status',
    title: t('content.fields.status'),
    render: (_, item) => <StatusTag status={item.status} />,
  },
  {
    key: 'publicationDate',
    title: t('content.fields.publicationDate'),
    collapse: true,
    render: (_, item) => formatDateTime(item.publicationDate, language) ?? '-',
  },
  {
    key: 'updatedAt',
    title: t('content.fields.updatedAt'),
    render: (_, item) => formatDateTime(item.updatedAt, language) ?? '-',
  },
]
