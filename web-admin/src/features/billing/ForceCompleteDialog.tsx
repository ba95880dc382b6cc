import { Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { type Bill, useForceComplete, yen } from './api.ts'

const REASON_MAX = 200

/**
 * The confirmation of a force-complete (SPEC §4; MASTER only, irreversible): it names the payment
 * and asks why (kept in the audit with who and when, and shown in the payment's 詳細).
 */
export const ForceCompleteDialog = ({ bill, onClose }: { bill: Bill; onClose: () => void }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const force = useForceComplete()
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const missing = reason.trim() === ''
  return (
    <Modal
      open
      title={t('billing.bills.forceTitle')}
      okText={t('billing.bills.forceOk')}
      okButtonProps={{ danger: true, loading: force.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => {
        setTouched(true)
        if (missing) return
        force.mutate(
          { id: bill.id, reason: reason.trim() },
          {
            onSuccess: (data) => {
              toast.success(data.message)
              onClose()
            },
            onError: (error) => {
              toast.error(errorMessage(error))
              onClose()
            },
          },
        )
      }}
    >
      <Typography.Paragraph>
        {t('billing.bills.forceBody', {
          company: bill.companyName ?? '',
          month: bill.month.replace('-', '/'),
          total: yen(bill.total),
        })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('billing.bills.forcedReason')}
          htmlFor="force-reason"
          required
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? t('billing.bills.forceReasonRequired') : undefined}
        >
          <Input.TextArea
            id="force-reason"
            value={reason}
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('billing.bills.forceReasonPlaceholder')}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
