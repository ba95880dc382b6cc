import { armLabel } from '@swipe/shared/experiments/model'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Drawer, Flex, Tooltip, Typography } from 'antd'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ExperimentActions, ExperimentCard } from '../../../../components/experiments/ExperimentCard.tsx'
import { ExperimentChart } from '../../../../components/experiments/ExperimentChart.tsx'
import { LoadingPanel } from '../../../../components/LoadingPanel.tsx'
import { visuallyHidden } from '../../../../components/visuallyHidden.ts'
import { errorMessage } from '../../../../lib/api.ts'
import { useToast } from '../../../../lib/toast.ts'
import type { SiteVersionView } from '../history/history-api.ts'
import { ExperimentCreate } from './ExperimentCreate.tsx'
import {
  type ArmResult,
  type ExperimentView,
  experimentQuery,
  experimentsQuery,
  isOpen,
  usePromoteArm,
  useSaveVariant,
  useStopExperiment,
} from './experiments-api.ts'

export interface ExperimentsProps {
  siteId: string
  /** The site version the editor saved with: a variant and a promotion send it (409 otherwise). */
  version: number
  /** The editor holds unsaved edits: a variant is made of the saved draft only. */
  dirty: boolean
  /** The account may edit: it may save the draft as a test variant. */
  canWrite: boolean
  /** The account may publish: it may create, stop and promote tests. */
  canPublish: boolean
  /** Why those are offered but refused (publishing needs an approval: issue 33 part 5). */
  refusal?: string | null | undefined
  /** An arm was promoted: the site has `version` and another live version; the editor reloads it. */
  onPromoted: (version: number) => Promise<unknown>
}

/** 終了 and このパターンを反映, each behind a confirmation. */
const useExperimentActions = ({
  siteId,
  version,
  canPublish,
  refusal,
  onPromoted,
}: ExperimentsProps): ExperimentActions => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const toast = useToast()
  const stop = useStopExperiment(siteId)
  const promote = usePromoteArm(siteId)
  return {
    allowed: canPublish,
    refusal,
    busy: stop.isPending || promote.isPending,
    onStop: (experiment: ExperimentView) =>
      modal.confirm({
        title: t('siteEditor.experiments.stop.title'),
        content: t('siteEditor.experiments.stop.content', { name: experiment.name }),
        okText: t('siteEditor.experiments.stop.ok'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            toast.success((await stop.mutateAsync(experiment.id)).message)
          } catch (error) {
            toast.error(errorMessage(error))
          }
        },
      }),
    onPromote: (experiment: ExperimentView, arm: ArmResult) => {
      const label = armLabel(arm.index)
      modal.confirm({
        title: t('siteEditor.experiments.promote.title', { label }),
        content: t('siteEditor.experiments.promote.content', { label }),
        okText: t('siteEditor.experiments.promote.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            const answer = await promote.mutateAsync({ experimentId: experiment.id, arm: arm.index, version })
            toast.success(answer.message)
            await onPromoted(answer.version)
          } catch (error) {
            // 409: another change was saved first (a reload is the user's call); 403: the approval.
            toast.error(errorMessage(error))
          }
        },
      })
    },
  }
}

