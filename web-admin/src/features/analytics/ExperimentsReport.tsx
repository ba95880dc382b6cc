import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Flex, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ExperimentCard } from '../../components/experiments/ExperimentCard.tsx'
import { ExperimentChart } from '../../components/experiments/ExperimentChart.tsx'
import {
  type ExperimentView,
  experimentQuery,
  experimentsQuery,
} from '../../components/experiments/experiment-model.ts'
import { errorMessage } from '../../lib/api.ts'
import { saveBlob } from '../../lib/files.ts'
import { useToast } from '../../lib/toast.ts'
import { useExportExperimentCsv } from './api.ts'
import { Failed } from './Failed.tsx'

/** 「CSVをダウンロード」 of one test: its daily series, saved the way the reports' CSV are. */
const CsvButton = ({ siteId, experiment }: { siteId: string; experiment: ExperimentView }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const exportCsv = useExportExperimentCsv()
  const onCsv = () =>
    exportCsv.mutate(
      { siteId, experimentId: experiment.id },
      {
        onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? `experiment-${experiment.id}.csv`),
        onError: (error) => toast.error(errorMessage(error) || t('analytics.exportFailed')),
      },
    )
  return (
    <Button
      size="small"
      loading={exportCsv.isPending}
      aria-label={t('analytics.experiments.csvLabel', { name: experiment.name })}
      onClick={onCsv}
    >
      {t('analytics.experiments.csv')}
    </Button>
  )
}

/** One test read-only with the chart of its lift per day (the detail's series); back to the list. */
const ExperimentDetail = ({
  siteId,
  experimentId,
  onBack,
}: {
  siteId: string
  experimentId: string
  onBack: () => void
}) => {
  const { t } = useTranslation()
  const detail = useQuery(experimentQuery(siteId, experimentId))
  return (
    <Flex vertical gap={16}>
      <div>
        <Button onClick={onBack}>{t('siteEditor.experiments.back')}</Button>
      </div>
      {detail.isError ? (
        <Failed error={detail.error} retry={() => void detail.refetch()} />
      ) : detail.data ? (
        <Flex vertical gap={16}>
          <ExperimentCard
            experiment={detail.data}
            extra={<CsvButton siteId={siteId} experiment={detail.data} />}
          />
          <section aria-label={t('siteEditor.experiments.chart.title')}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('siteEditor.experiments.chart.title')}
            </Typography.Title>
            <ExperimentChart detail={detail.data} />
          </section>
        </Flex>
      ) : (
        <Skeleton active />
      )}
    </Flex>
  )
}

/**
 * 効果測定's 「A/Bテスト」 (issue 34): the site's tests newest first, read-only (no 終了, no
 * promotion: those stay in the editor), each with its verdict, its arms and a CSV of its daily
 * series; 詳細を見る shows the chart of the lift over time. Not bound to the screen's period or
 * language: a test's counts run from its start. `editorPath` links the empty state to the site
 * editor when the account may open it.
 */
export const ExperimentsReport = ({ siteId, editorPath }: { siteId: string; editorPath: string | null }) => {
  const { t } = useTranslation()
  const list = useQuery(experimentsQuery(siteId))
  const [detailId, setDetailId] = useState<string | null>(null)

  if (detailId)
    return <ExperimentDetail siteId={siteId} experimentId={detailId} onBack={() => setDetailId(null)} />
  if (list.isError) return <Failed error={list.error} retry={() => void list.refetch()} />
  if (!list.data) return <Skeleton active />
  const items = list.data.items
  if (items.length === 0)
    return (
      <Empty
        data-testid="analytics-experiments-empty"
        description={
          <Flex vertical gap={4} align="center">
            <span>{t('analytics.experiments.empty')}</span>
            {editorPath && <Link to={editorPath}>{t('analytics.experiments.openEditor')}</Link>}
          </Flex>
        }
      />
    )
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('analytics.experiments.note')}
      </Typography.Text>
      <ol
        aria-label={t('siteEditor.experiments.listLabel')}
        style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        {items.map((experiment) => (
          <li key={experiment.id} style={{ listStyle: 'none' }}>
            <ExperimentCard
              experiment={experiment}
              onOpen={(e) => setDetailId(e.id)}
              extra={<CsvButton siteId={siteId} experiment={experiment} />}
            />
          </li>
        ))}
      </ol>
    </Flex>
  )
}
