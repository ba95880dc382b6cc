/** The analysis context's routes with their schemas (heads in ./routes.ts): the creator's reports. */
import * as z from 'zod'
import {
  AnalysisChartQuery,
  AnalysisQuery,
  AnalysisReportQuery,
  ChartReportSchema,
  LpReportSchema,
  PagesReportSchema,
  RankingReportSchema,
  SourcesReportSchema,
  VitalsDashboardSchema,
  VitalsReportSchema,
} from '../schemas/analysis.ts'
import { IdParams } from './common.ts'
import { defineContext } from './define.ts'

/** `{id}` is the site. */
const csv = { params: IdParams, responseType: 'csv' } as const
const formulaSafe = '(UTF-8 BOM, formula cells neutralised)'

export const analysisRoutes = defineContext('analysis')({
  'analysis.lp': () => ({
    summary:
      "A site's KPIs for a period (PV, unique visitors, dwell, swipes per visit, CTR, CTA clicks, conversions, CVR) with the previous period and the change.",
    params: IdParams,
    query: AnalysisQuery,
    response: LpReportSchema,
  }),
  'analysis.lpCsv': () => ({ summary: `CSV of the KPIs ${formulaSafe}.`, ...csv, query: AnalysisQuery }),
  'analysis.chart': () => ({
    summary: "A site's daily or monthly series (PV, unique visitors, swipes, link clicks, conversions).",
    params: IdParams,
    query: AnalysisChartQuery,
    response: ChartReportSchema,
  }),
  'analysis.chartCsv': () => ({
    summary: `CSV of the series ${formulaSafe}.`,
    ...csv,
    query: AnalysisChartQuery,
  }),
  'analysis.pages': () => ({
    summary:
      'Per creative and language: reach and reach rate, dwell, exits, clicks by kind, CTR, conversions, swipe directions.',
    params: IdParams,
    query: AnalysisQuery,
    response: PagesReportSchema,
  }),
  'analysis.pagesCsv': () => ({
    summary: `CSV of the per-creative table ${formulaSafe}.`,
    ...csv,
    query: AnalysisQuery,
  }),
  'analysis.ranking': () => ({
    summary:
      'Top creatives by PV, CTR, conversions, CTA-button presses and popups shown; empty below 10 pages (SPEC §8).',
    params: IdParams,
    query: AnalysisQuery,
    response: RankingReportSchema,
  }),
  'analysis.rankingCsv': () => ({
    summary: `CSV of the rankings ${formulaSafe}.`,
    ...csv,
    query: AnalysisQuery,
  }),
  'analysis.sources': () => ({
    summary: 'Visits by referrer host and by UTM source, medium and campaign.',
    params: IdParams,
    query: AnalysisQuery,
    response: SourcesReportSchema,
  }),
  'analysis.sourcesCsv': () => ({
    summary: `CSV of the visit sources ${formulaSafe}.`,
    ...csv,
    query: AnalysisQuery,
  }),
  'analysis.vitals': () => ({
    summary:
      "A site's field Web Vitals over the period: per device class the p75 of LCP, INP, CLS and TTFB of sampled visits, with samples and rating.",
    params: IdParams,
    query: AnalysisQuery,
    response: VitalsReportSchema,
  }),
  'analysis.vitalsDashboard': () => ({
    summary:
      "The share of the caller's scope's sites passing all three Core Web Vitals at p75 over the last 28 days (sites with enough samples).",
    response: VitalsDashboardSchema,
  }),
  'analysis.reportPdf': () => ({
    summary:
      "A site's monthly report as PDF (KPIs with month-over-month change, the chart, the heatmap, rankings), in the caller's language.",
    params: IdParams,
    query: AnalysisReportQuery,
    response: z.object({
      fileName: z.string(),
      contentType: z.literal('application/pdf'),
      base64: z.string(),
    }),
  }),
})
