import {
  MEMBER_STATUSES,
  type MemberStatus,
  SITE_LANGUAGES,
  type SiteLanguage,
  type SubmissionMailStatus,
} from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Tag } from 'antd'
import dayjs from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DataGrid,
  FilterSelect,
  type GridColumn,
  SearchBox,
  useCursorPages,
  useUrlFilters,
} from '../../../../components/DataGrid.tsx'
import { DayRangeFilter } from '../../../../components/DayRangeFilter.tsx'
import { DAY_FORMAT, dayParam, formatSiteDateTime } from '../../../../components/dates.ts'
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
  const { params: searchParams, set: setFilterValues } = useUrlFilters()
  const members = tab === 'member'

  const email = searchParams.get('email')?.trim() ?? ''
  const status = members ? MEMBER_STATUSES.find((value) => value === searchParams.get('status')) : undefined
  const from = dayParam(searchParams.get('from'))
  const to = dayParam(searchParams.get('to'))
  const filters: SubmissionFilters = { email: email || undefined, status, from, to }
  const filtered = Boolean(email || status || from || to)

  const pages = useCursorPages(filters)
  const list = useQuery(submissionListQuery(tab, siteId, { ...filters, cursor: pages.cursor }))
  const exportCsv = useExportSubmissions()

  const siteName = list.data?.site.name
  useEffect(() => {
    if (siteName !== undefined) onSiteName(siteName)
  }, [siteName, onSiteName])
  const notFound = list.error instanceof ApiError && list.error.status === 404
  useEffect(() => {
    if (notFound) onNotFound()
  }, [notFound, onNotFound])

  const setFilters = (values: Partial<Record<FilterName, string | undefined>>) => setFilterValues(values)

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

  // Below 1200 px the company, the confirmation day and the mode fold away.
  const memberColumns: GridColumn<MemberRow>[] = [
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
    {
      key: 'company',
      title: t('siteSubmissions.columns.company'),
      collapse: true,
      render: (_, row) => row.company || NONE,
    },
    {
      key: 'createdAt',
      title: t('siteSubmissions.columns.registeredAt'),
      render: (_, row) => when(row.createdAt),
    },
    {
      key: 'confirmedAt',
      title: t('siteSubmissions.columns.confirmedAt'),
      collapse: true,
      render: (_, row) => when(row.confirmedAt),
    },
    { key: 'lang', title: t('siteSubmissions.columns.language'), render: (_, row) => language(row.lang) },
  ]

  const submissionColumns: GridColumn<SubmissionRow>[] = [
    {
      key: 'createdAt',
      title: t('siteSubmissions.columns.receivedAt'),
      render: (_, row) => when(row.createdAt),
    },
    { key: 'email', title: t('siteSubmissions.columns.email'), render: (_, row) => row.email },
    {
      key: 'company',
      title: t('siteSubmissions.columns.company'),
      collapse: true,
      render: (_, row) => row.company || NONE,
    },
    { key: 'lang', title: t('siteSubmissions.columns.language'), render: (_, row) => language(row.lang) },
    ...(tab === 'form'
      ? [
          {
            key: 'mode',
            title: t('siteSubmissions.columns.mode'),
            collapse: true,
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

  return (
    <DataGrid<SubmissionListRow>
      query={list}
      items={list.data?.items ?? []}
      columns={(members ? memberColumns : submissionColumns) as GridColumn<SubmissionListRow>[]}
      filters={{
        label: t('siteSubmissions.filters.label'),
        note: t('siteSubmissions.filters.timeZone'),
        end: (
          <Button
            loading={exportCsv.isPending}
            onClick={onExport}
            aria-label={t(`siteSubmissions.exportOf.${tab}`)}
          >
            {t('siteSubmissions.export')}
          </Button>
        ),
        children: (
          <>
            <SearchBox
              label={t('siteSubmissions.filters.email')}
              placeholder={t('siteSubmissions.filters.emailPlaceholder')}
              button={t('siteSubmissions.filters.search')}
              maxLength={254}
              value={email}
              onSearch={(value) => setFilters({ email: value })}
            />
            {members && (
              <FilterSelect
                label={t('siteSubmissions.filters.status')}
                allLabel={t('siteSubmissions.filters.allStatuses')}
                value={status}
                onChange={(value) => setFilters({ status: value })}
                options={MEMBER_STATUSES.map((value) => ({
                  value,
                  label: t(`siteSubmissions.memberStatuses.${value}`),
                }))}
              />
            )}
            <DayRangeFilter
              placeholders={[t('siteSubmissions.filters.from'), t('siteSubmissions.filters.to')]}
              label={t(members ? 'siteSubmissions.filters.registered' : 'siteSubmissions.filters.received')}
              from={from}
              to={to}
              onChange={(start, end) => setFilters({ from: start, to: end })}
            />
          </>
        ),
      }}
      empty={t(`siteSubmissions.empty.${tab}`)}
      noMatch={t(`siteSubmissions.noMatch.${tab}`)}
      filtered={filtered}
      expandable={{
        rowExpandable: (row) => row.answers.length > 0,
        expandedRowRender: (row) => <AnswerList email={row.email} answers={row.answers} />,
        expandIcon: ({ expanded, expandable, onExpand, record }) =>
          expandable ? (
            <Button
              type="link"
              size="small"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'siteSubmissions.answers.hideOf' : 'siteSubmissions.answers.showOf', {
                email: record.email,
              })}
              onClick={(event) => onExpand(record, event)}
            >
              {t(expanded ? 'siteSubmissions.answers.hide' : 'siteSubmissions.answers.show')}
            </Button>
          ) : null,
      }}
      pager={{
        kind: 'cursor',
        pages,
        nextCursor: list.data?.cursor,
        label: t('siteSubmissions.page', { page: pages.page }),
      }}
    />
  )
}
