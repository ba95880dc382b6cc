import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Form, Modal, Tooltip, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { errorMessage } from '../../../../lib/api.ts'
import { applyServerErrors } from '../../../../lib/formRules.ts'
import { useToast } from '../../../../lib/toast.ts'
import { JstPicker } from './JstPicker.tsx'
import {
  instantOf,
  pickerValueOf,
  type SiteSchedule,
  scheduleQuery,
  useSaveSchedule,
} from './schedule-api.ts'

/** The form's fields, named as the API's body (its 400 details name `body.publishAt` / `body.unpublishAt`). */
const FIELDS = ['publishAt', 'unpublishAt'] as const

interface ScheduleValues {
  publishAt: Dayjs | null
  unpublishAt: Dayjs | null
}

/** Something is scheduled, pending or failed: it can be cancelled. */
const hasSchedule = (schedule: SiteSchedule | undefined) => Boolean(schedule?.publish || schedule?.unpublish)

/**
 * The dialog: 公開開始 and 公開終了 in Japanese time, each optional, prefilled with what is pending
 * (a failed change is replaced, or cleared when its field is left empty); the server's field errors
 * show under their field.
 */
const ScheduleDialog = ({
  siteId,
  schedule,
  onClose,
}: {
  siteId: string
  schedule: SiteSchedule | undefined
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const toast = useToast()
  const [form] = Form.useForm<ScheduleValues>()
  const save = useSaveSchedule(siteId)
  const pendingAt = (change: SiteSchedule['publish'] | undefined) =>
    change?.state === 'PENDING' ? pickerValueOf(change.at) : null

  const submit = async (values: ScheduleValues) => {
    try {
      const answer = await save.mutateAsync({
        publishAt: instantOf(values.publishAt),
        unpublishAt: instantOf(values.unpublishAt),
      })
      toast.success(answer.message)
      onClose()
    } catch (error) {
      if (!applyServerErrors(form, error, FIELDS)) toast.error(errorMessage(error))
    }
  }

  const confirmClear = () =>
    modal.confirm({
      title: t('siteEditor.schedule.confirmClear.title'),
      content: t('siteEditor.schedule.confirmClear.content'),
      okText: t('siteEditor.schedule.confirmClear.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await save.mutateAsync({ publishAt: null, unpublishAt: null })
          toast.success(answer.message)
          onClose()
        } catch (error) {
          toast.error(errorMessage(error))
        }
      },
    })

  const picker = (field: (typeof FIELDS)[number]) => (
    <Form.Item name={field} label={t(`siteEditor.schedule.${field}`)}>
      <JstPicker />
    </Form.Item>
  )

  return (
    <Form<ScheduleValues>
      form={form}
      name="publishSchedule"
      layout="vertical"
      initialValues={{ publishAt: pendingAt(schedule?.publish), unpublishAt: pendingAt(schedule?.unpublish) }}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph>{t('siteEditor.schedule.help')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('siteEditor.schedule.timeZone')}</Typography.Paragraph>
      <Flex gap={16} wrap>
        {picker('publishAt')}
        {picker('unpublishAt')}
      </Flex>
      <Flex justify="space-between" gap={8} wrap>
        <div>
          {hasSchedule(schedule) && (
            <Button danger disabled={save.isPending} onClick={confirmClear}>
              {t('siteEditor.schedule.clear')}
            </Button>
          )}
        </div>
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {/* Not a submit button: Enter in a picker confirms the date-time and must not save. */}
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('siteEditor.schedule.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  )
}

/**
 * 公開予約 (issue 33 part 6; docs/decisions/0066-scheduled-publishing.md): a button beside 公開履歴,
 * for accounts that may publish, that opens the dialog scheduling the saved draft to go live and
 * the site to stop being served (a campaign's start and end). The schedule itself shows below the
 * header for everyone (`PublishScheduleSummary`).
 */
export const PublishSchedule = ({
  siteId,
  canSchedule,
  refusal,
}: {
  siteId: string
  canSchedule: boolean
  /** Why scheduling is offered but refused (publishing needs an approval: issue 33 part 5). */
  refusal?: string | null | undefined
}) => {
  const { t } = useTranslation()
  const schedule = useQuery(scheduleQuery(siteId))
  const [open, setOpen] = useState(false)
  if (!canSchedule) return null
  return (
    <>
      <Tooltip title={refusal}>
        <Button size="small" disabled={Boolean(refusal)} onClick={() => setOpen(true)}>
          {t('siteEditor.schedule.open')}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        title={t('siteEditor.schedule.title')}
        destroyOnHidden
      >
        {open && <ScheduleDialog siteId={siteId} schedule={schedule.data} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  )
}

/**
 * What is scheduled, in one line with its JST instants, and a failed change's reason as an error
 * (the change stays until it is scheduled again or cancelled). Nothing when nothing is scheduled or
 * the schedule could not be read.
 */
export const PublishScheduleSummary = ({ siteId }: { siteId: string }) => {
  const { t } = useTranslation()
  const { data } = useQuery(scheduleQuery(siteId))
  if (!data) return null
  const pending = [
    data.publish?.state === 'PENDING' &&
      t('siteEditor.schedule.publishOn', { date: formatSiteDateTime(data.publish.at) }),
    data.unpublish?.state === 'PENDING' &&
      t('siteEditor.schedule.unpublishOn', { date: formatSiteDateTime(data.unpublish.at) }),
  ].filter((part): part is string => Boolean(part))
  const failed = [
    data.publish?.state === 'FAILED' &&
      t('siteEditor.schedule.publishFailed', { reason: data.publish.error ?? '' }),
    data.unpublish?.state === 'FAILED' &&
      t('siteEditor.schedule.unpublishFailed', { reason: data.unpublish.error ?? '' }),
  ].filter((part): part is string => Boolean(part))
  if (pending.length === 0 && failed.length === 0) return null
  return (
    <>
      {pending.length > 0 && (
        <Typography.Paragraph data-testid="publish-schedule">
          {t('siteEditor.schedule.summary', {
            list: pending.join(t('siteEditor.schedule.separator')),
          })}
        </Typography.Paragraph>
      )}
      {failed.map((text) => (
        <Alert key={text} type="error" showIcon title={text} style={{ marginBottom: 16 }} />
      ))}
    </>
  )
}
