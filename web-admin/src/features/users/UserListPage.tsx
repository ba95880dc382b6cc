import { CONTRACT_STATUSES, CREATABLE_TYPES, DEFAULT_PLANS } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Space } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ContractStatusTag, contractPeriod } from '../../components/contractLabels.tsx'
import {
  DataGrid,
  FilterSelect,
  type GridColumn,
  SearchBox,
  useCursorPages,
  useUrlFilters,
} from '../../components/DataGrid.tsx'
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
  const { params: searchParams, set: setFilters } = useUrlFilters()
  // The filters live in the address, so coming back from a user's page shows the same list.
  const q = searchParams.get('q')?.trim() ?? ''
  const status = CONTRACT_STATUSES.find((value) => value === searchParams.get('status'))
  const accountType = CREATABLE_TYPES.find((value) => value === searchParams.get('accountType'))
  const planId = searchParams.get('planId')?.trim() || undefined
  const parentId = searchParams.get('parentId') || undefined
  // Platform staff see every account, so they may narrow the list to one OEM partner's users.
  const staff = info.userTypeSegment === 'master' || info.userTypeSegment === 'masteruser'
  const partners = useQuery({ ...usersListQuery({ accountType: 'OEM_MASTER', limit: 100 }), enabled: staff })
  const [importing, setImporting] = useState(false)
  const toast = useToast()
  const exportCsv = useExportUsers()

  const pages = useCursorPages([q, status, accountType, planId, parentId])
  const list = useQuery(
    usersListQuery({ q: q || undefined, status, accountType, planId, parentId, cursor: pages.cursor }),
  )

  const setFilter = (name: 'q' | 'status' | 'accountType' | 'planId' | 'parentId', value: string) =>
    setFilters({ [name]: value })

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

  // At 1024 px the contact name, the contract period and the creation day fold away.
  const columns: GridColumn<Profile>[] = [
    {
      key: 'companyName',
      title: t('users.fields.companyName'),
      render: (_, user) => user.companyName ?? '-',
    },
    { key: 'email', title: t('users.fields.email'), dataIndex: 'email' },
    {
      key: 'contactName',
      title: t('users.fields.contactName'),
      collapse: true,
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
      collapse: true,
      render: (_, user) => contractPeriod(user, t, locale),
    },
    {
      key: 'createdAt',
      title: t('users.fields.createdAt'),
      collapse: true,
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

      <DataGrid<Profile>
        query={list}
        items={list.data?.items ?? []}
        columns={columns}
        filters={{
          label: t('users.list.filters'),
          children: (
            <>
              <SearchBox
                label={t('users.list.search')}
                placeholder={t('users.list.searchPlaceholder')}
                button={t('users.list.searchButton')}
                maxLength={100}
                value={q}
                onSearch={(value) => setFilter('q', value)}
                width={360}
              />
              <FilterSelect
                label={t('users.list.status')}
                allLabel={t('users.list.allStatuses')}
                value={status}
                onChange={(value) => setFilter('status', value)}
                options={CONTRACT_STATUSES.map((value) => ({
                  value,
                  label: t(`users.contractStatuses.${value}`),
                }))}
              />
              <FilterSelect
                label={t('users.list.type')}
                allLabel={t('users.list.allTypes')}
                value={accountType}
                onChange={(value) => setFilter('accountType', value)}
                options={CREATABLE_TYPES.map((value) => ({ value, label: t(`users.accountTypes.${value}`) }))}
              />
              <FilterSelect
                label={t('users.list.plan')}
                allLabel={t('users.list.allPlans')}
                value={planId}
                onChange={(value) => setFilter('planId', value)}
                options={[
                  // Every plan of the catalogue: a filter finds users on any plan, the partner plan too.
                  ...DEFAULT_PLANS.map((plan) => ({ value: plan.planId, label: planLabel(plan.planId, t) })),
                  ...(planId && !DEFAULT_PLANS.some((plan) => plan.planId === planId)
                    ? [{ value: planId, label: planLabel(planId, t) }]
                    : []),
                ]}
                width={220}
              />
              {staff && (
                <FilterSelect
                  label={t('users.list.parent')}
                  allLabel={t('users.list.allParents')}
                  value={parentId}
                  onChange={(value) => setFilter('parentId', value)}
                  loading={partners.isPending}
                  options={(partners.data?.items ?? []).map((partner) => ({
                    value: partner.id,
                    label: partner.companyName ?? partner.email,
                  }))}
                  width={240}
                />
              )}
            </>
          ),
        }}
        empty={t('users.list.empty')}
        noMatch={t('users.list.noMatch')}
        filtered={filtered}
        onRow={(user) => ({
          onClick: (event) => {
            // The detail link handles its own clicks.
            if ((event.target as HTMLElement).closest('a, button')) return
            navigate(detailPath(user.id))
          },
          style: { cursor: 'pointer' },
        })}
        pager={{
          kind: 'cursor',
          pages,
          nextCursor: list.data?.nextCursor,
          label: t('users.list.page', { page: pages.page }),
        }}
      />

      {importing && <UserImportDialog onClose={() => setImporting(false)} />}
    </Card>
  )
}
