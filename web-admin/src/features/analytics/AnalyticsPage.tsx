import {
  LP_KPIS,
  type LpKpi,
  RANKING_KINDS,
  SITE_LANGUAGES,
  SITE_STATUSES,
  type SiteLanguage,
  type SiteStatus,
  SOURCE_OTHER,
} from '@swipe/shared'
import { addDays, addMonths } from '@swipe/shared/time/calendar'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  List,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { loadFeatureTexts } from '../../i18n/index.ts'
import { errorMessage } from '../../lib/api.ts'
import { saveBlob } from '../../lib/files.ts'
import { useToast } from '../../lib/toast.ts'
import { canOpen } from '../shell/consoleRoutes.ts'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import {
  CSV_REPORTS,
  chartQuery,
  type LpReport,
  lpQuery,
  type PageRow,
  pagesQuery,
  type RankingReport,
  type ReportParams,
  rankingQuery,
  type SourcesReport,
  siteOptionsQuery,
  sourcesQuery,
  useExportCsv,
  useExportPdf,
  vitalsQuery,
} from './api.ts'
import { Failed } from './Failed.tsx'
import { changeText, count, percent, seconds } from './format.ts'
import { GridHeatmap, HEATMAP_METRICS, type HeatmapMetric } from './GridHeatmap.tsx'
import {
  dayAllowed,
  earliestMonth,
  isDay,
  isMonth,
  monthAllowed,
  monthPeriod,
  thisMonth,
  todayJst,
} from './period.ts'
import { TrendChart } from './TrendChart.tsx'
import { VitalsReport } from './VitalsReport.tsx'

type Mode = 'month' | 'day'

// The A/B tests are a chunk of their own, fetched with the editor's texts (their cards' words) once
// the KPIs are on screen: neither is part of the route's first load.
const ExperimentsReport = lazy(async () => {
  const [module] = await Promise.all([import('./ExperimentsReport.tsx'), loadFeatureTexts('siteEditor')])
  return { default: module.ExperimentsReport }
})

const isLanguage = (value: string | null): value is SiteLanguage =>
  SITE_LANGUAGES.includes(value as SiteLanguage)

/** A KPI's value as the cards write it. */
const kpiText = (t: ReturnType<typeof useTranslation>['t'], kpi: LpKpi, value: number) => {
  if (kpi === 'avgDwellMs' || kpi === 'medianDwellMs') return seconds(t, value)
  if (kpi === 'linkCtr' || kpi === 'cvr') return percent(value)
  if (kpi === 'swipesPerVisit') return value.toFixed(2)
  return count(value)
}

const KpiCards = ({ report }: { report: LpReport }) => {
  const { t } = useTranslation()
  return (
    <Row gutter={[12, 12]}>
      {LP_KPIS.map((kpi) => {
        const { value, change } = report.kpis[kpi]
        const text = changeText(change)
        return (
          <Col key={kpi} xs={12} md={8} xl={6} xxl={4}>
            <Card size="small" data-kpi={kpi}>
              <Statistic title={t(`analytics.kpis.${kpi}`)} value={kpiText(t, kpi, value)} />
              <Typography.Text
                type={change === null ? 'secondary' : change >= 0 ? 'success' : 'danger'}
                style={{ fontSize: 12 }}
              >
                {text === null ? t('analytics.noPrevious') : `${t('analytics.vsPrevious')} ${text}`}
              </Typography.Text>
            </Card>
          </Col>
        )
      })}
      <Col span={24}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('analytics.terms.visits')}
        </Typography.Text>
      </Col>
    </Row>
  )
}

/** A right-aligned column of a row's count. */
const countColumn = <R extends object>(key: keyof R & string, title: string): ColumnsType<R>[number] => ({
  key,
  title,
  align: 'right',
  render: (_, row) => count(row[key] as number),
})

