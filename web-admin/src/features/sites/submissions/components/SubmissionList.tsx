import {
  MEMBER_STATUSES,
  type MemberStatus,
  SITE_LANGUAGES,
  type SiteLanguage,
  type SubmissionMailStatus,
} from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CursorPager } from '../../../../components/CursorPager.tsx'
import { DayRangeFilter } from '../../../../components/DayRangeFilter.tsx'
import { DAY_FORMAT, dayParam, formatSiteDateTime } from '../../../../components/dates.ts'
import { ListError } from '../../../../components/ListError.tsx'
import { languageLabel } from '../../../../components/languageLabel.ts'
import { ApiError, errorMessage } from '../../../../lib/api.ts'
import { saveBlob } from '../../../../lib/files.ts'
import { useToast } from '../../../../lib/toast.ts'
import {
  type MemberRow,
  type SubmissionFilters,
  type SubmissionListRow,
  type SubmissionRow,
  type SubmissionTab,
  submissionListQuery,
  useExportSubmissions,
} from '../api.ts'
import { AnswerList } from './AnswerList.tsx'

/** Shown where a value is missing (a member not confirmed yet, no company). */
const NONE = '—'

const MEMBER_STATUS_COLORS: Record<MemberStatus, string> = { PENDING: 'gold', ACTIVE: 'green' }
const MAIL_STATUS_COLORS: Record<SubmissionMailStatus, string | undefined> = {
  SENT: 'green',
  FAILED: 'red',
  NONE: undefined,
}

/** The filters of the address this list reads (`email`, `status` for members, `from`, `to`). */
export const FILTER_PARAMS = ['email', 'status', 'from', 'to'] as const
type FilterName = (typeof FILTER_PARAMS)[number]

const isSiteLanguage = (value: string): value is SiteLanguage =>
  (SITE_LANGUAGES as readonly string[]).includes(value)

interface SubmissionListProps {
  tab: SubmissionTab
  siteId: string
  /** Tells the page the site's name once a page of the list has arrived (a stable callback). */
  onSiteName: (name: string) => void
  /** The list answered 404: no such site in the caller's scope (a stable callback). */
  onNotFound: () => void
}

/**
 * One list of the screen (members, contacts or form submissions): filters kept in the address,
 * a table 20 rows a page with rows that open to every answer, cursor pages and the CSV of
 * everything the filters select.
 */
