import { armLabel } from '@swipe/shared/experiments/model'
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../dates.ts'
import { visuallyHidden } from '../visuallyHidden.ts'
import {
  type ArmResult,
  canPromote,
  type ExperimentView,
  isOpen,
  percent,
  signedPercent,
  signedPoints,
} from './experiment-model.ts'

const STATE_COLORS: Record<ExperimentView['state'], string> = {
  SCHEDULED: 'blue',
  RUNNING: 'green',
  ENDED: 'default',
}

/** The verdict's colour: better is a success, worse a warning, a broken split an error. */
const VERDICT_TYPES = {
  better: 'success',
  worse: 'warning',
  notEnoughData: 'info',
  noDifferenceYet: 'info',
  splitBroken: 'error',
} as const

/** What counts as a conversion, in words. */
export const goalText = (t: TFunction, goal: ExperimentView['goal']): string => {
  if (goal.type === 'reach') return t('siteEditor.experiments.goal.reach', { cell: goal.cell ?? '' })
  if (goal.type === 'dwell') return t('siteEditor.experiments.goal.dwell', { seconds: goal.seconds ?? 0 })
  return t(`siteEditor.experiments.goal.${goal.type}`)
}

/** The lift against the control in points with its 95 % interval: `+1.2 pt (−0.3〜+2.7)`. */
export const liftText = (t: TFunction, lift: NonNullable<ArmResult['lift']>): string =>
  t('siteEditor.experiments.lift', {
    value: signedPoints(lift.absolute),
    lower: signedPoints(lift.lower),
    upper: signedPoints(lift.upper),
  })

/** `JP:A1` → `日本語 A1`. */
const cellName = (t: TFunction, cell: string): string => {
  const at = cell.indexOf(':')
  if (at < 0) return cell
  const lang = cell.slice(0, at)
  const language = ['JP', 'EN', 'CN', 'KR'].includes(lang)
    ? t(`siteEditor.languages.${lang as 'JP' | 'EN' | 'CN' | 'KR'}`)
    : lang
  return `${language} ${cell.slice(at + 1)}`
}

/** When it started (or will) and ended (or will), in JST, and why it ended. */
const timeLines = (t: TFunction, experiment: ExperimentView): string[] => {
  const lines: string[] = []
  if (experiment.startedAt)
    lines.push(t('siteEditor.experiments.startedAt', { date: formatSiteDateTime(experiment.startedAt) }))
  else if (experiment.startAt)
    lines.push(t('siteEditor.experiments.startAt', { date: formatSiteDateTime(experiment.startAt) }))
  else lines.push(t('siteEditor.experiments.startNow'))
  if (experiment.endedAt)
    lines.push(t('siteEditor.experiments.endedAt', { date: formatSiteDateTime(experiment.endedAt) }))
  else if (experiment.endAt)
    lines.push(t('siteEditor.experiments.endAt', { date: formatSiteDateTime(experiment.endAt) }))
  else lines.push(t('siteEditor.experiments.noEnd'))
  return lines
}

const endReasonText = (t: TFunction, experiment: ExperimentView): string | null => {
  switch (experiment.endReason) {
    case 'promoted':
      return t('siteEditor.experiments.endReasons.promoted', { label: armLabel(experiment.winner ?? 0) })
    case 'failed':
      return t('siteEditor.experiments.endReasons.failed', { error: experiment.error ?? '' })
    case 'stopped':
    case 'endTime':
      return t(`siteEditor.experiments.endReasons.${experiment.endReason}`)
    default:
      return null
  }
}

export interface ExperimentActions {
  /** The account may stop and promote (publish right); else no buttons. */
  allowed: boolean
  /** Why they are offered but refused (publishing needs an approval). */
  refusal: string | null | undefined
  busy: boolean
  onStop: (experiment: ExperimentView) => void
  onPromote: (experiment: ExperimentView, arm: ArmResult) => void
}

