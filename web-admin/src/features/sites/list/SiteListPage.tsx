import { SITE_STATUSES, type SiteStatus } from '@swipe/shared'
import { planNameIn } from '@swipe/shared/plan-names'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd'
import dayjs from 'dayjs'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import {
  DataGrid,
  FilterSelect,
  type GridColumn,
  RowActions,
  SearchBox,
  useCursorPages,
  useUrlFilters,
} from '../../../components/DataGrid.tsx'
import { DayRangeFilter } from '../../../components/DayRangeFilter.tsx'
import {
  DAY_FORMAT,
  dayParam,
  formatSiteDateTime,
  formatSiteShortDateTime,
} from '../../../components/dates.ts'
import { currentLocale, tShared } from '../../../i18n/index.ts'
import { displayName, userDetailQuery } from '../../../lib/accounts.ts'
import { ApiError, errorMessage, isStaleVersion } from '../../../lib/api.ts'
import { saveBlob } from '../../../lib/files.ts'
import { useToast } from '../../../lib/toast.ts'
import { ActionButton, permissionOf, usePermission } from '../../shell/permissions.tsx'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'
import {
  type SiteLimits,
  type SiteListParams,
  type SiteSummary,
  siteKeys,
  siteLimitsQuery,
  sitesListQuery,
  useDeleteSite,
  useExportSites,
} from '../api.ts'
import { OwnerFilter } from './OwnerFilter.tsx'

const STATUS_COLORS: Record<SiteStatus, string | undefined> = {
  PUBLISH: 'green',
  UNPUBLISHED: undefined,
  DRAFT: 'blue',
  EXPIRED: 'red',
  PRIVATE: 'purple',
  DOMAIN_VERIFYING: 'gold',
}

/** Shown where a value is missing (a site never published, a draft without a URL). */
const NONE = '—'

/** Whether the site count has reached the plan's limit (`GET /site/limits`). */
const atSiteLimit = (limits: SiteLimits | undefined): limits is SiteLimits =>
  Boolean(limits && limits.sitesUsed >= limits.plan.quantitySite)

const SiteStatusTag = ({ status }: { status: SiteStatus }) => {
  const { t } = useTranslation()
  return <Tag color={STATUS_COLORS[status]}>{t(`sites.statuses.${status}`, { defaultValue: status })}</Tag>
}

/**
 * The site's scheduled publish and unpublish (issue 33 part 6) under its status, as small tags with
 * a short JST date (`MM/DD HH:mm`) so the status column stays narrow; nothing when none is scheduled.
 */
const ScheduleTags = ({ site }: { site: SiteSummary }) => {
  const { t } = useTranslation()
  const publish = formatSiteShortDateTime(site.scheduledPublishAt)
  const unpublish = formatSiteShortDateTime(site.scheduledUnpublishAt)
  if (!publish && !unpublish) return null
  return (
    <Flex vertical align="start" gap={4} data-testid={`schedule-${site.id}`}>
      {publish && (
        <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
          {t('siteList.schedule.publish', { date: publish })}
        </Tag>
      )}
      {unpublish && (
        <Tag style={{ marginInlineEnd: 0 }}>{t('siteList.schedule.unpublish', { date: unpublish })}</Tag>
      )}
    </Flex>
  )
}

/** The sentence that explains why "create" is off: the plan, its site limit and the sites made. */
const useSiteLimitReason = (limits: SiteLimits | undefined): string | null => {
  const { t } = useTranslation()
  if (!atSiteLimit(limits)) return null
  return t('siteList.limitReached', {
    plan: planNameIn({ planId: limits.plan.id, name: limits.plan.name }, currentLocale()),
    max: limits.plan.quantitySite,
    used: limits.sitesUsed,
  })
}

/**
 * The create button: hidden or view-only as the policy says (ActionButton), and disabled once the
 * account has as many sites as its plan allows, with the reason in a tooltip and in the notice
 * `reasonId` names (shown under the title for everyone).
 */
