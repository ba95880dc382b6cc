import { Alert, Button, Modal } from 'antd'
import type { ReactNode } from 'react'

/**
 * A secret shown once (a new API key, a webhook's signing secret): the dialog closes only by its
 * button, warns that the value will not be shown again, and takes the value out of the page when
 * it closes (`destroyOnHidden`).
 */
export function ShownOnceModal({
  open,
  title,
  warning,
  closeLabel,
  onClose,
  width,
  children,
}: {
  open: boolean
  title: string
  warning: string
  closeLabel: string
  onClose: () => void
  width?: number
  children: ReactNode
}) {
  return (
    <Modal
      open={open}
      title={title}
      closable={false}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      }
      {...(width ? { width } : {})}
    >
      {open && (
        <>
          <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />
          {children}
        </>
      )}
    </Modal>
  )
}
