import { gridCells } from '@swipe/shared/site/cells'
import { Flex, Segmented, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PageRow, PagesReport } from './api.ts'
import { count, percent, seconds } from './format.ts'

export const HEATMAP_METRICS = [
  'reachRate',
  'views',
  'medianDwellMs',
  'exitRate',
  'linkCtr',
  'conversions',
] as const
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
    case 'views':
      return cell.views
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

/**
 * The colour scale: no value, then four steps of a quarter of the grid's highest each, light to
 * dark (ColorBrewer YlOrRd), so 0 % and 63.6 % never look alike.
 */
export const HEAT_STEPS = ['#f0f0f0', '#fed976', '#fd8d3c', '#e31a1c', '#800026'] as const

/** The step of a value against the grid's highest: 0 for nothing, else 1 … 4. */
export const heatStep = (value: number, highest: number) =>
  value > 0 && highest > 0 ? Math.min(HEAT_STEPS.length - 1, Math.ceil((value / highest) * 4)) : 0

/** WCAG relative luminance of a `#rrggbb` colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two `#rrggbb` colours (WCAG 2). */
export const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Black or white, whichever reads better on `background` (at least 4.5:1 on every step). */
export const textOn = (background: string) =>
  contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff'

/** Arrows at the image's edges: where its visitors swiped next, on solid badges. */
const ARROWS = [
  ['up', '↑', { top: 2, left: '50%', transform: 'translateX(-50%)' }],
  ['down', '↓', { bottom: 2, left: '50%', transform: 'translateX(-50%)' }],
  ['left', '←', { left: 2, top: '50%', transform: 'translateY(-50%)' }],
  ['right', '→', { right: 2, top: '50%', transform: 'translateY(-50%)' }],
] as const

/** The colour key: no value, then each step up to its share of the grid's highest. */
const Legend = ({ highest, shown }: { highest: number; shown: (value: number) => string }) => {
  const { t } = useTranslation()
  return (
    <Flex gap={12} align="center" wrap>
      <Typography.Text id="heatmap-legend">{t('analytics.heatmapLegend')}</Typography.Text>
      <ul
        aria-labelledby="heatmap-legend"
        data-testid="heatmap-legend"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 10, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {HEAT_STEPS.map((colour, step) => (
          <li key={colour} style={{ display: 'flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
            <span
              aria-hidden
              style={{
                width: 18,
                height: 12,
                borderRadius: 2,
                background: colour,
                border: '1px solid #8c8c8c',
              }}
            />
            {step === 0
              ? t('analytics.heatmapLegendZero')
              : t('analytics.heatmapLegendUpTo', { value: shown((highest * step) / 4) })}
          </li>
        ))}
      </ul>
    </Flex>
  )
}

/**
 * The grid heatmap (issue 17 Deliver 4; issue 30): the site's rows × columns as the visitor swipes
 * them, each creative's thumbnail (an image, a video's poster) left as it is, and under it a plate
 * with the page and the chosen metric's value, coloured by its step of the grid's highest (the
 * key above says which colour is how much) with black or white text, whichever reads; badges at
 * the image's edges give the share of swipes leaving it in each direction.
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
  const counted = metric === 'conversions' || metric === 'views'
  const shown = (value: number) =>
    metric === 'medianDwellMs'
      ? seconds(t, value)
      : counted
        ? count(Math.round(value * 10) / 10)
        : percent(value)
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
      <Legend highest={highest} shown={shown} />
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
            const plate = HEAT_STEPS[heatStep(value, highest)] ?? HEAT_STEPS[0]
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
            const details = [
              label,
              ...(metric === 'views'
                ? []
                : [t('analytics.heatmapViews', { count: count(cell?.views ?? 0) })]),
              ...shares.map((s) =>
                t('analytics.directionShare', {
                  direction: t(`analytics.directions.${s.direction}`),
                  share: s.share,
                }),
              ),
            ].join('、')
            const thumbnail = thumbnails.get(position)
            return (
              <li
                key={position}
                data-cell={position}
                data-step={heatStep(value, highest)}
                aria-label={details}
                title={details}
                style={{
                  width: size,
                  borderRadius: 6,
                  overflow: 'hidden',
                  border: '1px solid #bfbfbf',
                  display: 'flex',
                  flexDirection: 'column',
                }}
              >
                <div
                  data-thumbnail={thumbnail ? '' : undefined}
                  style={{
                    position: 'relative',
                    height: Math.round(size * 1.15),
                    backgroundColor: '#e8e8e8',
                    backgroundImage: thumbnail ? `url("${thumbnail}")` : undefined,
                    backgroundSize: 'cover',
                    backgroundPosition: 'center',
                  }}
                >
                  {shares.map((s) => (
                    <span
                      key={s.direction}
                      aria-hidden
                      style={{
                        position: 'absolute',
                        ...s.style,
                        fontSize: 10,
                        lineHeight: '14px',
                        color: '#ffffff',
                        background: '#262626',
                        borderRadius: 4,
                        padding: '0 3px',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {s.arrow}
                      {s.share}
                    </span>
                  ))}
                </div>
                <div
                  aria-hidden
                  data-plate=""
                  style={{
                    background: plate,
                    color: textOn(plate),
                    borderTop: '1px solid #bfbfbf',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    padding: '2px 0',
                    lineHeight: 1.25,
                  }}
                >
                  <span style={{ fontSize: 11 }}>{position}</span>
                  <span style={{ fontSize: 13, fontWeight: 700 }}>{shown(value)}</span>
                </div>
              </li>
            )
          })}
        </ol>
      </div>
    </Flex>
  )
}
