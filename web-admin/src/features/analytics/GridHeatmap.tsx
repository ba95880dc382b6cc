import { gridCells } from '@swipe/shared/site/cells'
import { Flex, Segmented, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PageRow, PagesReport } from './api.ts'
import { count, percent, seconds } from './format.ts'

export const HEATMAP_METRICS = ['reachRate', 'medianDwellMs', 'exitRate', 'linkCtr', 'conversions'] as const
export type HeatmapMetric = (typeof HEATMAP_METRICS)[number]

/** One creative over the languages shown: sums, and rates recomputed from them. */
interface Cell {
  position: string
  reach: number
  views: number
  exits: number
  linkClicks: number
  conversions: number
  /** Reach-weighted median dwell of the languages (one language: its median). */
  medianDwellMs: number
  swipes: PageRow['swipes']
}

const merge = (rows: readonly PageRow[]): Map<string, Cell> => {
  const cells = new Map<string, Cell & { dwellWeight: number }>()
  for (const row of rows) {
    const cell = cells.get(row.position) ?? {
      position: row.position,
      reach: 0,
      views: 0,
      exits: 0,
      linkClicks: 0,
      conversions: 0,
      medianDwellMs: 0,
      dwellWeight: 0,
      swipes: { up: 0, down: 0, left: 0, right: 0, jump: 0 },
    }
    cell.reach += row.reach
    cell.views += row.views
    cell.exits += row.exits
    cell.linkClicks += row.clicks.link
    cell.conversions += row.conversions
    if (row.medianDwellMs > 0) {
      const weight = Math.max(row.reach, 1)
      cell.medianDwellMs =
        (cell.medianDwellMs * cell.dwellWeight + row.medianDwellMs * weight) / (cell.dwellWeight + weight)
      cell.dwellWeight += weight
    }
    for (const key of Object.keys(cell.swipes) as Array<keyof Cell['swipes']>)
      cell.swipes[key] += row.swipes[key]
    cells.set(row.position, cell)
  }
  return cells
}

const metricValue = (metric: HeatmapMetric, cell: Cell | undefined, visits: number): number => {
  if (!cell) return 0
  switch (metric) {
    case 'reachRate':
      return visits > 0 ? cell.reach / visits : 0
    case 'medianDwellMs':
      return cell.medianDwellMs
    case 'exitRate':
      return cell.views > 0 ? cell.exits / cell.views : 0
    case 'linkCtr':
      return cell.reach > 0 ? cell.linkClicks / cell.reach : 0
    case 'conversions':
      return cell.conversions
  }
}

/** Arrows at the cell's edges: where its visitors swiped next. */
const ARROWS = [
  ['up', '↑', { top: 2, left: '50%', transform: 'translateX(-50%)' }],
  ['down', '↓', { bottom: 2, left: '50%', transform: 'translateX(-50%)' }],
  ['left', '←', { left: 2, top: '50%', transform: 'translateY(-50%)' }],
  ['right', '→', { right: 2, top: '50%', transform: 'translateY(-50%)' }],
] as const

/**
 * The grid heatmap (issue 17 Deliver 4): the site's rows × columns as the visitor swipes them,
 * each creative over its thumbnail, coloured by the chosen metric relative to the grid's highest,
 * with the share of swipes leaving it in each direction.
 */
export const GridHeatmap = ({
  report,
  metric,
  onMetric,
}: {
  report: PagesReport
  metric: HeatmapMetric
  onMetric: (metric: HeatmapMetric) => void
}) => {
  const { t } = useTranslation()
  const { rows, columns } = report.site
  const cells = merge(report.rows)
  const values = new Map(
    [...cells].map(([position, cell]) => [position, metricValue(metric, cell, report.visits)]),
  )
  const highest = Math.max(0, ...values.values())
  const thumbnails = new Map(report.thumbnails.map((thumbnail) => [thumbnail.position, thumbnail.url]))
  const shown = (value: number) =>
    metric === 'medianDwellMs' ? seconds(t, value) : metric === 'conversions' ? count(value) : percent(value)
  const size = Math.max(56, Math.min(120, Math.floor(720 / Math.max(columns, 1))))
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('analytics.heatmapDescription')}
      </Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('analytics.heatmapMetric')}</Typography.Text>
        <Segmented
          value={metric}
          onChange={(value) => onMetric(value as HeatmapMetric)}
          options={HEATMAP_METRICS.map((value) => ({ value, label: t(`analytics.heatmapMetrics.${value}`) }))}
        />
      </Flex>
      <div style={{ overflowX: 'auto' }}>
        <ol
          aria-label={t('analytics.heatmapTitle')}
          data-testid="heatmap"
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, ${size}px)`,
            gap: 6,
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {gridCells({ rows, columns }).map((position) => {
            const cell = cells.get(position)
            const value = values.get(position) ?? 0
            const strength = highest > 0 ? value / highest : 0
            const out = cell ? Object.values(cell.swipes).reduce((a, b) => a + b, 0) : 0
            const label = t('analytics.heatmapCell', { cell: position, value: shown(value) })
            const shares = ARROWS.filter(([direction]) => cell && cell.swipes[direction] > 0).map(
              ([direction, arrow, style]) => ({
                direction,
                arrow,
                style,
                share: percent(out > 0 ? (cell?.swipes[direction] ?? 0) / out : 0),
              }),
            )
            return (
              <li
                key={position}
                data-cell={position}
                aria-label={[
                  label,
                  ...shares.map((s) =>
                    t('analytics.directionShare', {
                      direction: t(`analytics.directions.${s.direction}`),
                      share: s.share,
                    }),
                  ),
                ].join('、')}
                title={label}
                style={{
                  position: 'relative',
                  width: size,
                  height: Math.round(size * 1.3),
                  borderRadius: 6,
                  overflow: 'hidden',
                  border: '1px solid #d9d9d9',
                  backgroundColor: '#fafafa',
                  backgroundImage: thumbnails.has(position)
                    ? `url("${thumbnails.get(position)}")`
                    : undefined,
                  backgroundSize: 'cover',
                  backgroundPosition: 'center',
                }}
              >
                <div
                  aria-hidden
                  style={{
                    position: 'absolute',
                    inset: 0,
                    background: `rgba(229, 77, 46, ${(0.15 + strength * 0.7).toFixed(2)})`,
                  }}
                />
                <div
                  aria-hidden
                  style={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: '#fff',
                    textShadow: '0 1px 2px rgba(0,0,0,.7)',
                    fontWeight: 600,
                    fontSize: 12,
                  }}
                >
                  <span>{position}</span>
                  <span>{shown(value)}</span>
                </div>
                {shares.map((s) => (
                  <span
                    key={s.direction}
                    aria-hidden
                    style={{
                      position: 'absolute',
                      ...s.style,
                      fontSize: 10,
                      color: '#fff',
                      background: 'rgba(0,0,0,.55)',
                      borderRadius: 4,
                      padding: '0 3px',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {s.arrow}
                    {s.share}
                  </span>
                ))}
              </li>
            )
          })}
        </ol>
      </div>
    </Flex>
  )
}