export const SubmissionList = ({ tab, siteId, onSiteName, onNotFound }: SubmissionListProps) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [searchParams, setSearchParams] = useSearchParams()
  const members = tab === 'member'

  const email = searchParams.get('email')?.trim() ?? ''
  const status = members ? MEMBER_STATUSES.find((value) => value === searchParams.get('status')) : undefined
  const from = dayParam(searchParams.get('from'))
  const to = dayParam(searchParams.get('to'))
  const [emailText, setEmailText] = useState(email)
  const filters: SubmissionFilters = { email: email || undefined, status, from, to }
  const filtered = Boolean(email || status || from || to)

  // Cursor pages: the cursors of the pages after the first, so "previous" can step back.
  const filtersKey = JSON.stringify(filters)
  const [pages, setPages] = useState<{ filtersKey: string; cursors: string[] }>({ filtersKey, cursors: [] })
  const cursors = pages.filtersKey === filtersKey ? pages.cursors : []
  const list = useQuery(submissionListQuery(tab, siteId, { ...filters, cursor: cursors.at(-1) }))
  const exportCsv = useExportSubmissions()

  const siteName = list.data?.site.name
  useEffect(() => {
    if (siteName !== undefined) onSiteName(siteName)
  }, [siteName, onSiteName])
  const notFound = list.error instanceof ApiError && list.error.status === 404
  useEffect(() => {
    if (notFound) onNotFound()
  }, [notFound, onNotFound])

  const setFilters = (values: Partial<Record<FilterName, string | undefined>>) => {
    const next = new URLSearchParams(searchParams)
    for (const [key, value] of Object.entries(values)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearchParams(next, { replace: true })
  }

  const onExport = () =>
    exportCsv.mutate(
      { tab, siteId, filters },
      {
        onSuccess: ({ blob, fileName }) =>
          saveBlob(blob, fileName ?? `${tab}s-${dayjs().format(DAY_FORMAT)}.csv`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )

  const language = (lang: string) => (isSiteLanguage(lang) ? languageLabel(t, lang) : lang)
  const when = (value: string | null) => formatSiteDateTime(value) ?? NONE

  const memberColumns: ColumnsType<MemberRow> = [
    { key: 'email', title: t('siteSubmissions.columns.email'), render: (_, row) => row.email },
    {
      key: 'status',
      title: t('siteSubmissions.columns.status'),
      render: (_, row) => (
        <Tag color={MEMBER_STATUS_COLORS[row.status]}>
          {t(`siteSubmissions.memberStatuses.${row.status}`)}
        </Tag>
      ),
    },
    { key: 'company', title: t('siteSubmissions.columns.company'), render: (_, row) => row.company || NONE },
    {
      key: 'createdAt',
      title: t('siteSubmissions.columns.registeredAt'),
      render: (_, row) => when(row.createdAt),
    },
    {
      key: 'confirmedAt',
      title: t('siteSubmissions.columns.confirmedAt'),
      render: (_, row) => when(row.confirmedAt),
    },
    { key: 'lang', title: t('siteSubmissions.columns.language'), render: (_, row) => language(row.lang) },
  ]

  const submissionColumns: ColumnsType<SubmissionRow> = [
    {
      key: 'createdAt',
      title: t('siteSubmissions.columns.receivedAt'),
      render: (_, row) => when(row.createdAt),
    },
    { key: 'email', title: t('siteSubmissions.columns.email'), render: (_, row) => row.email },
    { key: 'company', title: t('siteSubmissions.columns.company'), render: (_, row) => row.company || NONE },
    { key: 'lang', title: t('siteSubmissions.columns.language'), render: (_, row) => language(row.lang) },
    ...(tab === 'form'
      ? [
          {
            key: 'mode',
            title: t('siteSubmissions.columns.mode'),
            render: (_: unknown, row: SubmissionRow) => row.mode || NONE,
          },
        ]
      : []),
    {
      key: 'mailStatus',
      title: t('siteSubmissions.columns.mailStatus'),
      render: (_, row) => (
        <Tag color={MAIL_STATUS_COLORS[row.mailStatus]}>
          {t(`siteSubmissions.mailStatuses.${row.mailStatus}`)}
        </Tag>
      ),
    },
  ]

  const items = list.data?.items ?? []
  const emptyText = list.isPending
    ? t('common.loading')
    : list.isError
      ? t('siteSubmissions.loadFailed')
      : t(filtered ? `siteSubmissions.noMatch.${tab}` : `siteSubmissions.empty.${tab}`)

  return (
    <>
      <section aria-label={t('siteSubmissions.filters.label')} style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="flex-start" wrap gap={16}>
          <Space wrap align="center">
            <Input.Search
              aria-label={t('siteSubmissions.filters.email')}
              placeholder={t('siteSubmissions.filters.emailPlaceholder')}
              enterButton={t('siteSubmissions.filters.search')}
              maxLength={254}
              allowClear
              value={emailText}
              onChange={(event) => setEmailText(event.target.value)}
              onSearch={(value) => setFilters({ email: value.trim() })}
              style={{ width: 320, maxWidth: '100%' }}
            />
            {members && (
              <Select
                virtual={false}
                aria-label={t('siteSubmissions.filters.status')}
                value={status ?? ''}
                onChange={(value: string) => setFilters({ status: value })}
                options={[
                  { value: '', label: t('siteSubmissions.filters.allStatuses') },
                  ...MEMBER_STATUSES.map((value) => ({
                    value,
                    label: t(`siteSubmissions.memberStatuses.${value}`),
                  })),
                ]}
                style={{ width: 200 }}
              />
            )}
            <DayRangeFilter
              placeholders={[t('siteSubmissions.filters.from'), t('siteSubmissions.filters.to')]}
              label={t(members ? 'siteSubmissions.filters.registered' : 'siteSubmissions.filters.received')}
              from={from}
              to={to}
              onChange={(start, end) => setFilters({ from: start, to: end })}
            />
          </Space>
          <Button
            loading={exportCsv.isPending}
            onClick={onExport}
            aria-label={t(`siteSubmissions.exportOf.${tab}`)}
          >
            {t('siteSubmissions.export')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('siteSubmissions.filters.timeZone')}
        </Typography.Paragraph>
      </section>

      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}

      <Table<SubmissionListRow>
        rowKey="id"
        columns={(members ? memberColumns : submissionColumns) as ColumnsType<SubmissionListRow>}
        dataSource={items}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          rowExpandable: (row) => row.answers.length > 0,
          expandedRowRender: (row) => <AnswerList email={row.email} answers={row.answers} />,
          expandIcon: ({ expanded, expandable, onExpand, record }) =>
            expandable ? (
              <Button
                type="link"
                size="small"
                aria-expanded={expanded}
                aria-label={t(
                  expanded ? 'siteSubmissions.answers.hideOf' : 'siteSubmissions.answers.showOf',
                  {
                    email: record.email,
                  },
                )}
                onClick={(event) => onExpand(record, event)}
              >
                {t(expanded ? 'siteSubmissions.answers.hide' : 'siteSubmissions.answers.show')}
              </Button>
            ) : null,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      />

      <CursorPager
        label={t('siteSubmissions.page', { page: cursors.length + 1 })}
        previousDisabled={cursors.length === 0 || list.isFetching}
        nextDisabled={!list.data?.cursor || list.isFetching || list.isPlaceholderData}
        onPrevious={() => setPages({ filtersKey, cursors: cursors.slice(0, -1) })}
        onNext={() => {
          const next = list.data?.cursor

          if (next) setPages({ filtersKey, cursors: [...cursors, next] })
        }}
      />
    </>
  )
}
