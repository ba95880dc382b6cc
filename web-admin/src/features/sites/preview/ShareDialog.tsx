import { useMutation, useQuery } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Checkbox,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Table,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../i18n/index.ts'
import { ApiError, call, errorMessage } from '../../../lib/api.ts'
import { checkPassword } from '../../../lib/schemaRules.ts'
import { useToast } from '../../../lib/toast.ts'
import { previewKeys, type ShareList, useInvalidateShare } from './api.ts'

/** The share password's rule in words: the messages of the very rule the API applies (SPEC §5). */
const passwordRuleText = (language: string) =>
  // Japanese and Chinese sentences follow each other without a space.
  [tShared('validation.passwordLength'), tShared('validation.passwordRule')].join(
    /^(ja|zh)/.test(language) ? '' : ' ',
  )

/** The password field's problem in a refusal: the server's own field message, else its summary. */
const passwordProblem = (error: unknown) =>
  (error instanceof ApiError && error.details.find((d) => d.path.endsWith('password'))?.message) ||
  errorMessage(error)

/**
 * The share popup (SPEC §2; issue 16): the link, the security settings (a required password,
 * invited addresses only or anyone with the password), invitations by email, and the invited
 * viewers with their view log, revoke (confirmed) and resend. The password field names the rule
 * and checks it before sending, with the same shared schema as the API (issue 30 #11).
 */
