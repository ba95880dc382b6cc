import { APPROVAL_COMMENT_MAX } from '@swipe/shared/contract/approvals'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Drawer, Flex, Form, Input, Modal, Space, Typography } from 'antd'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { ApiError, errorMessage } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import { type ChecklistItem, checklistQuery } from '../checklist/checklist-api.ts'
import { PublishChecklist } from '../checklist/PublishChecklist.tsx'
import type { VersionComparison } from '../history/history-api.ts'
import {
  approvalQuery,
  fetchLiveDraftComparison,
  latestRejection,
  type PublishRequestView,
  useApproveRequest,
  useRejectRequest,
} from './approval-api.ts'

interface ApprovalBannerProps {
  siteId: string
  /** The saved draft's version (the history and the checklist are read as of it). */
  version: number
  /** 内容を確認: the live version against the draft (null: nothing is live, so no diff). */
  onCompare: (comparison: VersionComparison | null) => void
  /** An approval published or scheduled the site: the editor loads it again. */
  onApproved: () => Promise<unknown>
  onOpenItem: (item: ChecklistItem) => void
}

/** What stopped an approval, for the dialog: the checklist items named, a stale request, or else. */
interface Refusal {
  kind: 'blocking' | 'stale' | 'other'
  messages: string[]
}

const refusalOf = (error: unknown): Refusal => {
  // The draft was saved after the request; another 409 (decided meanwhile) says what it is.
  if (error instanceof ApiError && error.code === 'approval.stale') return { kind: 'stale', messages: [] }
  if (error instanceof ApiError && error.status === 400 && error.details.length > 0)
    return { kind: 'blocking', messages: error.details.map((d) => d.message) }
  return { kind: 'other', messages: [errorMessage(error)] }
}