const PagesTable = ({ rows, multilingual }: { rows: PageRow[]; multilingual: boolean }) => {
  const { t } = useTranslation()
  const columns: ColumnsType<PageRow> = [
    { key: 'cell', title: t('analytics.columns.cell'), render: (_, row) => row.position, fixed: 'left' },
    ...(multilingual
      ? [{ key: 'lang', title: t('analytics.columns.lang'), render: (_: unknown, row: PageRow) => row.lang }]
      : []),
    countColumn('reach', t('analytics.columns.reach')),
    {
      key: 'reachRate',
      title: t('analytics.columns.reachRate'),
      align: 'right',
      render: (_, row) => percent(row.reachRate),
    },
    countColumn('views', t('analytics.columns.views')),
    {
      key: 'avgDwell',
      title: t('analytics.columns.avgDwell'),
      align: 'right',
      render: (_, row) => seconds(t, row.avgDwellMs),
    },
    {
      key: 'medianDwell',
      title: t('analytics.columns.medianDwell'),
      align: 'right',
      render: (_, row) => seconds(t, row.medianDwellMs),
    },
    countColumn('exits', t('analytics.columns.exits')),
    {
      key: 'exitRate',
      title: t('analytics.columns.exitRate'),
      align: 'right',
      render: (_, row) => percent(row.exitRate),
    },
    {
      key: 'link',
      title: t('analytics.columns.linkClicks'),
      align: 'right',
      render: (_, row) => count(row.clicks.link),
    },
    {
      key: 'product',
      title: t('analytics.columns.productClicks'),
      align: 'right',
      render: (_, row) => count(row.clicks.product),
    },
    {
      key: 'sns',
      title: t('analytics.columns.snsClicks'),
      align: 'right',
      render: (_, row) => count(row.clicks.sns),
    },
    {
      key: 'cta',
      title: t('analytics.columns.ctaClicks'),
      align: 'right',
      render: (_, row) => count(row.clicks.cta),
    },
    {
      key: 'ctr',
      title: t('analytics.columns.linkCtr'),
      align: 'right',
      render: (_, row) => percent(row.linkCtr),
    },
    {
      key: 'cv',
      title: t('analytics.columns.conversions'),
      align: 'right',
      render: (_, row) => count(row.conversions),
    },
    {
      key: 'swipes',
      title: t('analytics.columns.swipes'),
      render: (_, row) =>
        (['up', 'down', 'left', 'right', 'jump'] as const)
          .filter((d) => row.swipes[d] > 0)
          .map((d) => `${t(`analytics.directions.${d}`)} ${count(row.swipes[d])}`)
          .join(' / '),
    },
  ]
  return (
    <Table
      size="small"
      rowKey={(row) => `${row.lang}#${row.position}`}
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50 } : false}
      scroll={{ x: true }}
    />
  )
}

