import type { SiteLanguage, SiteStatus } from '@swipe/shared'
import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { call, callDownload } from '../../lib/api.ts'

/**
 * The 効果測定 screen's calls (SPEC §7 Analysis; functions/src/analysis): the reports of one site
 * over a period, their CSV exports and the monthly PDF report, and the sites to choose from.
 */

export type LpReport = RouteOutput<Contract['analysis.lp']>
export type ChartReport = RouteOutput<Contract['analysis.chart']>
export type PagesReport = RouteOutput<Contract['analysis.pages']>
export type PageRow = PagesReport['rows'][number]
export type RankingReport = RouteOutput<Contract['analysis.ranking']>
export type SourcesReport = RouteOutput<Contract['analysis.sources']>
export type VitalsReport = RouteOutput<Contract['analysis.vitals']>
export type SiteOption = RouteOutput<Contract['sites.list']>['items'][number]

/** The period and language every report is asked for (Japanese calendar days, both inclusive). */
export interface ReportParams {
  from: string
  to: string
  lang?: SiteLanguage | undefined
}

const input = (siteId: string, params: ReportParams) => ({
  params: { id: siteId },
  query: { from: params.from, to: params.to, ...(params.lang ? { lang: params.lang } : {}) },
})

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (kind: string, siteId: string, params: ReportParams) =>
    [...analyticsKeys.all, kind, siteId, params.from, params.to, params.lang ?? ''] as const,
  sites: (name: string, status: SiteStatus | undefined) =>
    [...analyticsKeys.all, 'sites', name, status ?? ''] as const,
}

/** One report query; the previous answer stays on screen while the next period loads. */
const report = <T>(
  kind: string,
  siteId: string,
  params: ReportParams,
  load: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: analyticsKeys.report(kind, siteId, params),
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(siteId),
  })

export const lpQuery = (siteId: string, params: ReportParams) =>
  report('lp', siteId, params, (signal) => call('analysis.lp', input(siteId, params), { signal }))
export const chartQuery = (siteId: string, params: ReportParams) =>
  report('chart', siteId, params, (signal) =>
    call(
      'analysis.chart',
      { ...input(siteId, params), query: { ...input(siteId, params).query, unit: 'day' } },
      { signal },
    ),
  )
export const pagesQuery = (siteId: string, params: ReportParams) =>
  report('pages', siteId, params, (signal) => call('analysis.pages', input(siteId, params), { signal }))
export const rankingQuery = (siteId: string, params: ReportParams) =>
  report('ranking', siteId, params, (signal) => call('analysis.ranking', input(siteId, params), { signal }))
export const sourcesQuery = (siteId: string, params: ReportParams) =>
  report('sources', siteId, params, (signal) => call('analysis.sources', input(siteId, params), { signal }))

/** The site's field Web Vitals over the period (every language: the `lang` filter does not apply). */
export const vitalsQuery = (siteId: string, { from, to }: ReportParams) =>
  report('vitals', siteId, { from, to }, (signal) =>
    call('analysis.vitals', input(siteId, { from, to }), { signal }),
  )

/** The sites in the caller's scope, by part of the name and a status (the picker's search and filter). */
export const siteOptionsQuery = (name: string, status: SiteStatus | undefined) =>
  queryOptions({
    queryKey: analyticsKeys.sites(name, status),
    queryFn: ({ signal }) =>
      call(
        'sites.list',
        { query: { limit: 50, ...(name ? { name } : {}), ...(status ? { status } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

export const CSV_REPORTS = ['lp', 'chart', 'pages', 'ranking', 'sources'] as const
export type CsvReport = (typeof CSV_REPORTS)[number]

const CSV_ROUTES = {
  lp: 'analysis.lpCsv',
  chart: 'analysis.chartCsv',
  pages: 'analysis.pagesCsv',
  ranking: 'analysis.rankingCsv',
  sources: 'analysis.sourcesCsv',
} as const satisfies Record<CsvReport, string>

export const useExportCsv = () =>
  useMutation({
    mutationFn: ({
      report: kind,
      siteId,
      params,
    }: {
      report: CsvReport
      siteId: string
      params: ReportParams
    }) => callDownload(CSV_ROUTES[kind], input(siteId, params)),
  })

/** One A/B test's daily series as CSV (issue 34): the same file download as the reports' CSV. */
export const useExportExperimentCsv = () =>
  useMutation({
    mutationFn: ({ siteId, experimentId }: { siteId: string; experimentId: string }) =>
      callDownload('sites.experimentCsv', { params: { id: siteId, experimentId } }),
  })

/** The monthly PDF report (the API sends it base64-encoded in JSON) as a file. */
export const useExportPdf = () =>
  useMutation({
    mutationFn: async ({
      siteId,
      month,
      lang,
    }: {
      siteId: string
      month: string
      lang?: SiteLanguage | undefined
    }) => {
      const answer = await call('analysis.reportPdf', {
        params: { id: siteId },
        query: { month, ...(lang ? { lang } : {}) },
      })
      const binary = atob(answer.base64)
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      return { blob: new Blob([bytes], { type: answer.contentType }), fileName: answer.fileName }
    },
  })