/** 承認して公開: what happens, an optional comment, and why the server refused, if it did. */
const ApproveDialog = ({
  siteId,
  request,
  onClose,
  onApproved,
}: {
  siteId: string
  request: PublishRequestView
  onClose: () => void
  onApproved: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const approve = useApproveRequest(siteId)
  const [comment, setComment] = useState('')
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const commentId = useId()
  const submit = async () => {
    setRefusal(null)
    try {
      const answer = await approve.mutateAsync({
        requestId: request.id,
        comment: comment.trim() || undefined,
      })
      toast.success(answer.message)
      onClose()
      await onApproved()
    } catch (error) {
      setRefusal(refusalOf(error))
    }
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {request.publishAt
          ? t('siteEditor.approval.approve.scheduled', { date: formatSiteDateTime(request.publishAt) })
          : t('siteEditor.approval.approve.now')}
      </Typography.Paragraph>
      <div>
        <label htmlFor={commentId}>{t('siteEditor.approval.approve.comment')}</label>
        <Input.TextArea
          id={commentId}
          rows={3}
          maxLength={APPROVAL_COMMENT_MAX}
          showCount
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t(`siteEditor.approval.approve.refused.${refusal.kind}`)}
          description={
            refusal.messages.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {refusal.messages.map((message, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the refusal is shown as a whole
                  <li key={index}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={approve.isPending} onClick={() => void submit()}>
          {t('siteEditor.approval.approve.ok')}
        </Button>
      </Flex>
    </Flex>
  )
}

/** 差し戻す: the comment is required (the requester reads it in the banner, the mail and the bell). */
const RejectDialog = ({
  siteId,
  request,
  onClose,
}: {
  siteId: string
  request: PublishRequestView
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const reject = useRejectRequest(siteId)
  const [form] = Form.useForm<{ comment: string }>()
  const submit = async ({ comment }: { comment: string }) => {
    try {
      const answer = await reject.mutateAsync({ requestId: request.id, comment: comment.trim() })
      toast.success(answer.message)
      onClose()
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <Form form={form} name="rejectRequest" layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item
        name="comment"
        label={t('siteEditor.approval.reject.comment')}
        rules={[
          { required: true, whitespace: true, message: t('siteEditor.approval.reject.required') },
          {
            max: APPROVAL_COMMENT_MAX,
            message: t('siteEditor.approval.tooLong', { max: APPROVAL_COMMENT_MAX }),
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={APPROVAL_COMMENT_MAX} showCount />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button danger type="primary" htmlType="submit" loading={reject.isPending}>
          {t('siteEditor.approval.reject.ok')}
        </Button>
      </Flex>
    </Form>
  )
}

/** The checklist an approver reads before approving, in a drawer beside the editor. */
const ApproverChecklist = ({
  siteId,
  version,
  open,
  onClose,
  onOpenItem,
}: {
  siteId: string
  version: number
  open: boolean
  onClose: () => void
  onOpenItem: (item: ChecklistItem) => void
}) => {
  const { t } = useTranslation()
  const checklist = useQuery({ ...checklistQuery(siteId, version), enabled: open })
  return (
    <Drawer open={open} onClose={onClose} title={t('siteEditor.checklist.title')} size="min(520px, 100vw)">
      <PublishChecklist
        checklist={checklist.data}
        loading={checklist.isFetching}
        error={checklist.error}
        onOpen={(item) => {
          onClose()
          onOpenItem(item)
        }}
      />
    </Drawer>
  )
}

/**
 * Over the editor while a publish request is open or was just rejected (issue 33 part 5): who asked
 * and when (and that the draft changed since, so it must be requested again), or who rejected it
 * and why. Approvers get the way to decide: the live version against the draft, the checklist,
 * 「承認して公開」 and 「差し戻す」. Nothing when the site has no request to show.
 */
export const ApprovalBanner = ({
  siteId,
  version,
  onCompare,
  onApproved,
  onOpenItem,
}: ApprovalBannerProps) => {
  const { t } = useTranslation()
  const toast = useToast()
  const client = useQueryClient()
  const { data } = useQuery(approvalQuery(siteId))
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null)
  const [checklistOpen, setChecklistOpen] = useState(false)
  const [comparing, setComparing] = useState(false)
  const [noLive, setNoLive] = useState(false)
  if (!data) return null
  const pending = data.pending
  const rejected = latestRejection(data)

  const compare = async () => {
    setComparing(true)
    try {
      const comparison = await fetchLiveDraftComparison(client, siteId, version)
      setNoLive(comparison === null)
      onCompare(comparison)
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setComparing(false)
    }
  }

  if (pending) {
    const who = pending.requestedBy ?? t('siteEditor.approval.someone')
    return (
      <>
        <Alert
          type={pending.stale ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="approval-banner"
          title={t('siteEditor.approval.pending', {
            name: who,
            date: formatSiteDateTime(pending.requestedAt),
          })}
          description={
            <Flex vertical gap={4}>
              {pending.stale && <Typography.Text strong>{t('siteEditor.approval.stale')}</Typography.Text>}
              {pending.publishAt && (
                <Typography.Text>
                  {t('siteEditor.approval.publishAt', { date: formatSiteDateTime(pending.publishAt) })}
                </Typography.Text>
              )}
              {pending.note && (
                <Typography.Text>{t('siteEditor.approval.note', { note: pending.note })}</Typography.Text>
              )}
              {noLive && <Typography.Text>{t('siteEditor.approval.noLive')}</Typography.Text>}
              {data.canApprove && (
                <Space wrap style={{ marginTop: 4 }}>
                  <Button size="small" loading={comparing} onClick={() => void compare()}>
                    {t('siteEditor.approval.review')}
                  </Button>
                  <Button size="small" onClick={() => setChecklistOpen(true)}>
                    {t('siteEditor.checklist.title')}
                  </Button>
                  <Button size="small" type="primary" onClick={() => setDialog('approve')}>
                    {t('siteEditor.approval.approve.ok')}
                  </Button>
                  <Button size="small" danger onClick={() => setDialog('reject')}>
                    {t('siteEditor.approval.reject.ok')}
                  </Button>
                </Space>
              )}
            </Flex>
          }
        />
        {data.canApprove && (
          <>
            <ApproverChecklist
              siteId={siteId}
              version={version}
              open={checklistOpen}
              onClose={() => setChecklistOpen(false)}
              onOpenItem={onOpenItem}
            />
            <Modal
              open={dialog !== null}
              onCancel={() => setDialog(null)}
              footer={null}
              title={t(
                dialog === 'reject'
                  ? 'siteEditor.approval.reject.title'
                  : 'siteEditor.approval.approve.title',
              )}
              destroyOnHidden
            >
              {dialog === 'approve' && (
                <ApproveDialog
                  siteId={siteId}
                  request={pending}
                  onClose={() => setDialog(null)}
                  onApproved={onApproved}
                />
              )}
              {dialog === 'reject' && (
                <RejectDialog siteId={siteId} request={pending} onClose={() => setDialog(null)} />
              )}
            </Modal>
          </>
        )}
      </>
    )
  }

  if (rejected)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="approval-banner"
        title={t('siteEditor.approval.rejected', {
          name: rejected.decidedBy ?? t('siteEditor.approval.someone'),
          comment: rejected.comment ?? '',
        })}
      />
    )
  return null
}