const Rankings = ({ report }: { report: RankingReport }) => {
  const { t } = useTranslation()
  if (!report.available)
    return (
      <Alert
        type="info"
        showIcon
        title={t('analytics.rankingNotEnoughPages', { min: report.minPages, pages: report.pages })}
      />
    )
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('analytics.terms.creativeViews')}
        </Typography.Text>
      </Col>
      {RANKING_KINDS.map((kind) => (
        <Col key={kind} xs={24} md={12} xl={8}>
          <Card size="small" title={t(`analytics.rankings.${kind}`)} data-ranking={kind}>
            {report.rankings[kind].length === 0 ? (
              <Typography.Text type="secondary">{t('analytics.rankingNoData')}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={report.rankings[kind]}
                renderItem={(row) => (
                  <List.Item>
                    <Space>
                      <Typography.Text strong>{t('analytics.rank', { rank: row.rank })}</Typography.Text>
                      <Typography.Text>{row.position}</Typography.Text>
                    </Space>
                    <Typography.Text>
                      {kind === 'ctr' ? percent(row.value) : count(row.value)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  )
}

const SOURCE_LISTS = ['referrers', 'utmSource', 'utmMedium', 'utmCampaign'] as const

const Sources = ({ report, filtered }: { report: SourcesReport; filtered: boolean }) => {
  const { t } = useTranslation()
  if (report.visits === 0)
    return <Typography.Text type="secondary">{t('analytics.noSources')}</Typography.Text>
  return (
    <Row gutter={[12, 12]}>
      {/* Sources are counted per site, not per language: a language filter does not apply to them. */}
      {filtered && (
        <Col span={24}>
          <Alert type="info" showIcon title={t('analytics.sourcesAllLanguages')} />
        </Col>
      )}
      {SOURCE_LISTS.map((kind) => (
        <Col key={kind} xs={24} md={12} xl={6}>
          <Card size="small" title={t(`analytics.sources.${kind}`)} data-sources={kind}>
            {report[kind].length === 0 ? (
              <Typography.Text type="secondary">{t('analytics.rankingNoData')}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={report[kind].slice(0, 10)}
                renderItem={(row) => (
                  <List.Item>
                    <Typography.Text ellipsis style={{ maxWidth: 180 }}>
                      {row.value === ''
                        ? t('analytics.direct')
                        : row.value === SOURCE_OTHER
                          ? t('analytics.other')
                          : row.value}
                    </Typography.Text>
                    <Typography.Text>
                      {count(row.visits)}（{percent(report.visits > 0 ? row.visits / report.visits : 0)}）
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  )
}

const CONVERSION_SOURCE_LISTS = ['referrers', 'utmSource', 'utmMedium', 'utmCampaign'] as const

type ConversionSourceRow = LpReport['conversionSources']['referrers'][number]
type AdPlatformRow = LpReport['conversionSources']['adPlatforms'][number]
type DeliveryRow = LpReport['deliveries'][number]

/** A rate that may be unknown (nothing to divide by): `—`. */
const rateText = (rate: number | null) => (rate === null ? '—' : percent(rate))

/**
 * Conversions by where the visit came from (issue 32 Deliver 6): of each kind, the values with
 * their visits, conversions and conversion rate; and the conversions by the ad platform of the
 * landing's click ids. Counted per site, not per language.
 */
const ConversionSources = ({ report, filtered }: { report: LpReport; filtered: boolean }) => {
  const { t } = useTranslation()
  const sources = report.conversionSources
  const sourceText = (value: string) =>
    value === '' ? t('analytics.direct') : value === SOURCE_OTHER ? t('analytics.other') : value
  if (CONVERSION_SOURCE_LISTS.every((kind) => sources[kind].length === 0) && !sources.adPlatforms.length)
    return <Typography.Text type="secondary">{t('analytics.noConversionSources')}</Typography.Text>
  const columns: ColumnsType<ConversionSourceRow> = [
    {
      key: 'value',
      title: t('analytics.conversionColumns.source'),
      render: (_, row) => (
        <Typography.Text ellipsis style={{ maxWidth: 180 }}>
          {sourceText(row.value)}
        </Typography.Text>
      ),
    },
    countColumn('visits', t('analytics.conversionColumns.visits')),
    countColumn('conversions', t('analytics.conversionColumns.conversions')),
    {
      key: 'cvr',
      title: t('analytics.conversionColumns.cvr'),
      align: 'right',
      render: (_, row) => rateText(row.cvr),
    },
  ]
  const platformColumns: ColumnsType<AdPlatformRow> = [
    {
      key: 'platform',
      title: t('analytics.conversionColumns.platform'),
      render: (_, row) => t(`analytics.adPlatforms.${row.platform}`),
    },
    countColumn('conversions', t('analytics.conversionColumns.conversions')),
  ]
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        {filtered ? (
          <Alert type="info" showIcon title={t('analytics.sourcesAllLanguages')} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('analytics.conversionSourcesNote')}
          </Typography.Text>
        )}
      </Col>
      {CONVERSION_SOURCE_LISTS.map((kind) => (
        <Col key={kind} xs={24} xl={12}>
          <Card size="small" title={t(`analytics.sources.${kind}`)} data-conversion-sources={kind}>
            {sources[kind].length === 0 ? (
              <Typography.Text type="secondary">{t('analytics.rankingNoData')}</Typography.Text>
            ) : (
              <Table
                size="small"
                rowKey="value"
                columns={columns}
                dataSource={sources[kind]}
                pagination={false}
              />
            )}
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={12}>
        <Card size="small" title={t('analytics.sources.adPlatforms')} data-conversion-sources="adPlatforms">
          {sources.adPlatforms.length === 0 ? (
            <Typography.Text type="secondary">{t('analytics.rankingNoData')}</Typography.Text>
          ) : (
            <Table
              size="small"
              rowKey="platform"
              columns={platformColumns}
              dataSource={sources.adPlatforms}
              pagination={false}
            />
          )}
        </Card>
      </Col>
    </Row>
  )
}

/**
 * Each server-side destination's deliveries of the period (test mode left out) and its delivery
 * rate: delivered ÷ (delivered + failed).
 */
const Deliveries = ({ rows }: { rows: DeliveryRow[] }) => {
  const { t } = useTranslation()
  if (!rows.length) return <Empty description={t('analytics.noDeliveries')} />
  const columns: ColumnsType<DeliveryRow> = [
    {
      key: 'platform',
      title: t('analytics.deliveryColumns.destination'),
      render: (_, row) => t(`analytics.destinations.${row.platform}`),
    },
    countColumn('delivered', t('analytics.deliveryColumns.delivered')),
    countColumn('failed', t('analytics.deliveryColumns.failed')),
    countColumn('pending', t('analytics.deliveryColumns.pending')),
    {
      key: 'rate',
      title: t('analytics.deliveryColumns.rate'),
      align: 'right',
      render: (_, row) => rateText(row.rate),
    },
  ]
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('analytics.deliveriesNote')}
      </Typography.Text>
      <div data-testid="deliveries">
        <Table size="small" rowKey="platform" columns={columns} dataSource={rows} pagination={false} />
      </div>
    </Flex>
  )
}

/**
 * /:userTypeId/analytics, 効果測定 (SPEC §2 Analytics, §7 Analysis; issue 17): a site of the
 * caller's scope (searched by name, filtered by status), a month or a day range (SPEC §5: no future
 * month, not older than one year), the KPIs with their change against the period before, the daily
 * trend, the grid heatmap, the per-page table, the rankings, the conversions by source, the
 * server-side destinations' delivery rates, the visit sources and the site's A/B tests (issue 34,
 * read-only, each with its CSV); CSV of each report and the monthly PDF. The choices live in the
 * address, so a reload shows the same report.
 */
export const AnalyticsPage = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const info = useCurrentUser()
  const [searchParams, setSearchParams] = useSearchParams()
  const [siteName, setSiteName] = useState('')
  const [siteStatus, setSiteStatus] = useState<SiteStatus | undefined>(undefined)

  const mode: Mode = searchParams.get('mode') === 'day' ? 'day' : 'month'
  const monthParam = searchParams.get('month')
  const month = isMonth(monthParam) && monthAllowed(monthParam) ? monthParam : thisMonth()
  const fromParam = searchParams.get('from')
  const toParam = searchParams.get('to')
  const today = todayJst()
  const dayRange =
    isDay(fromParam) && isDay(toParam) && dayAllowed(fromParam) && dayAllowed(toParam) && fromParam <= toParam
      ? { from: fromParam, to: toParam }
      : { from: addDays(today, -6), to: today }
  const period = mode === 'month' ? monthPeriod(month) : dayRange
  const langParam = searchParams.get('lang')
  const lang = isLanguage(langParam) ? langParam : undefined
  const metricParam = searchParams.get('metric')
  const metric: HeatmapMetric = HEATMAP_METRICS.find((m) => m === metricParam) ?? 'reachRate'

  const sites = useQuery(siteOptionsQuery(siteName, siteStatus))
  const siteId = searchParams.get('site') ?? sites.data?.items[0]?.id ?? ''
  const params: ReportParams = { ...period, lang }
  const lp = useQuery(lpQuery(siteId, params))
  const chart = useQuery(chartQuery(siteId, params))
  const pages = useQuery(pagesQuery(siteId, params))
  const ranking = useQuery(rankingQuery(siteId, params))
  const sources = useQuery(sourcesQuery(siteId, params))
  const vitals = useQuery(vitalsQuery(siteId, params))
  const exportCsv = useExportCsv()
  const exportPdf = useExportPdf()

  // From the address as the latest render saw it, not as the render that made the callback did: a
  // control still holding an older callback (the heatmap's metric switch, clicked right after
  // 翌月) once put back the month it was drawn with.
  const latestParams = useRef(searchParams)
  latestParams.current = searchParams
  const update = (values: Record<string, string | undefined>) => {
    const next = new URLSearchParams(latestParams.current)
    for (const [key, value] of Object.entries(values)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearchParams(next, { replace: true })
  }

  const site = lp.data?.site
  const options = (sites.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item.ownerName ? `${item.name}（${t('analytics.owner', { name: item.ownerName })}）` : item.name,
  }))
  // The chosen site stays nameable while a search shows other sites.
  if (site && !options.some((o) => o.value === site.id)) options.unshift({ value: site.id, label: site.name })

  const onCsv = (report: (typeof CSV_REPORTS)[number]) =>
    exportCsv.mutate(
      { report, siteId, params },
      {
        onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? `analysis-${report}.csv`),
        onError: (error) => toast.error(errorMessage(error) || t('analytics.exportFailed')),
      },
    )
  const onPdf = () =>
    exportPdf.mutate(
      { siteId, month: mode === 'month' ? month : period.to.slice(0, 7), lang },
      {
        onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
        onError: (error) => toast.error(errorMessage(error) || t('analytics.exportFailed')),
      },
    )

  const disabledMonth = (value: Dayjs) => !monthAllowed(value.format('YYYY-MM'))
  const disabledDay = (value: Dayjs) => !dayAllowed(value.format('YYYY-MM-DD'))
  const multilingual = !lang && (site?.languages.length ?? 0) > 1
  // Tests are made in the site editor: the empty A/B section links there when the account may open it.
  const editorPath = canOpen(info.menuAreas, ['siteProduction'])
    ? `/${info.userTypeSegment}/site/${encodeURIComponent(siteId)}`
    : null

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <div>
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t('analytics.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('analytics.description')}
            </Typography.Paragraph>
          </div>
          <Flex gap={8} wrap align="center">
            <Select
              aria-label={t('analytics.site')}
              showSearch
              filterOption={false}
              onSearch={setSiteName}
              placeholder={t('analytics.sitePlaceholder')}
              notFoundContent={t('analytics.noSites')}
              value={siteId || undefined}
              options={options}
              onChange={(value: string) => update({ site: value })}
              loading={sites.isFetching}
              style={{ minWidth: 280 }}
            />
            <Select
              aria-label={t('analytics.statusFilter')}
              value={siteStatus ?? ''}
              onChange={(value: string) => setSiteStatus(value ? (value as SiteStatus) : undefined)}
              options={[
                { value: '', label: t('analytics.allStatuses') },
                ...SITE_STATUSES.map((status) => ({
                  value: status,
                  label: t(`analytics.statuses.${status}`),
                })),
              ]}
              style={{ minWidth: 160 }}
            />
            <Select
              aria-label={t('analytics.language')}
              value={lang ?? ''}
              onChange={(value: string) => update({ lang: value || undefined })}
              options={[
                { value: '', label: t('analytics.allLanguages') },
                ...(site?.languages ?? []).map((l) => ({ value: l, label: l })),
              ]}
              style={{ minWidth: 140 }}
            />
          </Flex>
          <Flex gap={8} wrap align="center">
            <Segmented
              aria-label={t('analytics.periodMode')}
              value={mode}
              onChange={(value) => update({ mode: value === 'day' ? 'day' : undefined })}
              options={[
                { value: 'month', label: t('analytics.byMonth') },
                { value: 'day', label: t('analytics.byDay') },
              ]}
            />
            {mode === 'month' ? (
              <Space.Compact>
                <Button
                  onClick={() => update({ month: addMonths(month, -1) })}
                  disabled={month <= earliestMonth()}
                >
                  {t('analytics.previousMonth')}
                </Button>
                <DatePicker
                  picker="month"
                  aria-label={t('analytics.month')}
                  allowClear={false}
                  value={dayjs(`${month}-01`)}
                  disabledDate={disabledMonth}
                  onChange={(value) => value && update({ month: value.format('YYYY-MM') })}
                  format="YYYY-MM"
                />
                <Button
                  onClick={() => update({ month: addMonths(month, 1) })}
                  disabled={month >= thisMonth()}
                >
                  {t('analytics.nextMonth')}
                </Button>
              </Space.Compact>
            ) : (
              <DatePicker.RangePicker
                aria-label={t('analytics.days')}
                allowClear={false}
                value={[dayjs(dayRange.from), dayjs(dayRange.to)]}
                disabledDate={disabledDay}
                onChange={(values) =>
                  values?.[0] &&
                  values[1] &&
                  update({ from: values[0].format('YYYY-MM-DD'), to: values[1].format('YYYY-MM-DD') })
                }
                format="YYYY-MM-DD"
              />
            )}
            <Dropdown
              disabled={!siteId}
              menu={{
                items: CSV_REPORTS.map((report) => ({
                  key: report,
                  label: t(`analytics.csvReports.${report}`),
                })),
                onClick: ({ key }) => onCsv(key as (typeof CSV_REPORTS)[number]),
              }}
            >
              <Button loading={exportCsv.isPending}>{t('analytics.exportCsv')}</Button>
            </Dropdown>
            <Button onClick={onPdf} loading={exportPdf.isPending} disabled={!siteId}>
              {t('analytics.exportPdf')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {lp.data
              ? t('analytics.periodNote', {
                  from: lp.data.period.from,
                  to: lp.data.period.to,
                  previousFrom: lp.data.previous.from,
                  previousTo: lp.data.previous.to,
                })
              : t('analytics.pickerLimit')}
          </Typography.Text>
        </Flex>
      </Card>

      {!siteId ? (
        <Card>
          <Empty description={sites.isLoading ? undefined : t('analytics.chooseSite')} />
        </Card>
      ) : lp.isError ? (
        <Failed error={lp.error} retry={() => void lp.refetch()} />
      ) : (
        <>
          {lp.data ? <KpiCards report={lp.data} /> : <Skeleton active />}
          <Card title={t('analytics.chartTitle')}>
            {chart.isError ? (
              <Failed error={chart.error} retry={() => void chart.refetch()} />
            ) : chart.data ? (
              <TrendChart points={chart.data.points} />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.heatmapTitle')}>
            {pages.isError ? (
              <Failed error={pages.error} retry={() => void pages.refetch()} />
            ) : pages.data ? (
              <GridHeatmap
                report={pages.data}
                metric={metric}
                onMetric={(next) => update({ metric: next })}
              />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.pagesTitle')}>
            {pages.data ? (
              <PagesTable rows={pages.data.rows} multilingual={multilingual} />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.rankingTitle')}>
            {ranking.isError ? (
              <Failed error={ranking.error} retry={() => void ranking.refetch()} />
            ) : ranking.data ? (
              <Rankings report={ranking.data} />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.conversionSourcesTitle')}>
            {lp.data ? <ConversionSources report={lp.data} filtered={Boolean(lang)} /> : <Skeleton active />}
          </Card>
          <Card title={t('analytics.deliveriesTitle')}>
            {lp.data ? <Deliveries rows={lp.data.deliveries} /> : <Skeleton active />}
          </Card>
          <Card title={t('analytics.sourcesTitle')}>
            {sources.isError ? (
              <Failed error={sources.error} retry={() => void sources.refetch()} />
            ) : sources.data ? (
              <Sources report={sources.data} filtered={Boolean(lang)} />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.vitals.title')} data-testid="vitals">
            {vitals.isError ? (
              <Failed error={vitals.error} retry={() => void vitals.refetch()} />
            ) : vitals.data ? (
              <VitalsReport report={vitals.data} />
            ) : (
              <Skeleton active />
            )}
          </Card>
          <Card title={t('analytics.experiments.title')}>
            {lp.data ? (
              <Suspense fallback={<Skeleton active />}>
                <ExperimentsReport key={siteId} siteId={siteId} editorPath={editorPath} />
              </Suspense>
            ) : (
              <Skeleton active />
            )}
          </Card>
        </>
      )}
    </Flex>
  )
}
