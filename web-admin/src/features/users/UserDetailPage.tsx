import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Result,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ContractStatusTag, contractPeriod } from '../../components/contractLabels.tsx'
import { ListError } from '../../components/ListError.tsx'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt.ts'
import { tShared } from '../../i18n/index.ts'
import { displayName, userDetailQuery } from '../../lib/accounts.ts'
import { creatableTypes, creatorTypeOf } from '../../lib/accountTypes.ts'
import { ApiError, errorMessage, isStaleVersion } from '../../lib/api.ts'
import { formatDate, formatDateTime } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/formRules.ts'
import { useToast } from '../../lib/toast.ts'
import { ActionButton, permissionOf } from '../shell/permissions.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import {
  type ContractAction,
  type HistoryEntry,
  type UserDetail,
  useContractAction,
  useDeleteUser,
  useUpdateUser,
} from './api.ts'

import { fieldLocksFor, planLabel, planOptions } from './fieldRules.ts'
import { historyContent } from './labels.tsx'
import { toUserFields, USER_FORM_FIELDS, UserFormFields, type UserFormValues } from './UserFormFields.tsx'

const CONTRACT_MESSAGES = {
  suspend: 'account.suspended',
  resume: 'account.resumed',
  terminate: 'account.terminated',
} as const satisfies Record<ContractAction, string>

const valuesOf = (user: UserDetail): UserFormValues => ({
  companyName: user.companyName ?? '',
  contactName: user.contactName ?? '',
  planId: user.planId ?? undefined,
  contractStartDate: user.contractStartDate ?? undefined,
  contractEndDate: user.contractEndDate ?? undefined,
  authority: user.authority,
  licenseIssuing: user.licenseIssuing,
})

interface EditUserFormProps {
  user: UserDetail
  onClose: () => void
  /** A failure that is not about one field (stale version, read-only account, ...). */
  onError: (error: unknown) => void
}

/** The edit mode: its own form, so each visit starts from the profile as loaded, with its version. */
const EditUserForm = ({ user, onClose, onError }: EditUserFormProps) => {
  const { t } = useTranslation()
  const toast = useToast()
  const info = useCurrentUser()
  // The API's field rules: what this account may not change is shown disabled and never sent.
  const locks = fieldLocksFor(info, user)
  const plans = planOptions(info, t, user.planId)
  const [form] = Form.useForm<UserFormValues>()
  useLocalizedValidation(form)
  const [dirty, setDirty] = useState(false)
  useUnsavedChangesPrompt(dirty)
  // The version this edit started from; a refetch meanwhile must not hide someone else's change.
  const [version] = useState(user.version)
  const update = useUpdateUser(user.id)

  return (
    <Form<UserFormValues>
      form={form}
      name="editUser"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={valuesOf(user)}
      onValuesChange={() => setDirty(form.isFieldsTouched())}
      onFinish={(values) =>
        update.mutate(
          { ...toUserFields(values, locks), version },
          {
            onSuccess: (data) => {
              toast.success(data.message ?? tShared('account.updated'))
              setDirty(false)
              onClose()
            },
            onError: (error) => {
              if (!applyServerErrors(form, error, USER_FORM_FIELDS)) onError(error)
            },
          },
        )
      }
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'email', label: t('users.fields.email'), children: user.email },
          {
            key: 'accountType',
            label: t('users.fields.accountType'),
            children: t(`users.accountTypes.${user.accountType}`, { defaultValue: user.accountType }),
          },
        ]}
      />
      <Typography.Paragraph type="secondary">{t('users.detail.emailFixed')}</Typography.Paragraph>
      <UserFormFields plans={plans} locks={locks} />
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('users.detail.save')}
        </Button>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('users.detail.cancel')}
        </Button>
      </Flex>
    </Form>
  )
}

