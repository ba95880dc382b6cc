import { useTranslation } from 'react-i18next'
import { EChart } from '../../components/EChart.tsx'
import type { ChartReport } from './api.ts'

/** The period's daily page views (bars), unique visitors and conversions (lines). */
export const TrendChart = ({ points }: { points: ChartReport['points'] }) => {
  const { t } = useTranslation()
  const option = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: points.map((p) => p.date.slice(5)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, position: 'right' },
    ],
    series: [
      {
        name: t('analytics.series.pv'),
        type: 'bar',
        data: points.map((p) => p.pv),
        itemStyle: { color: '#2a7a78' },
      },
      {
        name: t('analytics.series.uniqueVisitors'),
        type: 'line',
        data: points.map((p) => p.uniqueVisitors),
        itemStyle: { color: '#e5a50a' },
      },
      {
        name: t('analytics.series.conversions'),
        type: 'line',
        yAxisIndex: 1,
        data: points.map((p) => p.conversions),
        itemStyle: { color: '#E54D2E' },
      },
    ],
  }
  return (
    <div role="img" aria-label={t('analytics.chartTitle')} data-testid="trend-chart">
      <EChart option={option} height={280} />
    </div>
  )
}
