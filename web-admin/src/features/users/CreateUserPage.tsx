import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Flex, Form, Input, Result, Select, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ListError } from '../../components/ListError.tsx'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt.ts'
import { tShared } from '../../i18n/index.ts'
import { displayName, userDetailQuery } from '../../lib/accounts.ts'
import { type CreatableType, creatableTypes, creatorTypeOf, ownParentTypeOf } from '../../lib/accountTypes.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { applyServerErrors, requiredRule, serverFieldErrors } from '../../lib/formRules.ts'
import { emailRule } from '../../lib/schemaRules.ts'
import { useToast } from '../../lib/toast.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { useCreateUser } from './api.ts'
import { fieldLocksFor, planOptions } from './fieldRules.ts'
import { toUserFields, USER_FORM_FIELDS, UserFormFields, type UserFormValues } from './UserFormFields.tsx'

interface CreateUserValues extends UserFormValues {
  accountType: CreatableType
  email: string
}

interface CreateUserFormProps {
  /** The parent to send; left out when the user lands under the signed-in account's own. */
  parentId: string | undefined
  parentName: string | null
  types: readonly CreatableType[]
}

const CreateUserForm = ({ parentId, parentName, types }: CreateUserFormProps) => {
  const { t } = useTranslation()
  const toast = useToast()
  const navigate = useNavigate()
  const info = useCurrentUser()
  const [form] = Form.useForm<CreateUserValues>()
  useLocalizedValidation(form)
  const [dirty, setDirty] = useState(false)
  const [createdId, setCreatedId] = useState<string | null>(null)
  useUnsavedChangesPrompt(dirty && !createdId)
  const listPath = `/${info.userTypeSegment}/user-list`

  // Declared after the prompt's hook, so its blocker already knows the form was saved.
  useEffect(() => {
    if (createdId)
      navigate(`/${info.userTypeSegment}/user/${encodeURIComponent(createdId)}`, { replace: true })
  }, [createdId, info.userTypeSegment, navigate])

  const create = useCreateUser()
  // The API's field rules: what this account may not set stays at the new account's default.
  const locks = fieldLocksFor(info)
  const plans = planOptions(info, t)

  const onFinish = (values: CreateUserValues) =>
    create.mutate(
      {
        accountType: values.accountType,
        parentId,
        email: values.email.trim(),
        ...toUserFields(values, locks),
      },
      {
        onSuccess: (data) => {
          toast.success(data.message ?? tShared('account.created'))
          setCreatedId(data.id)
        },
        onError: (error) => {
          if (applyServerErrors(form, error, USER_FORM_FIELDS)) {
            const first = serverFieldErrors(error, USER_FORM_FIELDS)[0]
            if (first) form.scrollToField(first.name, { block: 'center' })
          }
        },
      },
    )

  return (
    <>
      {parentName && (
        <Typography.Paragraph>{t('users.create.underParent', { name: parentName })}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t('users.create.mailNotice')}</Typography.Paragraph>
      {create.isError && serverFieldErrors(create.error, USER_FORM_FIELDS).length === 0 && (
        <Alert type="error" showIcon title={errorMessage(create.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<CreateUserValues>
        form={form}
        name="createUser"
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{
          accountType: types.length === 1 ? types[0] : undefined,
          authority: 'EDIT',
          licenseIssuing: false,
        }}
        onValuesChange={() => setDirty(form.isFieldsTouched())}
        onFinish={onFinish}
      >
        <Form.Item name="accountType" label={t('users.fields.accountType')} rules={[requiredRule()]}>
          <Select
            virtual={false}
            placeholder={t('users.create.typePlaceholder')}
            options={types.map((value) => ({ value, label: t(`users.accountTypes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="email" label={t('users.fields.email')} rules={[emailRule()]}>
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <UserFormFields plans={plans} locks={locks} />
        <Flex gap={8}>
          <ActionButton action="account:create" type="primary" htmlType="submit" loading={create.isPending}>
            {t('users.create.submit')}
          </ActionButton>
          <Button onClick={() => navigate(listPath)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </>
  )
}

/** /:userTypeId/create-user/:id: registers a user under the account `:id` (the caller's own id: itself). */
export const CreateUserPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const { id = '' } = useParams()
  const own = id === info.id
  const parent = useQuery({ ...userDetailQuery(id), enabled: !own })
  const listPath = `/${info.userTypeSegment}/user-list`

  const body = () => {
    if (!own && parent.isPending) return <Spin description={t('common.loading')} />
    if (!own && parent.isError) {
      const missing = parent.error instanceof ApiError && parent.error.status === 404
      return missing ? (
        <Result
          status="404"
          title={t('users.detail.notFound')}
          subTitle={t('users.detail.notFoundDescription')}
        />
      ) : (
        <ListError error={parent.error} onRetry={() => void parent.refetch()} />
      )
    }
    const parentType = own ? ownParentTypeOf(info) : (parent.data?.accountType ?? null)
    const types = creatableTypes(parentType, creatorTypeOf(info))
    if (types.length === 0) return <Alert type="info" showIcon title={t('users.create.noTypes')} />
    return (
      <CreateUserForm
        parentId={own ? undefined : id}
        parentName={!own && parent.data ? displayName(parent.data) : null}
        types={types}
      />
    )
  }

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.createUser')}
      </Typography.Title>
      <Typography.Paragraph>
        <Link to={listPath}>{t('users.detail.backToList')}</Link>
      </Typography.Paragraph>
      {body()}
    </Card>
  )
}