export const ShareDialog = ({
  siteId,
  open,
  onClose,
}: {
  siteId: string
  open: boolean
  onClose: () => void
}) => {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const { modal } = App.useApp()
  const refresh = useInvalidateShare(siteId)
  const status = useQuery({
    queryKey: previewKeys.status(siteId),
    queryFn: () => call('preview.shareStatus', { params: { siteId } }),
    enabled: open,
  })
  const list = useQuery({
    queryKey: previewKeys.share(siteId),
    queryFn: () => call('preview.shareList', { params: { siteId } }),
    enabled: open,
  })
  const [password, setPassword] = useState('')
  const [isPrivate, setIsPrivate] = useState<boolean | undefined>(undefined)
  const [emails, setEmails] = useState<string[]>([])
  const [passwordError, setPasswordError] = useState<string | undefined>()

  const savePassword = useMutation({
    mutationFn: () =>
      call('preview.setPassword', {
        params: { siteId },
        body: { password, isPrivate: isPrivate ?? status.data?.isPrivate ?? true },
      }),
    onSuccess: async (answer) => {
      toast.success(answer.message)
      setPassword('')
      setPasswordError(undefined)
      await refresh()
    },
    onError: (error) => setPasswordError(passwordProblem(error)),
  })
  const submitPassword = () => {
    const problem = checkPassword(password)
    if (problem) setPasswordError(problem)
    else savePassword.mutate()
  }
  const invite = useMutation({
    mutationFn: () => call('preview.shareInvite', { params: { siteId }, body: { emails } }),
    onSuccess: async (answer) => {
      toast.success(answer.message)
      setEmails([])
      await refresh()
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const revoke = useMutation({
    mutationFn: (email: string) =>
      call('preview.shareRevoke', { params: { siteId }, body: { emails: [email], resendAll: false } }),
    onSuccess: async (answer) => {
      toast.success(answer.message)
      await refresh()
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const resend = useMutation({
    mutationFn: (email: string) =>
      call('preview.shareInvite', { params: { siteId }, body: { emails: [email] } }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(errorMessage(error)),
  })

  const link =
    status.data?.previewUrl ?? `${window.location.origin}/site/${encodeURIComponent(siteId)}/preview`
  const hasPassword = Boolean(status.data?.hasPassword)
  const confirmRevoke = (email: string) =>
    modal.confirm({
      title: t('preview.shareDialog.revokeTitle'),
      content: t('preview.shareDialog.revokeConfirm', { email }),
      okText: t('preview.shareDialog.revoke'),
      okButtonProps: { danger: true },
      onOk: () => revoke.mutateAsync(email),
    })
  const when = (value: string | null) =>
    value ? new Date(value).toLocaleString() : t('preview.shareDialog.never')

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      title={t('preview.shareDialog.title')}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text strong>{t('preview.shareDialog.link')}</Typography.Text>
        <Flex gap={8}>
          <Input readOnly value={link} aria-label={t('preview.shareDialog.link')} />
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link)
                .then(() => toast.success(t('preview.shareDialog.copied')))
            }
          >
            {t('preview.shareDialog.copy')}
          </Button>
        </Flex>

        <Divider style={{ margin: '8px 0' }} />
        <Typography.Text strong>
          {t('preview.shareDialog.security')}
          {hasPassword && (
            <Typography.Text type="success" style={{ marginLeft: 8 }}>
              ({t('preview.shareDialog.passwordSet')})
            </Typography.Text>
          )}
        </Typography.Text>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('preview.shareDialog.password')}
            help={
              passwordError ?? (
                <>
                  <span data-testid="share-password-rule">{passwordRuleText(i18n.language)}</span>{' '}
                  {t('preview.shareDialog.passwordHelp')}
                </>
              )
            }
            validateStatus={passwordError ? 'error' : undefined}
            required
          >
            <Flex gap={8}>
              <Input.Password
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value)
                  setPasswordError(undefined)
                }}
                onPressEnter={submitPassword}
                autoComplete="new-password"
                aria-label={t('preview.shareDialog.password')}
              />
              <Button onClick={submitPassword} loading={savePassword.isPending} disabled={!password}>
                {t('preview.shareDialog.savePassword')}
              </Button>
            </Flex>
          </Form.Item>
          <Checkbox
            checked={isPrivate ?? status.data?.isPrivate ?? true}
            onChange={(e) => setIsPrivate(e.target.checked)}
          >
            {t('preview.shareDialog.isPrivate')}
          </Checkbox>
        </Form>

        <Divider style={{ margin: '8px 0' }} />
        <Typography.Text strong>{t('preview.shareDialog.invite')}</Typography.Text>
        {!hasPassword && <Alert type="info" showIcon title={t('preview.shareDialog.passwordRequired')} />}
        <Flex gap={8}>
          <Select
            mode="tags"
            value={emails}
            onChange={(values: string[]) => setEmails(values.map((v) => v.trim()).filter(Boolean))}
            tokenSeparators={[',', ' ', ';']}
            open={false}
            suffixIcon={null}
            placeholder={t('preview.shareDialog.emailsPlaceholder')}
            aria-label={t('preview.shareDialog.invite')}
            style={{ flex: 1 }}
            disabled={!hasPassword}
          />
          <Button
            type="primary"
            onClick={() => invite.mutate()}
            loading={invite.isPending}
            disabled={!hasPassword || emails.length === 0}
          >
            {t('preview.shareDialog.send')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" data-testid="share-total">
          {t('preview.shareDialog.total', { count: list.data?.total ?? 0 })}
        </Typography.Text>
        <Table<ShareList['items'][number]>
          size="small"
          rowKey="email"
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('preview.shareDialog.empty') }}
          columns={[
            { title: t('preview.shareDialog.email'), dataIndex: 'email' },
            {
              title: t('preview.shareDialog.invitedAt'),
              dataIndex: 'invitedAt',
              render: (v: string) => when(v),
            },
            {
              title: t('preview.shareDialog.lastView'),
              dataIndex: 'lastViewAt',
              render: (v: string | null) => when(v),
            },
            {
              title: t('preview.shareDialog.cells'),
              dataIndex: 'cellsViewed',
              render: (cells: string[]) => cells.map((c) => c.replace(':', ' ')).join(', ') || '—',
            },
            {
              title: t('preview.shareDialog.actions'),
              key: 'actions',
              render: (_: unknown, row) => (
                <Flex gap={4}>
                  <Button size="small" onClick={() => resend.mutate(row.email)}>
                    {t('preview.shareDialog.resend')}
                  </Button>
                  <Button size="small" danger onClick={() => confirmRevoke(row.email)}>
                    {t('preview.shareDialog.revoke')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Modal>
  )
}