const ProfileView = ({ user }: { user: UserDetail }) => {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={[
        { key: 'companyName', label: t('users.fields.companyName'), children: user.companyName ?? '-' },
        { key: 'email', label: t('users.fields.email'), children: user.email },
        { key: 'contactName', label: t('users.fields.contactName'), children: user.contactName ?? '-' },
        {
          key: 'accountType',
          label: t('users.fields.accountType'),
          children: t(`users.accountTypes.${user.accountType}`, { defaultValue: user.accountType }),
        },
        {
          key: 'contractStatus',
          label: t('users.fields.contractStatus'),
          children: <ContractStatusTag status={user.contractStatus} />,
        },
        {
          key: 'contractPeriod',
          label: t('users.fields.contractPeriod'),
          children: contractPeriod(user, t, locale),
        },
        {
          key: 'planId',
          label: t('users.fields.planId'),
          children: user.planId ? planLabel(user.planId, t) : t('common.notSet'),
        },
        {
          key: 'authority',
          label: t('users.fields.authority'),
          children: t(`users.authorities.${user.authority}`, { defaultValue: user.authority }),
        },
        {
          key: 'licenseIssuing',
          label: t('users.fields.licenseIssuing'),
          children: t(
            user.licenseIssuing ? 'users.licenseIssuing.granted' : 'users.licenseIssuing.notGranted',
          ),
        },
        {
          key: 'createdAt',
          label: t('users.fields.createdAt'),
          children: formatDate(user.createdAt, locale) ?? '-',
        },
        {
          key: 'updatedAt',
          label: t('users.fields.updatedAt'),
          children: formatDateTime(user.updatedAt, locale) ?? '-',
        },
      ]}
    />
  )
}

const HistoryTable = ({ history }: { history: HistoryEntry[] }) => {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const rows = history.map((entry, index) => ({ ...entry, key: `${entry.executedAt}-${index}` }))
  const columns: ColumnsType<(typeof rows)[number]> = [
    {
      key: 'executedAt',
      title: t('users.detail.executedAt'),
      render: (_, entry) => formatDateTime(entry.executedAt, locale) ?? '-',
    },
    {
      key: 'executor',
      title: t('users.detail.executor'),
      render: (_, entry) => entry.executorName ?? entry.executorId,
    },
    {
      key: 'content',
      title: t('users.detail.content'),
      render: (_, entry) => historyContent(entry, t, locale),
    },
  ]
  return (
    <Table
      columns={columns}
      dataSource={rows}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('users.detail.historyEmpty') }}
    />
  )
}