const CreateSiteButton = ({ reason, reasonId }: { reason: string | null; reasonId: string }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const info = useCurrentUser()
  const permission = usePermission('site:write')
  const label = t('siteList.create')
  if (permission === 'allowed' && reason) {
    // A disabled button gets no pointer events: the wrapper shows the tooltip.
    return (
      <Tooltip title={reason}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          <Button type="primary" disabled aria-describedby={reasonId} style={{ pointerEvents: 'none' }}>
            {label}
          </Button>
        </span>
      </Tooltip>
    )
  }
  return (
    <ActionButton
      action="site:write"
      type="primary"
      onClick={() => navigate(`/${info.userTypeSegment}/create-site`)}
    >
      {label}
    </ActionButton>
  )
}

interface SiteListProps {
  /** The one owner whose sites are listed (`site/list/:id`); the owner filter is then not offered. */
  fixedOwnerId?: string
  /** The fixed owner's name, when the page knows it. */
  fixedOwnerName?: string | null
  /** Whether this list offers "create": sites are always created for the caller's own account. */
  offersCreate: boolean
}

const SiteList = ({ fixedOwnerId, fixedOwnerName, offersCreate }: SiteListProps) => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const toast = useToast()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The filters live in the address, so coming back from the editor shows the same list.
  const { params: searchParams, set: setFilters } = useUrlFilters()
  const name = searchParams.get('name')?.trim() ?? ''
  const status = SITE_STATUSES.find((value) => value === searchParams.get('status'))
  const ownerParam = searchParams.get('ownerId')?.trim() || undefined
  const ownerId = fixedOwnerId ?? ownerParam
  const createdFrom = dayParam(searchParams.get('createdFrom'))
  const createdTo = dayParam(searchParams.get('createdTo'))
  const publishedFrom = dayParam(searchParams.get('publishedFrom'))
  const publishedTo = dayParam(searchParams.get('publishedTo'))

  const filters: Omit<SiteListParams, 'cursor' | 'limit'> = {
    name: name || undefined,
    status,
    ownerId,
    createdFrom,
    createdTo,
    publishedFrom,
    publishedTo,
  }

  const pages = useCursorPages(filters)
  const list = useQuery(sitesListQuery({ ...filters, cursor: pages.cursor }))
  const limits = useQuery(siteLimitsQuery())
  const remove = useDeleteSite()
  const exportCsv = useExportSites()

  const base = `/${info.userTypeSegment}`
  const editorPath = (id: string) => `${base}/site/${encodeURIComponent(id)}`
  const filtered = Boolean(
    name || status || ownerParam || createdFrom || createdTo || publishedFrom || publishedTo,
  )
  // Platform staff and OEM accounts see the sites of several owners and may narrow to one; the
  // accounts come from the users API, which they may read.
  const severalOwners =
    !fixedOwnerId && info.userTypeSegment !== 'adminuser' && permissionOf(info, 'account:read') === 'allowed'
  const canWrite = permissionOf(info, 'site:write') === 'allowed'
  // Visitors' personal data: only for accounts that may read it (never a viewer sub-admin).
  const readsSubmissions = permissionOf(info, 'submission:read') === 'allowed'
  const items = list.data?.items ?? []
  const ownerName = fixedOwnerName ?? items.find((site) => site.ownerName)?.ownerName
  const heading = fixedOwnerId
    ? ownerName
      ? t('siteList.userSitesTitle', { name: ownerName })
      : t('pages.userSites')
    : t('pages.siteList')

  const onExport = () =>
    exportCsv.mutate(filters, {
      onSuccess: ({ blob, fileName }) =>
        saveBlob(blob, fileName ?? `sites-${dayjs().format(DAY_FORMAT)}.csv`),
      onError: (error) => toast.error(errorMessage(error)),
    })

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: siteKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: siteKeys.limits() }),
    ])

  /** A stale version: another change came first. Say so and show the list as it is now. */
  const onDeleteError = (error: unknown) => {
    if (isStaleVersion(error)) {
      modal.warning({
        title: t('siteList.conflict.title'),
        content: t('siteList.conflict.content'),
        okText: t('common.close'),
      })
    } else {
      toast.error(errorMessage(error))
    }
    if (error instanceof ApiError && [404, 409].includes(error.status)) void refresh()
  }

  const confirmDelete = (site: SiteSummary) =>
    modal.confirm({
      title: t('siteList.confirmDelete.title', { name: site.name }),
      content: t('siteList.confirmDelete.content'),
      okText: t('siteList.confirmDelete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ id: site.id, version: site.version })
          .then((data) => {
            toast.success(data?.message ?? tShared('site.deleted'))
            void queryClient.invalidateQueries({ queryKey: siteKeys.limits() })
          })
          .catch(onDeleteError),
    })

  const columns: GridColumn<SiteSummary>[] = [
    // Nothing is pinned and nothing is cut: long names and URLs wrap, the parent account and the
    // creation day fold away below 1200 px, and the actions wrap inside their column, so every
    // column and 編集 / 会員・お問い合わせ / 削除 are on screen at 1024 and 1366 px.
    {
      key: 'name',
      title: t('siteList.columns.name'),
      render: (_, site) => <Link to={editorPath(site.id)}>{site.name}</Link>,
    },
    {
      key: 'url',
      title: t('siteList.columns.url'),
      collapse: true,
      render: (_, site) =>
        site.url ? (
          <Typography.Link
            href={site.url}
            target="_blank"
            rel="noopener noreferrer"
            title={`${site.url} (${t('siteList.opensInNewTab')})`}
          >
            {site.url}
          </Typography.Link>
        ) : (
          NONE
        ),
    },
    {
      key: 'status',
      title: t('siteList.columns.status'),
      render: (_, site) =>
        site.scheduledPublishAt || site.scheduledUnpublishAt ? (
          <Flex vertical align="start" gap={4}>
            <SiteStatusTag status={site.status} />
            <ScheduleTags site={site} />
          </Flex>
        ) : (
          <SiteStatusTag status={site.status} />
        ),
    },
    {
      key: 'owner',
      title: t('siteList.columns.owner'),
      collapse: true,
      render: (_, site) => site.ownerName || NONE,
    },
    {
      key: 'createdAt',
      title: t('siteList.columns.createdAt'),
      collapse: true,
      render: (_, site) => formatSiteDateTime(site.createdAt) ?? NONE,
    },
    {
      key: 'publishedAt',
      title: t('siteList.columns.publishedAt'),
      render: (_, site) => formatSiteDateTime(site.publishedAt) ?? NONE,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, site) => (
        <RowActions>
          <Link
            to={editorPath(site.id)}
            aria-label={t(canWrite ? 'siteList.actions.editOf' : 'siteList.actions.viewOf', {
              name: site.name,
            })}
          >
            {canWrite ? t('siteList.actions.edit') : t('siteList.actions.view')}
          </Link>
          {readsSubmissions && (
            <Link
              to={`${editorPath(site.id)}/submissions`}
              aria-label={t('siteSubmissions.linkOf', { name: site.name })}
            >
              {t('siteSubmissions.link')}
            </Link>
          )}
          <Link to={`${base}/notification-delivery/${encodeURIComponent(site.id)}`}>
            {t('content.notice.siteLink')}
          </Link>
          {canWrite && (
            <Link to={`${editorPath(site.id)}/api`} aria-label={t('siteApi.linkOf', { name: site.name })}>
              {t('siteApi.link')}
            </Link>
          )}
          <ActionButton
            action="site:write"
            type="link"
            danger
            size="small"
            aria-label={t('siteList.actions.deleteOf', { name: site.name })}
            onClick={() => confirmDelete(site)}
            style={{ paddingInline: 0 }}
          >
            {t('siteList.actions.delete')}
          </ActionButton>
        </RowActions>
      ),
    },
  ]

  const showCreate = offersCreate && canWrite && !atSiteLimit(limits.data)
  const limitReason = useSiteLimitReason(limits.data)
  const limitReasonId = useId()

  return (
    <Card>
      <Flex justify="space-between" align="flex-start" wrap gap={16} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {heading}
        </Typography.Title>
        <Space wrap align="start">
          <ActionButton action="site:read" loading={exportCsv.isPending} onClick={onExport}>
            {t('siteList.export')}
          </ActionButton>
          {offersCreate && <CreateSiteButton reason={limitReason} reasonId={limitReasonId} />}
        </Space>
      </Flex>

      {offersCreate && canWrite && limitReason && (
        <Alert id={limitReasonId} type="warning" showIcon title={limitReason} style={{ marginBottom: 16 }} />
      )}

      <DataGrid<SiteSummary>
        query={list}
        items={items}
        columns={columns}
        filters={{
          label: t('siteList.filters.label'),
          note: t('siteList.filters.timeZone'),
          children: (
            <>
              <SearchBox
                label={t('siteList.filters.name')}
                placeholder={t('siteList.filters.namePlaceholder')}
                button={t('siteList.filters.search')}
                maxLength={100}
                value={name}
                onSearch={(value) => setFilters({ name: value })}
              />
              <FilterSelect
                label={t('siteList.filters.status')}
                allLabel={t('siteList.filters.allStatuses')}
                value={status}
                onChange={(value) => setFilters({ status: value })}
                options={SITE_STATUSES.map((value) => ({ value, label: t(`sites.statuses.${value}`) }))}
              />
              {severalOwners && (
                <OwnerFilter
                  value={ownerParam}
                  knownName={items.find((site) => site.ownerId === ownerParam)?.ownerName}
                  onChange={(value) => setFilters({ ownerId: value })}
                />
              )}
              <DayRangeFilter
                placeholders={[t('siteList.filters.from'), t('siteList.filters.to')]}
                label={t('siteList.filters.created')}
                from={createdFrom}
                to={createdTo}
                onChange={(from, to) => setFilters({ createdFrom: from, createdTo: to })}
              />
              <DayRangeFilter
                placeholders={[t('siteList.filters.from'), t('siteList.filters.to')]}
                label={t('siteList.filters.published')}
                from={publishedFrom}
                to={publishedTo}
                onChange={(from, to) => setFilters({ publishedFrom: from, publishedTo: to })}
              />
            </>
          ),
        }}
        empty={t('siteList.empty')}
        noMatch={t('siteList.noMatch')}
        filtered={filtered}
        emptyAction={
          showCreate && (
            <Button type="primary" onClick={() => navigate(`${base}/create-site`)}>
              {t('siteList.createFirst')}
            </Button>
          )
        }
        pager={{
          kind: 'cursor',
          pages,
          nextCursor: list.data?.nextCursor,
          label: t('siteList.page', { page: pages.page }),
        }}
      />
    </Card>
  )
}

/** /:userTypeId/site-list: the sites in the signed-in account's scope, newest first, 20 a page. */
export const SiteListPage = () => <SiteList offersCreate />

/**
 * /:userTypeId/site/list/:id: the same list fixed to the sites of the account `:id`, titled with
 * its name (from the users API when the caller may read accounts, else from the rows).
 */
export const UserSitesPage = () => {
  const info = useCurrentUser()
  const { id = '' } = useParams()
  const own = id === info.id
  const readsAccounts = permissionOf(info, 'account:read') === 'allowed'
  const account = useQuery({ ...userDetailQuery(id), enabled: id !== '' && !own && readsAccounts })
  const name = own ? (info.companyName ?? info.email) : account.data ? displayName(account.data) : null
  // Sites are created for the caller's own account, so "create" belongs only on its own list.
  return <SiteList key={id} fixedOwnerId={id} fixedOwnerName={name} offersCreate={own} />
}
