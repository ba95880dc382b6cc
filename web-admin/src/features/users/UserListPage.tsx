import { CONTRACT_STATUSES, CREATABLE_TYPES, DEFAULT_PLANS } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Input, Select, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CursorPager } from '../../components/CursorPager.tsx'
import { ContractStatusTag, contractPeriod } from '../../components/contractLabels.tsx'
import { ListError } from '../../components/ListError.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { displayName, type Profile, usersListQuery } from '../../lib/accounts.ts'
import { creatableTypes, creatorTypeOf, ownParentTypeOf } from '../../lib/accountTypes.ts'
import { errorMessage } from '../../lib/api.ts'
import { saveBlob } from '../../lib/files.ts'
import { formatDate } from '../../lib/format.ts'
import { useToast } from '../../lib/toast.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { useExportUsers } from './api.ts'
import { planLabel } from './fieldRules.ts'
import { UserImportDialog } from './UserImportDialog.tsx'

/** /:userTypeId/user-list: the users in the signed-in account's scope, newest first, 20 a page. */
export const UserListPage = () => {
  const { t, i18n } = useTranslation()
  const info = useCurrentUser()
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  // The filters live in the address, so coming back from a user's page shows the same list.
  const q = searchParams.get('q')?.trim() ?? ''
  const status = CONTRACT_STATUSES.find((value) => value === searchParams.get('status'))
  const accountType = CREATABLE_TYPES.find((value) => value === searchParams.get('accountType'))
  const planId = searchParams.get('planId')?.trim() || undefined
  const parentId = searchParams.get('parentId') || undefined
  const [searchText, setSearchText] = useState(q)
  // Platform staff see every account, so they may narrow the list to one OEM partner's users.
  const staff = info.userTypeSegment === 'master' || info.userTypeSegment === 'masteruser'
  const partners = useQuery({ ...usersListQuery({ accountType: 'OEM_MASTER', limit: 100 }), enabled: staff })
  const [importing, setImporting] = useState(false)
  const toast = useToast()
  const exportCsv = useExportUsers()

  // Cursor pages: the cursors of the pages after the first, so "previous" can step back.
  const filtersKey = JSON.stringify([q, status, accountType, planId, parentId])
  const [pages, setPages] = useState<{ filtersKey: string; cursors: string[] }>({ filtersKey, cursors: [] })
  const cursors = pages.filtersKey === filtersKey ? pages.cursors : []
  const list = useQuery(
    usersListQuery({ q: q || undefined, status, accountType, planId, parentId, cursor: cursors.at(-1) }),
  )

  const setFilter = (name: 'q' | 'status' | 'accountType' | 'planId' | 'parentId', value: string) => {
    const next = new URLSearchParams(searchParams)
    if (value) next.set(name, value)
    else next.delete(name)
    setSearchParams(next, { replace: true })
  }

  const base = `/${info.userTypeSegment}`
  const detailPath = (id: string) => `${base}/user/${encodeURIComponent(id)}`
  const canCreateHere = creatableTypes(ownParentTypeOf(info), creatorTypeOf(info)).length > 0
  const filtered = Boolean(q || status || accountType || planId || parentId)
  const locale = i18n.language

  // The export takes the filters on screen, so the file holds what the list shows (all pages).
  const onExport = () =>
    exportCsv.mutate(
      { q: q || undefined, status, accountType, planId, parentId },
      {
        onSuccess: ({ blob, fileName }) =>
          saveBlob(blob, fileName ?? `users-${dayjs().format('YYYY-MM-DD')}.csv`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )

  const columns: ColumnsType<Profile> = [
    {
      key: 'companyName',
      title: t('users.fields.companyName'),
      render: (_, user) => user.companyName ?? '-',
    },
    { key: 'email', title: t('users.fields.email'), dataIndex: 'email' },
    {
      key: 'contactName',
      title: t('users.fields.contactName'),
      render: (_, user) => user.contactName ?? '-',
    },
    {
      key: 'accountType',
      title: t('users.fields.accountType'),
      render: (_, user) => t(`users.accountTypes.${user.accountType}`, { defaultValue: user.accountType }),
    },
    {
      key: 'contractStatus',
      title: t('users.fields.contractStatus'),
      render: (_, user) => <ContractStatusTag status={user.contractStatus} />,
    },
    {
      key: 'contractPeriod',
      title: t('users.fields.contractPeriod'),
      render: (_, user) => contractPeriod(user, t, locale),
    },
    {
      key: 'createdAt',
      title: t('users.fields.createdAt'),
      render: (_, user) => formatDate(user.createdAt, locale) ?? '-',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, user) => (
        <Link to={detailPath(user.id)} aria-label={t('users.list.detailOf', { name: displayName(user) })}>
          {t('users.list.detail')}
        </Link>
      ),
    },
  ]

  return (
    <Card>
      <PageHeader title={t('pages.userList')}>
        <Space wrap>
          <ActionButton action="account:read" loading={exportCsv.isPending} onClick={onExport}>
            {t('users.list.export')}
          </ActionButton>
          {canCreateHere && (
            <>
              <ActionButton action="account:create" onClick={() => setImporting(true)}>
                {t('users.list.import')}
              </ActionButton>
              <ActionButton
                action="account:create"
                type="primary"
                onClick={() => navigate(`${base}/create-user/${encodeURIComponent(info.id)}`)}
              >
                {t('users.list.newUser')}
              </ActionButton>
            </>
          )}
        </Space>
      </PageHeader>

      <section aria-label={t('users.list.filters')} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            aria-label={t('users.list.search')}
            placeholder={t('users.list.searchPlaceholder')}
            enterButton={t('users.list.searchButton')}
            maxLength={100}
            allowClear
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(value) => setFilter('q', value.trim())}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <Select
            virtual={false}
            aria-label={t('users.list.status')}
            value={status ?? ''}
            onChange={(value: string) => setFilter('status', value)}
            options={[
              { value: '', label: t('users.list.allStatuses') },
              ...CONTRACT_STATUSES.map((value) => ({ value, label: t(`users.contractStatuses.${value}`) })),
            ]}
            style={{ width: 200 }}
          />
          <Select
            virtual={false}
            aria-label={t('users.list.type')}
            value={accountType ?? ''}
            onChange={(value: string) => setFilter('accountType', value)}
            options={[
              { value: '', label: t('users.list.allTypes') },
              ...CREATABLE_TYPES.map((value) => ({ value, label: t(`users.accountTypes.${value}`) })),
            ]}
            style={{ width: 200 }}
          />
          <Select
            virtual={false}
            aria-label={t('users.list.plan')}
            value={planId ?? ''}
            onChange={(value: string) => setFilter('planId', value)}
            options={[
              { value: '', label: t('users.list.allPlans') },
              // Every plan of the catalogue: a filter finds users on any plan, the partner plan too.
              ...DEFAULT_PLANS.map((plan) => ({ value: plan.planId, label: planLabel(plan.planId, t) })),
              ...(planId && !DEFAULT_PLANS.some((plan) => plan.planId === planId)
                ? [{ value: planId, label: planLabel(planId, t) }]
                : []),
            ]}
            style={{ width: 220 }}
          />
          {staff && (
            <Select
              virtual={false}
              aria-label={t('users.list.parent')}
              value={parentId ?? ''}
              onChange={(value: string) => setFilter('parentId', value)}
              loading={partners.isPending}
              options={[
                { value: '', label: t('users.list.allParents') },
                ...(partners.data?.items ?? []).map((partner) => ({
                  value: partner.id,
                  label: partner.companyName ?? partner.email,
                })),
              ]}
              style={{ width: 240 }}
            />
          )}
        </Space>
      </section>

      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}

      <Table<Profile>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                list.isPending ? t('common.loading') : t(filtered ? 'users.list.noMatch' : 'users.list.empty')
              }
            />
          ),
        }}
        onRow={(user) => ({
          onClick: (event) => {
            // The detail link handles its own clicks.
            if ((event.target as HTMLElement).closest('a, button')) return
            navigate(detailPath(user.id))
          },
          style: { cursor: 'pointer' },
        })}
      />

      <CursorPager
        label={t('users.list.page', { page: cursors.length + 1 })}
        previousDisabled={cursors.length === 0 || list.isFetching}
        nextDisabled={!list.data?.nextCursor || list.isFetching || list.isPlaceholderData}
        onPrevious={() => setPages({ filtersKey, cursors: cursors.slice(0, -1) })}
        onNext={() => {
          const next = list.data?.nextCursor

          if (next) setPages({ filtersKey, cursors: [...cursors, next] })
        }}
      />

      {importing && <UserImportDialog onClose={() => setImporting(false)} />}
    </Card>
  )
}
