import { BarChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/lib/core'

// Only what the dashboard draws (tree-shaken echarts): bars, a pie, their axes, tooltip and legend.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

/** One dashboard chart (issue 18): ECharts with the option given, in this lazily loaded chunk. */
export const DashboardChart = ({ option, height }: { option: object; height: number }) => (
  <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge />
)
