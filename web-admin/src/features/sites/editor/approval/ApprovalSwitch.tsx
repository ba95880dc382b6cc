import { useQuery } from '@tanstack/react-query'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { LabeledSwitch } from '../../../../components/LabeledSwitch.tsx'
import { errorMessage } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import { approvalQuery, useSetApprovalRequired } from './approval-api.ts'

/**
 * 「公開に承認を必須にする」 (issue 33 part 5): beside 公開履歴 and 公開予約, for those who may approve
 * only. Either way it asks first: on, editors who may not approve can only request a publish; off,
 * anyone who may publish publishes at once (an open request stays until decided).
 */
export const ApprovalSwitch = ({ siteId }: { siteId: string }) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const toast = useToast()
  const { data } = useQuery(approvalQuery(siteId))
  const save = useSetApprovalRequired(siteId)
  if (!data?.canApprove) return null
  const confirm = (required: boolean) =>
    modal.confirm({
      title: t(required ? 'siteEditor.approval.gate.onTitle' : 'siteEditor.approval.gate.offTitle'),
      content: t(required ? 'siteEditor.approval.gate.onContent' : 'siteEditor.approval.gate.offContent'),
      okText: t(required ? 'siteEditor.approval.gate.on' : 'siteEditor.approval.gate.off'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await save.mutateAsync(required)
          toast.success(answer.message)
        } catch (error) {
          toast.error(errorMessage(error))
        }
      },
    })
  return (
    <LabeledSwitch
      size="small"
      checked={data.required}
      loading={save.isPending}
      onChange={confirm}
      label={t('siteEditor.approval.gate.label')}
    />
  )
}
