import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
// The ES module build of echarts-for-react's core. Its CommonJS `lib/core` reaches the production
// bundle as a module object instead of the component, and React throws once a chart mounts (issue
// 30: the summary's dashboard). Every chart of the console goes through this one module.
import ReactEChartsCore from 'echarts-for-react/esm/core'

// Only what the console draws (tree-shaken ECharts): bars, lines and a pie, their axes, tooltip and
// legend, as SVG. This module is a lazy chunk of the screens that chart, never of the entry.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

/** One ECharts chart of the console with the option given, `height` px tall; `label` names it as an image. */
export const EChart = ({ option, height, label }: { option: object; height: number; label?: string }) => {
  const chart = <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge lazyUpdate />
  return label ? (
    <div role="img" aria-label={label}>
      {chart}
    </div>
  ) : (
    chart
  )
}
