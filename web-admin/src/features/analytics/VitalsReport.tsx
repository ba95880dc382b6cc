import {
  DEVICE_CLASSES,
  VITALS_METRICS,
  VITALS_SAMPLE_RATE,
  VITALS_THRESHOLDS,
  type VitalsMetric,
  type VitalsRating,
} from '@swipe/shared/site/vitals'
import { Empty, Flex, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { VitalsReport as Report } from './api.ts'
import { count } from './format.ts'

/** A rating's tag colour; the tag always carries its word too (never colour alone). */
const COLOURS: Record<VitalsRating, string> = { good: 'success', needsImprovement: 'warning', poor: 'error' }

/** A metric's value as read: milliseconds with separators, CLS with two decimals. */
export const vitalsValue = (metric: VitalsMetric, value: number) =>
  metric === 'CLS' ? value.toFixed(2) : `${count(Math.round(value))} ms`

type Row = { metric: VitalsMetric; cells: Report['devices'][number]['metrics'] }

/**
 * 表示速度 (Web Vitals) of the 効果測定 screen (docs/decisions/0071-field-web-vitals.md): per metric
 * and device class the p75 of the sampled visits of the period, its rating as a coloured tag with
 * its word, and the samples it rests on; an empty state while nothing was measured.
 */
export const VitalsReport = ({ report }: { report: Report }) => {
  const { t } = useTranslation()
  const devices = DEVICE_CLASSES.map(
    (device) => report.devices.find((d) => d.device === device) ?? { device, metrics: [] },
  )
  if (!devices.some((d) => d.metrics.some((m) => m.samples > 0)))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.vitals.empty')} />
  const rows: Row[] = VITALS_METRICS.map((metric) => ({
    metric,
    cells: devices.map(
      (d) => d.metrics.find((m) => m.metric === metric) ?? { metric, samples: 0, p75: null, rating: null },
    ),
  }))
  const columns: ColumnsType<Row> = [
    {
      key: 'metric',
      title: t('analytics.vitals.metric'),
      render: (_, { metric }) => (
        <Flex vertical>
          <Typography.Text strong>{t(`analytics.vitals.metrics.${metric}`)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('analytics.vitals.thresholds', {
              good: vitalsValue(metric, VITALS_THRESHOLDS[metric].good),
              poor: vitalsValue(metric, VITALS_THRESHOLDS[metric].poor),
            })}
          </Typography.Text>
        </Flex>
      ),
    },
    ...devices.map((d, index) => ({
      key: d.device,
      title: t(`analytics.vitals.devices.${d.device}`),
      render: (_: unknown, row: Row) => {
        const cell = row.cells[index]!
        return (
          <Flex vertical gap={2} data-vitals={`${d.device}-${row.metric}`}>
            {cell.p75 === null || !cell.rating ? (
              <Typography.Text type="secondary">{t('analytics.vitals.noSamples')}</Typography.Text>
            ) : (
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{vitalsValue(row.metric, cell.p75)}</Typography.Text>
                <Tag color={COLOURS[cell.rating]}>{t(`analytics.vitals.ratings.${cell.rating}`)}</Tag>
              </Flex>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('analytics.vitals.samples', { count: cell.samples, formatted: count(cell.samples) })}
            </Typography.Text>
          </Flex>
        )
      },
    })),
  ]
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {t('analytics.vitals.note', {
          rate: Math.round(VITALS_SAMPLE_RATE * 100),
          error: (report.relativeError * 100).toFixed(1),
        })}
      </Typography.Text>
      <Table<Row>
        rowKey="metric"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  )
}