/** 「テスト案として保存」: the saved draft only, so it waits while edits are unsaved. */
const VariantSave = ({
  siteId,
  version,
  dirty,
  onSaved,
}: {
  siteId: string
  version: number
  dirty: boolean
  onSaved: (variant: SiteVersionView) => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const save = useSaveVariant(siteId)
  const helpId = useId()
  const help = dirty ? t('siteEditor.experiments.variant.unsaved') : t('siteEditor.experiments.variant.help')
  const run = async () => {
    try {
      const { message, ...variant } = await save.mutateAsync(version)
      toast.success(message)
      onSaved(variant)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <>
      <Tooltip title={help} trigger={['hover', 'focus']}>
        <Button
          disabled={dirty}
          loading={save.isPending}
          aria-describedby={helpId}
          onClick={() => void run()}
        >
          {t('siteEditor.experiments.variant.button')}
        </Button>
      </Tooltip>
      <span id={helpId} style={visuallyHidden}>
        {help}
      </span>
    </>
  )
}

/** One experiment with its daily chart; back to the list. */
const ExperimentDetailView = ({
  siteId,
  experimentId,
  actions,
  onBack,
}: {
  siteId: string
  experimentId: string
  actions: ExperimentActions
  onBack: () => void
}) => {
  const { t } = useTranslation()
  const detail = useQuery(experimentQuery(siteId, experimentId))
  return (
    <Flex vertical gap={16}>
      <div>
        <Button onClick={onBack}>{t('siteEditor.experiments.back')}</Button>
      </div>
      <LoadingPanel query={detail} isEmpty={false} empty="">
        {detail.data && (
          <Flex vertical gap={16}>
            <ExperimentCard experiment={detail.data} actions={actions} />
            <section aria-label={t('siteEditor.experiments.chart.title')}>
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {t('siteEditor.experiments.chart.title')}
              </Typography.Title>
              <ExperimentChart detail={detail.data} />
            </section>
          </Flex>
        )}
      </LoadingPanel>
    </Flex>
  )
}

/**
 * The drawer's content: what a test is, 「テスト案として保存」 and 「A/Bテストを作成」, then the site's
 * tests newest first (or how to make one), each opening its detail.
 */
export const ExperimentsPanel = (props: ExperimentsProps) => {
  const { siteId, version, dirty, canWrite, canPublish, refusal } = props
  const { t } = useTranslation()
  const list = useQuery(experimentsQuery(siteId))
  const actions = useExperimentActions(props)
  const [detailId, setDetailId] = useState<string | null>(null)
  const [creating, setCreating] = useState<{ variant?: string | undefined } | null>(null)
  const [saved, setSaved] = useState<SiteVersionView | null>(null)
  const items = list.data?.items ?? []
  const openOne = items.find(isOpen)
  const createRefusal = refusal || (openOne ? t('siteEditor.experiments.create.openExists') : null)

  if (detailId)
    return (
      <ExperimentDetailView
        siteId={siteId}
        experimentId={detailId}
        actions={actions}
        onBack={() => setDetailId(null)}
      />
    )

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('siteEditor.experiments.intro')}</Typography.Paragraph>
      {(canWrite || canPublish) && (
        <Flex gap={8} wrap>
          {canWrite && <VariantSave siteId={siteId} version={version} dirty={dirty} onSaved={setSaved} />}
          {canPublish && (
            <Tooltip title={createRefusal}>
              <Button
                type="primary"
                disabled={Boolean(createRefusal) || !list.data}
                onClick={() => setCreating({})}
              >
                {t('siteEditor.experiments.create.button')}
              </Button>
            </Tooltip>
          )}
        </Flex>
      )}
      {saved && canPublish && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSaved(null) }}
          title={t('siteEditor.experiments.variant.offer')}
          action={
            <Button
              size="small"
              disabled={Boolean(createRefusal)}
              onClick={() => {
                setCreating({ variant: saved.id })
                setSaved(null)
              }}
            >
              {t('siteEditor.experiments.variant.start')}
            </Button>
          }
        />
      )}
      <LoadingPanel query={list} isEmpty={false} empty="">
        {items.length === 0 ? (
          <Flex vertical gap={8} data-testid="experiments-empty">
            <Typography.Text strong>{t('siteEditor.experiments.empty')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('siteEditor.experiments.emptyHelp')}
            </Typography.Paragraph>
          </Flex>
        ) : (
          <ol
            aria-label={t('siteEditor.experiments.listLabel')}
            style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}
          >
            {items.map((experiment) => (
              <li key={experiment.id} style={{ listStyle: 'none' }}>
                <ExperimentCard experiment={experiment} actions={actions} onOpen={(e) => setDetailId(e.id)} />
              </li>
            ))}
          </ol>
        )}
      </LoadingPanel>
      <ExperimentCreate
        siteId={siteId}
        version={version}
        open={creating !== null}
        initialVariant={creating?.variant}
        onClose={() => setCreating(null)}
      />
    </Flex>
  )
}

/**
 * 「A/Bテスト」 (issue 34): a button beside 公開履歴 opening a drawer with the site's tests, the way to
 * make a test variant of the saved draft, and, for accounts that may publish, to create, stop and
 * promote tests.
 */
export const Experiments = (props: ExperimentsProps) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('siteEditor.experiments.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('siteEditor.experiments.title')}
        size="min(880px, 100vw)"
        destroyOnHidden
      >
        {open && <ExperimentsPanel {...props} />}
      </Drawer>
    </>
  )
}
