import { APPROVAL_COMMENT_MAX } from '@swipe/shared/contract/approvals'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Input, Modal, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../../lib/api.ts'
import { applyServerErrors } from '../../../../lib/formRules.ts'
import { useToast } from '../../../../lib/toast.ts'
import { type ChecklistItem, checklistQuery } from '../checklist/checklist-api.ts'
import { PublishChecklist } from '../checklist/PublishChecklist.tsx'
import { JstPicker } from '../schedule/JstPicker.tsx'
import { instantOf } from '../schedule/schedule-api.ts'
import { usePublishRequest } from './approval-api.ts'

/** The form's fields, named as the API's body (its 400 details name `body.note` / `body.publishAt`). */
const FIELDS = ['note', 'publishAt'] as const

interface RequestValues {
  note?: string
  publishAt?: Dayjs | null
}

const RequestForm = ({
  siteId,
  version,
  onClose,
  onOpenItem,
}: {
  siteId: string
  version: number
  onClose: () => void
  onOpenItem: (item: ChecklistItem) => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<RequestValues>()
  const checklist = useQuery(checklistQuery(siteId, version))
  const request = usePublishRequest(siteId)
  const blocked = (checklist.data?.blocking ?? 0) > 0

  const submit = async (values: RequestValues) => {
    const note = values.note?.trim()
    try {
      const answer = await request.mutateAsync({
        version,
        ...(note ? { note } : {}),
        publishAt: instantOf(values.publishAt),
      })
      toast.success(answer.message)
      onClose()
    } catch (error) {
      if (!applyServerErrors(form, error, FIELDS)) toast.error(errorMessage(error))
    }
  }

  return (
    <Form<RequestValues> form={form} name="publishRequest" layout="vertical" onFinish={(v) => void submit(v)}>
      <Typography.Paragraph>{t('siteEditor.approval.request.help')}</Typography.Paragraph>
      <PublishChecklist
        checklist={checklist.data}
        loading={checklist.isFetching}
        error={checklist.error}
        onOpen={(item) => {
          onClose()
          onOpenItem(item)
        }}
      />
      <Form.Item
        name="note"
        label={t('siteEditor.approval.request.note')}
        rules={[
          {
            max: APPROVAL_COMMENT_MAX,
            message: t('siteEditor.approval.tooLong', { max: APPROVAL_COMMENT_MAX }),
          },
        ]}
        style={{ marginTop: 16 }}
      >
        <Input.TextArea rows={3} maxLength={APPROVAL_COMMENT_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="publishAt"
        label={t('siteEditor.approval.request.publishAt')}
        extra={t('siteEditor.approval.request.publishAtHelp')}
      >
        <JstPicker />
      </Form.Item>
      <Flex justify="end" align="center" gap={8} wrap>
        {blocked && (
          <Typography.Text type="danger">{t('siteEditor.approval.request.blocked')}</Typography.Text>
        )}
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {/* Not a submit button: Enter in the picker confirms the date-time and must not send. */}
        <Button
          type="primary"
          loading={request.isPending}
          disabled={blocked || !checklist.data}
          onClick={() => form.submit()}
        >
          {t('siteEditor.approval.request.submit')}
        </Button>
      </Flex>
    </Form>
  )
}

/**
 * 「公開を申請」 (issue 33 part 5): after the editor saved, the checklist of the saved draft, an
 * optional note and an optional 公開日時 (Japanese time), sent as a request for an approver to
 * publish exactly that version. Blocking items must be solved first: an approval would be refused.
 */
export const PublishRequestDialog = ({
  siteId,
  version,
  onClose,
  onOpenItem,
}: {
  siteId: string
  /** The saved draft's version to request, or null while closed. */
  version: number | null
  onClose: () => void
  onOpenItem: (item: ChecklistItem) => void
}) => {
  const { t } = useTranslation()
  return (
    <Modal
      open={version !== null}
      onCancel={onClose}
      footer={null}
      title={t('siteEditor.approval.request.title')}
      width="min(640px, calc(100vw - 32px))"
      destroyOnHidden
    >
      {version !== null && (
        <RequestForm siteId={siteId} version={version} onClose={onClose} onOpenItem={onOpenItem} />
      )}
    </Modal>
  )
}