/** Each arm's counts against the control, and its promotion button (none without `actions`). */
export const ArmsTable = ({
  experiment,
  actions,
}: {
  experiment: ExperimentView
  /** Absent: read-only (the analytics screen), no promotion. */
  actions?: ExperimentActions | undefined
}) => {
  const { t } = useTranslation()
  const promotable = actions?.allowed && experiment.arms.some((arm) => canPromote(experiment, arm))
  const dash = (hidden: string) => (
    <span>
      <span aria-hidden>—</span>
      <span style={visuallyHidden}>{hidden}</span>
    </span>
  )
  const columns: TableColumnsType<ArmResult> = [
    {
      key: 'arm',
      title: t('siteEditor.experiments.columns.arm'),
      render: (_, arm) => (
        <Flex gap={4} align="center" wrap>
          <Typography.Text strong>{armLabel(arm.index)}</Typography.Text>
          {experiment.winner === arm.index && experiment.endReason === 'promoted' && (
            <Tag color="green">{t('siteEditor.experiments.winner')}</Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'change',
      title: t('siteEditor.experiments.columns.change'),
      render: (_, arm) => (
        <Flex vertical>
          <span>{t(`siteEditor.experiments.kinds.${arm.kind}`)}</span>
          {arm.cells.length > 0 && (
            <Typography.Text type="secondary">
              {t('siteEditor.experiments.cells', {
                list: arm.cells
                  .map((cell) => cellName(t, cell))
                  .join(t('siteEditor.experiments.cellsSeparator')),
              })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'weight',
      title: t('siteEditor.experiments.columns.weight'),
      align: 'right',
      render: (_, arm) => `${arm.weight}%`,
    },
    {
      key: 'visitors',
      title: t('siteEditor.experiments.columns.visitors'),
      align: 'right',
      render: (_, arm) => arm.visitors.toLocaleString('ja-JP'),
    },
    {
      key: 'conversions',
      title: t('siteEditor.experiments.columns.conversions'),
      align: 'right',
      render: (_, arm) => arm.conversions.toLocaleString('ja-JP'),
    },
    {
      key: 'rate',
      title: t('siteEditor.experiments.columns.rate'),
      align: 'right',
      render: (_, arm) => percent(arm.rate) ?? dash(t('siteEditor.experiments.tooFew')),
    },
    {
      key: 'lift',
      title: t('siteEditor.experiments.columns.lift'),
      render: (_, arm) => {
        if (arm.index === 0) return t('siteEditor.experiments.baseline')
        if (!arm.lift) return dash(t('siteEditor.experiments.tooFew'))
        return (
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>{liftText(t, arm.lift)}</span>
            {arm.lift.relative !== null && (
              <Typography.Text type="secondary">
                {t('siteEditor.experiments.relative', { value: signedPercent(arm.lift.relative) })}
              </Typography.Text>
            )}
          </Flex>
        )
      },
    },
  ]
  if (actions && promotable)
    columns.push({
      key: 'actions',
      title: t('siteEditor.experiments.columns.actions'),
      render: (_, arm) =>
        canPromote(experiment, arm) ? (
          <Button
            size="small"
            disabled={actions.busy || Boolean(actions.refusal)}
            title={actions.refusal ?? undefined}
            aria-label={t('siteEditor.experiments.promote.label', { label: armLabel(arm.index) })}
            onClick={() => actions.onPromote(experiment, arm)}
          >
            {t('siteEditor.experiments.promote.button')}
          </Button>
        ) : null,
    })
  return (
    <Table<ArmResult>
      size="small"
      rowKey="index"
      columns={columns}
      dataSource={experiment.arms}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  )
}

/** The verdict in words (the server's sentence), coloured by its kind; a broken split is an error. */
export const Verdict = ({ experiment }: { experiment: ExperimentView }) => {
  const { t } = useTranslation()
  const { verdict, split } = experiment
  return (
    <Flex vertical gap={8}>
      <Alert
        type={VERDICT_TYPES[verdict.kind]}
        showIcon
        data-testid="experiment-verdict"
        title={
          <>
            <Typography.Text strong>{t('siteEditor.experiments.verdict')}: </Typography.Text>
            {verdict.text}
          </>
        }
      />
      {split.broken && verdict.kind !== 'splitBroken' && (
        <Alert
          type="error"
          showIcon
          title={t('siteEditor.experiments.splitBroken', {
            p: split.pValue === null ? '—' : split.pValue.toPrecision(2),
          })}
        />
      )}
    </Flex>
  )
}

/**
 * One experiment: its state, name, goal and times (JST), the verdict, why it ended, and the arms
 * with their counts and lifts; 終了 while it is open, and 詳細を見る from the list. Without
 * `actions` it is read-only (the analytics screen): no 終了, no promotion.
 */
export const ExperimentCard = ({
  experiment,
  actions,
  onOpen,
  extra,
}: {
  experiment: ExperimentView
  /** Absent: read-only, no 終了 and no promotion. */
  actions?: ExperimentActions | undefined
  /** Opens the detail (the list's cards); absent on the detail itself. */
  onOpen?: (experiment: ExperimentView) => void
  /** More buttons in the card's head, after 詳細を見る (the analytics screen's CSV). */
  extra?: ReactNode
}) => {
  const { t } = useTranslation()
  const titleId = useId()
  const ended = endReasonText(t, experiment)
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={titleId}
      data-experiment={experiment.id}
      title={
        <Flex align="center" gap={8} wrap>
          <Tag color={STATE_COLORS[experiment.state]}>
            {t(`siteEditor.experiments.states.${experiment.state}`)}
          </Tag>
          <Typography.Title level={3} id={titleId} style={{ fontSize: 16, margin: 0 }}>
            {experiment.name}
          </Typography.Title>
        </Flex>
      }
      extra={
        <Flex gap={8}>
          {onOpen && (
            <Button size="small" type="link" onClick={() => onOpen(experiment)}>
              {t('siteEditor.experiments.detail')}
            </Button>
          )}
          {extra}
          {actions?.allowed && isOpen(experiment) && (
            <Button
              size="small"
              danger
              disabled={actions.busy || Boolean(actions.refusal)}
              title={actions.refusal ?? undefined}
              onClick={() => actions.onStop(experiment)}
            >
              {t('siteEditor.experiments.stop.button')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={2}>
          <Typography.Text>
            {t('siteEditor.experiments.goal.label', { goal: goalText(t, experiment.goal) })}
          </Typography.Text>
          {timeLines(t, experiment).map((line) => (
            <Typography.Text key={line} type="secondary">
              {line}
            </Typography.Text>
          ))}
          {experiment.autoPromote && (
            <Typography.Text type="secondary">
              {t('siteEditor.experiments.autoPromote', { days: experiment.minDays })}
            </Typography.Text>
          )}
          {ended && (
            <Typography.Text type={experiment.endReason === 'failed' ? 'danger' : 'secondary'}>
              {ended}
            </Typography.Text>
          )}
        </Flex>
        <Verdict experiment={experiment} />
        <ArmsTable experiment={experiment} actions={actions} />
      </Flex>
    </Card>
  )
}
