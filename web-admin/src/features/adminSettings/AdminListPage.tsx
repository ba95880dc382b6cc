import { ADMIN_ROLES, AUTHORITIES, requiredText } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Card, Descriptions, Form, Input, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn, RowActions } from '../../components/DataGrid.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { useSaveFailure } from '../../hooks/useSaveFailure.ts'
import { tShared } from '../../i18n/index.ts'
import { errorMessage } from '../../lib/api.ts'
import { formatDate } from '../../lib/format.ts'
import { requiredRule } from '../../lib/formRules.ts'
import { emailRule, zodRule } from '../../lib/schemaRules.ts'
import { useToast } from '../../lib/toast.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import {
  type AdminRole,
  type SubAdmin,
  type SubAdminFields,
  subAdminsQuery,
  useCreateSubAdmin,
  useDeleteSubAdmin,
  useUpdateSubAdmin,
} from './api.ts'
import { OemDomainCard } from './OemDomainCard.tsx'

interface SubAdminValues extends SubAdminFields {
  email: string
}

const FIELDS = ['email', 'contactName', 'adminRole', 'authority'] as const

const nameOf = (admin: SubAdmin): string => admin.contactName ?? admin.email

/** Adds a sub-admin (`target` null) or edits one; mounted only while open, so each opening starts afresh. */
const SubAdminModal = ({ target, onClose }: { target: SubAdmin | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<SubAdminValues>()
  useLocalizedValidation(form)
  const create = useCreateSubAdmin()
  const update = useUpdateSubAdmin()
  const pending = create.isPending || update.isPending
  // Field errors under their fields, a stale version closes the dialog, anything else shows here.
  const { failure, clear, onError } = useSaveFailure(form, FIELDS, onClose)

  const onFinish = (values: SubAdminValues) => {
    clear()
    const fields = {
      contactName: values.contactName.trim(),
      adminRole: values.adminRole,
      authority: values.authority,
    }
    if (target) {
      update.mutate(
        { id: target.id, version: target.version, ...fields },
        {
          onSuccess: (data) => {
            toast.success(data.message ?? tShared('subAdmin.updated'))
            onClose()
          },
          onError,
        },
      )
    } else {
      create.mutate(
        { email: values.email.trim(), ...fields },
        {
          onSuccess: (data) => {
            toast.success(data.message ?? tShared('subAdmin.created'))
            onClose()
          },
          onError,
        },
      )
    }
  }

  const select = (options: { value: string; label: string }[]) => (
    <Select virtual={false} placeholder={t('adminSettings.selectPlaceholder')} options={options} />
  )

  return (
    <Modal
      open
      title={t(target ? 'adminSettings.editTitle' : 'adminSettings.addTitle')}
      okText={t(target ? 'adminSettings.save' : 'adminSettings.addSubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<SubAdminValues>
          form={form}
          name="subAdmin"
          layout="vertical"
          initialValues={
            target
              ? {
                  contactName: target.contactName ?? '',
                  adminRole: target.adminRole ?? undefined,
                  authority: target.authority,
                }
              : { authority: 'EDIT' }
          }
          onFinish={onFinish}
        >
          {dom}
        </Form>
      )}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {target ? (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[{ key: 'email', label: t('adminSettings.fields.email'), children: target.email }]}
          />
          <Typography.Paragraph type="secondary">{t('adminSettings.emailFixed')}</Typography.Paragraph>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('adminSettings.mailNotice')}</Typography.Paragraph>
          <Form.Item name="email" label={t('adminSettings.fields.email')} rules={[emailRule()]}>
            <Input type="email" autoComplete="off" maxLength={254} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="contactName"
        label={t('adminSettings.fields.contactName')}
        rules={[zodRule(requiredText(50))]}
      >
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item name="adminRole" label={t('adminSettings.fields.adminRole')} rules={[requiredRule()]}>
        {select(ADMIN_ROLES.map((value) => ({ value, label: t(`adminSettings.roles.${value}`) })))}
      </Form.Item>
      <Form.Item name="authority" label={t('adminSettings.fields.authority')} rules={[requiredRule()]}>
        {select(AUTHORITIES.map((value) => ({ value, label: t(`adminSettings.authorities.${value}`) })))}
      </Form.Item>
    </Modal>
  )
}

/** /:userTypeId/admin-list: admin settings, the sub-admins who help run the signed-in account. */
export const AdminListPage = () => {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const { modal } = App.useApp()
  const list = useQuery(subAdminsQuery())
  const remove = useDeleteSubAdmin()
  // An OEM master also sets its white-label sites domain here (issue 19).
  const isOemMaster = useCurrentUser().accountType === 'OEM_MASTER'
  // undefined: closed; null: adding; a sub-admin: editing it.
  const [editing, setEditing] = useState<SubAdmin | null | undefined>(undefined)

  const confirmDelete = (admin: SubAdmin) =>
    modal.confirm({
      title: t('adminSettings.deleteTitle', { name: nameOf(admin) }),
      content: t('adminSettings.deleteContent'),
      okText: t('adminSettings.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ id: admin.id, version: admin.version })
          .then((data) => toast.success(data?.message ?? tShared('subAdmin.deleted')))
          .catch((error: unknown) => {
            toast.error(errorMessage(error))
            void list.refetch()
          }),
    })

  const role = (value: AdminRole | null) => (value ? t(`adminSettings.roles.${value}`) : '-')

  const columns: GridColumn<SubAdmin>[] = [
    {
      key: 'contactName',
      title: t('adminSettings.fields.contactName'),
      render: (_, admin) => admin.contactName ?? '-',
    },
    { key: 'email', title: t('adminSettings.fields.email'), dataIndex: 'email' },
    {
      key: 'adminRole',
      title: t('adminSettings.fields.adminRole'),
      render: (_, admin) => role(admin.adminRole),
    },
    {
      key: 'authority',
      title: t('adminSettings.fields.authority'),
      render: (_, admin) =>
        t(`adminSettings.authorities.${admin.authority}`, { defaultValue: admin.authority }),
    },
    {
      key: 'createdAt',
      title: t('adminSettings.fields.createdAt'),
      collapse: true,
      render: (_, admin) => formatDate(admin.createdAt, i18n.language) ?? '-',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, admin) => (
        <RowActions>
          <ActionButton
            action="subAdmin:manage"
            size="small"
            aria-label={t('adminSettings.editOf', { name: nameOf(admin) })}
            onClick={() => setEditing(admin)}
          >
            {t('adminSettings.edit')}
          </ActionButton>
          <ActionButton
            action="subAdmin:manage"
            size="small"
            danger
            aria-label={t('adminSettings.deleteOf', { name: nameOf(admin) })}
            onClick={() => confirmDelete(admin)}
          >
            {t('adminSettings.delete')}
          </ActionButton>
        </RowActions>
      ),
    },
  ]

  return (
    <Card>
      <PageHeader title={t('pages.adminList')}>
        <ActionButton action="subAdmin:manage" type="primary" onClick={() => setEditing(null)}>
          {t('adminSettings.add')}
        </ActionButton>
      </PageHeader>
      <Typography.Paragraph type="secondary">{t('adminSettings.description')}</Typography.Paragraph>

      <DataGrid<SubAdmin>
        query={list}
        items={list.data?.items ?? []}
        columns={columns}
        empty={t('adminSettings.empty')}
      />

      {editing !== undefined && <SubAdminModal target={editing} onClose={() => setEditing(undefined)} />}
      {isOemMaster && (
        <div style={{ marginTop: 24 }}>
          <OemDomainCard />
        </div>
      )}
    </Card>
  )
}
