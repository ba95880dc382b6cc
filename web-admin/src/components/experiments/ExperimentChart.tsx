import { armLabel } from '@swipe/shared/experiments/model'
import { Empty, Flex, Spin } from 'antd'
import type { TFunction } from 'i18next'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExperimentDetail } from './experiment-model.ts'

// ECharts is a chunk of its own, fetched when a detail is opened: the editor's first load stays as it was.
const EChart = lazy(async () => ({ default: (await import('../EChart.tsx')).EChart }))

const COLORS = ['#1677ff', '#fa8c16', '#722ed1']

/** Points with one decimal (ECharts' values): 0.0123 → 1.2. */
const points = (fraction: number) => Math.round(fraction * 1000) / 10

type Day = ExperimentDetail['series'][number]

/** The variant's rate minus the control's on a day (cumulative), in points; null without visitors. */
export const estimateOf = (day: Day, index: number): number | null => {
  const control = day.arms[0]
  const arm = day.arms[index]
  if (!control || !arm || control.visitors === 0 || arm.visitors === 0) return null
  return points(arm.conversions / arm.visitors - control.conversions / control.visitors)
}

/**
 * The chart of each variant's lift against the control per JST day: its 95 % interval as a band (the
 * lower bound, then the width stacked on it), the point estimate as a line, and the zero line (no
 * difference): while the band holds zero, nothing is decided.
 */
export const chartOption = (t: TFunction, detail: ExperimentDetail) => {
  const days = detail.series.map((day) => day.day)
  const variants = detail.arms.filter((arm) => arm.index > 0)
  const unit = t('siteEditor.experiments.chart.unit')
  const series: object[] = [
    {
      name: t('siteEditor.experiments.chart.zero'),
      type: 'line',
      data: days.map(() => 0),
      symbol: 'none',
      silent: true,
      lineStyle: { type: 'dashed', color: '#8c8c8c', width: 1 },
      itemStyle: { color: '#8c8c8c' },
    },
  ]
  variants.forEach((arm, n) => {
    const label = armLabel(arm.index)
    const color = COLORS[n % COLORS.length]
    const band = t('siteEditor.experiments.chart.band', { label })
    const bounds = detail.series.map((day) => day.arms[arm.index])
    series.push(
      {
        name: band,
        type: 'line',
        stack: `band-${arm.index}`,
        stackStrategy: 'all',
        data: bounds.map((b) => (b?.lower == null ? null : points(b.lower))),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color },
        tooltip: { show: false },
      },
      {
        name: band,
        type: 'line',
        stack: `band-${arm.index}`,
        stackStrategy: 'all',
        data: bounds.map((b) =>
          b?.lower == null || b.upper == null
            ? null
            : Math.round((points(b.upper) - points(b.lower)) * 10) / 10,
        ),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.18 },
        itemStyle: { color },
        tooltip: { show: false },
      },
      {
        name: t('siteEditor.experiments.chart.estimate', { label }),
        type: 'line',
        data: detail.series.map((day) => estimateOf(day, arm.index)),
        symbol: 'circle',
        itemStyle: { color },
        lineStyle: { color, width: 2 },
      },
    )
  })
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? `${value} ${unit}` : '—'),
    },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: days, boundaryGap: false },
    yAxis: { type: 'value', name: unit },
    series,
  }
}

/** The detail's chart, ECharts loaded on demand; the arms table above holds the same numbers in text. */
export const ExperimentChart = ({ detail }: { detail: ExperimentDetail }) => {
  const { t } = useTranslation()
  if (detail.series.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteEditor.experiments.chart.empty')} />
    )
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin description={t('siteEditor.experiments.chart.loading')} />
        </Flex>
      }
    >
      <EChart option={chartOption(t, detail)} height={280} label={t('siteEditor.experiments.chart.label')} />
    </Suspense>
  )
}