const UserDetailView = ({ id, startEditing = false }: { id: string; startEditing?: boolean }) => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const toast = useToast()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const detail = useQuery(userDetailQuery(id))
  const [editing, setEditing] = useState(startEditing)
  const contract = useContractAction(id)
  const remove = useDeleteUser(id)
  const base = `/${info.userTypeSegment}`
  const listPath = `${base}/user-list`

  const askReload = () =>
    modal.confirm({
      title: t('users.detail.conflictTitle'),
      content: t('users.detail.conflictContent'),
      okText: t('users.detail.reload'),
      cancelText: t('common.close'),
      onOk: async () => {
        setEditing(false)
        await detail.refetch()
      },
    })

  /** Stale version: offer a reload. Anything else: say why, and show the current state. */
  const onActionError = (error: unknown) => {
    if (isStaleVersion(error)) {
      askReload()
      return
    }
    toast.error(errorMessage(error))
    if (error instanceof ApiError && [403, 409].includes(error.status)) {
      setEditing(false)
      void detail.refetch()
    }
  }

  if (detail.isPending) return <Spin description={t('common.loading')} />
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <Result
          status="404"
          title={
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t('users.detail.notFound')}
            </Typography.Title>
          }
          subTitle={t('users.detail.notFoundDescription')}
          extra={<Link to={listPath}>{t('users.detail.backToList')}</Link>}
        />
      )
    }
    return (
      <>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t('pages.userDetail')}
        </Typography.Title>
        <ListError error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    )
  }

  const user = detail.data
  const name = displayName(user)
  const terminated = user.contractStatus === 'TERMINATED'
  const self = user.id === info.id
  const viewOnly = permissionOf(info, 'account:update') === 'viewOnly'
  const canAddChild = !terminated && creatableTypes(user.accountType, creatorTypeOf(info)).length > 0

  const confirmContract = (action: ContractAction) =>
    modal.confirm({
      title: t(`users.confirm.${action}Title`, { name }),
      content: t(`users.confirm.${action}Content`),
      okText: t(`users.confirm.${action}Ok`),
      okButtonProps: { danger: action !== 'resume' },
      cancelText: t('common.cancel'),
      onOk: () =>
        contract
          .mutateAsync({ action, version: user.version })
          .then((data) => toast.success(data.message ?? tShared(CONTRACT_MESSAGES[action])))
          .catch(onActionError),
    })

  const confirmDelete = () =>
    modal.confirm({
      title: t('users.confirm.deleteTitle', { name }),
      content: t('users.confirm.deleteContent'),
      okText: t('users.confirm.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(user.version)
          .then((data) => {
            toast.success(data?.message ?? tShared('account.deleted'))
            navigate(listPath)
          })
          .catch(onActionError),
    })

  const busy = contract.isPending || remove.isPending

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.userDetail')}
      </Typography.Title>
      <Typography.Paragraph>
        <Link to={listPath}>{t('users.detail.backToList')}</Link>
      </Typography.Paragraph>

      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
        <Space align="center" wrap>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {name}
          </Typography.Title>
          <ContractStatusTag status={user.contractStatus} />
        </Space>
        {!editing && (
          <Space wrap>
            {!terminated && (
              <ActionButton
                action="account:update"
                type="primary"
                onClick={() => setEditing(true)}
                disabled={busy}
              >
                {t('users.detail.edit')}
              </ActionButton>
            )}
            {!terminated && !self && user.contractStatus === 'ACTIVE' && (
              <ActionButton
                action="account:contract"
                onClick={() => confirmContract('suspend')}
                disabled={busy}
              >
                {t('users.detail.suspend')}
              </ActionButton>
            )}
            {!terminated && !self && user.contractStatus === 'SUSPENDED' && (
              <ActionButton
                action="account:contract"
                onClick={() => confirmContract('resume')}
                disabled={busy}
              >
                {t('users.detail.resume')}
              </ActionButton>
            )}
            {!terminated && !self && (
              <ActionButton
                action="account:contract"
                danger
                onClick={() => confirmContract('terminate')}
                disabled={busy}
              >
                {t('users.detail.terminate')}
              </ActionButton>
            )}
            {!self && (
              <ActionButton action="account:delete" danger onClick={confirmDelete} disabled={busy}>
                {t('users.detail.delete')}
              </ActionButton>
            )}
            {canAddChild && (
              <ActionButton
                action="account:create"
                onClick={() => navigate(`${base}/create-user/${encodeURIComponent(user.id)}`)}
              >
                {t('users.detail.addChild')}
              </ActionButton>
            )}
          </Space>
        )}
      </Flex>

      {terminated && (
        <Alert
          type="warning"
          showIcon
          title={t('users.detail.terminatedNotice')}
          style={{ marginBottom: 16 }}
        />
      )}
      {!terminated && viewOnly && (
        <Alert type="info" showIcon title={t('users.detail.viewOnlyNotice')} style={{ marginBottom: 16 }} />
      )}

      <section aria-labelledby="user-profile-heading" style={{ marginBottom: 24 }}>
        <Typography.Title id="user-profile-heading" level={2} style={{ fontSize: 18 }}>
          {t('users.detail.profile')}
        </Typography.Title>
        {editing && !terminated ? (
          <EditUserForm user={user} onClose={() => setEditing(false)} onError={onActionError} />
        ) : (
          <ProfileView user={user} />
        )}
      </section>

      <section aria-labelledby="user-history-heading">
        <Typography.Title id="user-history-heading" level={2} style={{ fontSize: 18 }}>
          {t('users.detail.history')}
        </Typography.Title>
        <HistoryTable history={user.history} />
      </section>
    </>
  )
}

/** /:userTypeId/user/:id: a user's profile, its edit mode, contract changes and contract history. */
/** /:userTypeId/update-user/:type/:id (SPEC §2): the same page, opened in edit mode. */
export const UpdateUserPage = () => {
  const { id = '' } = useParams()
  return (
    <Card>
      <UserDetailView key={id} id={id} startEditing />
    </Card>
  )
}

export const UserDetailPage = () => {
  const { id = '' } = useParams()
  // Another user's page starts afresh (no edit mode carried over).
  return (
    <Card>
      <UserDetailView key={id} id={id} />
    </Card>
  )
}
