import { armLabel, EXPERIMENT_GOALS, EXPERIMENT_LIMITS } from '@swipe/shared/experiments/model'
import { CELL_PATTERN } from '@swipe/shared/site/cells'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Radio, Select, Switch, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { tShared } from '../../../../i18n/index.ts'
import { errorMessage } from '../../../../lib/api.ts'
import { requiredRule } from '../../../../lib/formRules.ts'
import { useToast } from '../../../../lib/toast.ts'
import { type SiteVersionView, versionsQuery } from '../history/history-api.ts'
import { JstPicker } from '../schedule/JstPicker.tsx'
import { instantOf } from '../schedule/schedule-api.ts'
import {
  detailsOf,
  type ExperimentCreateBody,
  type ExperimentGoal,
  fieldOfPath,
  useCreateExperiment,
} from './experiments-api.ts'

interface CreateValues {
  name: string
  controlWeight: number | null
  variants: { versionId?: string | undefined; weight: number | null }[]
  goalType: ExperimentGoal['type']
  cell?: string
  seconds?: number | null
  startMode: 'now' | 'later'
  startAt?: Dayjs | null
  endAt?: Dayjs | null
  autoPromote: boolean
  minDays: number | null
}

/** An equal split of 100 % over `count` arms, the remainder to the control: 3 → 34, 33, 33. */
export const equalWeights = (count: number): number[] => {
  const base = Math.floor(100 / count)
  return Array.from({ length: count }, (_, index) => (index === 0 ? 100 - base * (count - 1) : base))
}

/** A version as the form names it: what made it and when (`テスト案（2026-06-01 10:00）`). */
export const versionName = (t: TFunction, version: SiteVersionView): string =>
  t('siteEditor.experiments.create.versionName', {
    action: t(`siteEditor.history.actions.${version.action}`),
    date: formatSiteDateTime(version.at),
  })

const maxVariants = EXPERIMENT_LIMITS.maxArms - 1

const goalOf = (values: CreateValues): ExperimentCreateBody['goal'] => {
  if (values.goalType === 'reach') return { type: 'reach', cell: (values.cell ?? '').trim().toUpperCase() }
  if (values.goalType === 'dwell') return { type: 'dwell', seconds: values.seconds ?? 0 }
  return { type: values.goalType }
}

/** The request of the form's values: the live version first, then the variants. */
export const bodyOf = (values: CreateValues, liveId: string): ExperimentCreateBody => ({
  name: values.name.trim(),
  arms: [
    { versionId: liveId, weight: values.controlWeight ?? 0 },
    ...values.variants.map((variant) => ({
      versionId: variant.versionId ?? '',
      weight: variant.weight ?? 0,
    })),
  ],
  goal: goalOf(values),
  startAt: values.startMode === 'later' ? instantOf(values.startAt) : null,
  endAt: instantOf(values.endAt),
  autoPromote: values.autoPromote,
  minDays: values.minDays ?? EXPERIMENT_LIMITS.defaultMinDays,
})

const CreateForm = ({
  siteId,
  version,
  initialVariant,
  onClose,
}: {
  siteId: string
  version: number
  initialVariant: string | undefined
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<CreateValues>()
  const create = useCreateExperiment(siteId)
  const history = useInfiniteQuery(versionsQuery(siteId, version))
  const [armsError, setArmsError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const controlWeight = Form.useWatch('controlWeight', form)
  const variants = Form.useWatch('variants', form) ?? []
  const goalType = Form.useWatch('goalType', form)
  const startMode = Form.useWatch('startMode', form)
  const autoPromote = Form.useWatch('autoPromote', form)

  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  const live = items.find((item) => item.live)
  // Not live and still kept, newest first (the history's order).
  const candidates = items.filter((item) => !item.live && item.canRollback)
  const total = (controlWeight ?? 0) + variants.reduce((sum, variant) => sum + (variant?.weight ?? 0), 0)
  const weightsWrong = total !== 100

  /** Adds or removes a variant, splitting the visitors equally again. */
  const setVariants = (next: CreateValues['variants']) => {
    const weights = equalWeights(next.length + 1)
    form.setFieldsValue({
      controlWeight: weights[0] ?? 0,
      variants: next.map((variant, index) => ({ ...variant, weight: weights[index + 1] ?? 0 })),
    })
    setArmsError(null)
  }
  const current = (): CreateValues['variants'] => form.getFieldValue('variants') ?? []

  const submit = async (values: CreateValues) => {
    if (!live || weightsWrong) return
    setFormError(null)
    setArmsError(null)
    try {
      const answer = await create.mutateAsync(bodyOf(values, live.id))
      toast.success(answer.message)
      onClose()
    } catch (error) {
      const fields = new Map<string, { name: (string | number)[]; errors: string[] }>()
      const armsErrors: string[] = []
      const unplaced: string[] = []
      for (const detail of detailsOf(error)) {
        const text = detail.message || tShared(detail.code)
        const target = fieldOfPath(detail.path)
        if (!target) unplaced.push(text)
        else if ('arms' in target) armsErrors.push(text)
        else {
          const key = target.field.join('.')
          const entry = fields.get(key) ?? { name: target.field, errors: [] }
          entry.errors.push(text)
          fields.set(key, entry)
        }
      }
      form.setFields([...fields.values()] as Parameters<typeof form.setFields>[0])
      if (armsErrors.length > 0) setArmsError(armsErrors.join(' '))
      if (fields.size === 0 && armsErrors.length === 0) setFormError(errorMessage(error))
      else if (unplaced.length > 0) setFormError(unplaced.join(' '))
    }
  }

  if (history.isPending) return <Typography.Paragraph>{t('common.loading')}</Typography.Paragraph>
  if (history.isError) return <Alert type="error" showIcon title={errorMessage(history.error)} />
  if (!live) return <Alert type="warning" showIcon title={t('siteEditor.experiments.create.noLive')} />

  const initialVariants = [
    { versionId: candidates.some((c) => c.id === initialVariant) ? initialVariant : undefined, weight: 50 },
  ]
  const chosen = (index: number) => new Set(variants.filter((_, i) => i !== index).map((v) => v?.versionId))

  return (
    <Form<CreateValues>
      form={form}
      name="experimentCreate"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        name: '',
        controlWeight: 50,
        variants: initialVariants,
        goalType: 'cta',
        seconds: 30,
        startMode: 'now',
        startAt: null,
        endAt: null,
        autoPromote: false,
        minDays: EXPERIMENT_LIMITS.defaultMinDays,
      }}
      onValuesChange={() => setArmsError(null)}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="name"
        label={t('siteEditor.experiments.create.name')}
        rules={[requiredRule(), { max: EXPERIMENT_LIMITS.nameMax, message: tShared('validation.tooLong') }]}
      >
        <Input
          maxLength={EXPERIMENT_LIMITS.nameMax}
          placeholder={t('siteEditor.experiments.create.namePlaceholder')}
        />
      </Form.Item>

      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>
          {t('siteEditor.experiments.create.arms')}
        </legend>
        {candidates.length === 0 && (
          <Alert
            type="info"
            showIcon
            title={t('siteEditor.experiments.create.noVariants')}
            style={{ marginBottom: 12 }}
          />
        )}
        <Flex gap={12} align="end" wrap>
          <Flex vertical style={{ flex: 1, minWidth: 220, marginBottom: 24 }}>
            <Typography.Text strong>{t('siteEditor.experiments.create.control')}</Typography.Text>
            <Typography.Text>
              {t('siteEditor.experiments.create.controlVersion', { version: versionName(t, live) })}
            </Typography.Text>
          </Flex>
          <Form.Item
            name="controlWeight"
            label={t('siteEditor.experiments.create.weight', { label: armLabel(0) })}
            rules={[requiredRule()]}
          >
            <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 110 }} />
          </Form.Item>
          <span style={{ width: 32 }} />
        </Flex>
        <Form.List name="variants">
          {(fields) =>
            fields.map((field, index) => {
              const label = armLabel(index + 1)
              return (
                <Flex key={field.key} gap={12} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'versionId']}
                    label={t('siteEditor.experiments.create.variant', { label })}
                    rules={[requiredRule()]}
                    style={{ flex: 1, minWidth: 220 }}
                  >
                    <Select
                      placeholder={t('siteEditor.experiments.create.choose')}
                      options={candidates.map((item) => ({
                        value: item.id,
                        label: versionName(t, item),
                        disabled: chosen(index).has(item.id),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'weight']}
                    label={t('siteEditor.experiments.create.weight', { label })}
                    rules={[requiredRule()]}
                  >
                    <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 110 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    disabled={fields.length <= 1}
                    aria-label={t('siteEditor.experiments.create.remove', { label })}
                    style={{ marginTop: 30, width: 32 }}
                    onClick={() => setVariants(current().filter((_, i) => i !== index))}
                  >
                    ×
                  </Button>
                </Flex>
              )
            })
          }
        </Form.List>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex gap={8} wrap>
            <Button
              disabled={variants.length >= maxVariants || variants.length >= candidates.length}
              onClick={() => setVariants([...current(), { versionId: undefined, weight: null }])}
            >
              {t('siteEditor.experiments.create.add')}
            </Button>
            {history.hasNextPage && (
              <Button
                type="link"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('siteEditor.experiments.create.more')}
              </Button>
            )}
          </Flex>
          <Typography.Text strong aria-live="polite">
            {t('siteEditor.experiments.create.total', { total })}
          </Typography.Text>
        </Flex>
        {(weightsWrong || armsError) && (
          <Typography.Paragraph
            type="danger"
            role="alert"
            style={{ margin: '8px 0 0' }}
            data-testid="arms-error"
          >
            {[weightsWrong ? tShared('experiment.weights') : null, armsError].filter(Boolean).join(' ')}
          </Typography.Paragraph>
        )}
      </fieldset>

      <Flex gap={16} wrap>
        <Form.Item name="goalType" label={t('siteEditor.experiments.create.goal')} style={{ minWidth: 240 }}>
          <Select
            options={EXPERIMENT_GOALS.map((goal) => ({
              value: goal,
              label: t(`siteEditor.experiments.goalOptions.${goal}`),
            }))}
          />
        </Form.Item>
        {goalType === 'reach' && (
          <Form.Item
            name="cell"
            label={t('siteEditor.experiments.create.cell')}
            extra={t('siteEditor.experiments.create.cellHelp')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[requiredRule(), { pattern: CELL_PATTERN, message: tShared('validation.invalid') }]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
        )}
        {goalType === 'dwell' && (
          <Form.Item
            name="seconds"
            label={t('siteEditor.experiments.create.seconds')}
            rules={[requiredRule()]}
          >
            <InputNumber
              min={1}
              max={EXPERIMENT_LIMITS.maxDwellSeconds}
              precision={0}
              suffix={t('siteEditor.experiments.create.secondsUnit')}
              style={{ width: 140 }}
            />
          </Form.Item>
        )}
      </Flex>

      <Typography.Paragraph type="secondary">
        {t('siteEditor.experiments.create.timeZone')}
      </Typography.Paragraph>
      <Flex gap={16} wrap align="start">
        <Form.Item name="startMode" label={t('siteEditor.experiments.create.start')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('siteEditor.experiments.create.startNow') },
              { value: 'later', label: t('siteEditor.experiments.create.startLater') },
            ]}
          />
        </Form.Item>
        {startMode === 'later' && (
          <Form.Item
            name="startAt"
            label={t('siteEditor.experiments.create.startAt')}
            rules={[requiredRule()]}
          >
            <JstPicker />
          </Form.Item>
        )}
        <Form.Item name="endAt" label={t('siteEditor.experiments.create.endAt')}>
          <JstPicker />
        </Form.Item>
      </Flex>

      <Flex gap={16} wrap align="start">
        <Form.Item
          name="autoPromote"
          label={t('siteEditor.experiments.create.autoPromote')}
          valuePropName="checked"
          extra={t('siteEditor.experiments.create.autoPromoteHelp')}
          style={{ maxWidth: 320 }}
        >
          <Switch />
        </Form.Item>
        {autoPromote && (
          <Form.Item
            name="minDays"
            label={t('siteEditor.experiments.create.minDays')}
            rules={[requiredRule()]}
          >
            <InputNumber
              min={1}
              max={EXPERIMENT_LIMITS.maxMinDays}
              precision={0}
              suffix={t('siteEditor.experiments.create.daysUnit')}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
      </Flex>

      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {/* Not a submit button: Enter in a picker confirms the date-time and must not create. */}
        <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
          {t('siteEditor.experiments.create.submit')}
        </Button>
      </Flex>
    </Form>
  )
}

/** 「A/Bテストを作成」: the dialog, open while `open`; `initialVariant` is picked as B. */
export const ExperimentCreate = ({
  siteId,
  version,
  open,
  initialVariant,
  onClose,
}: {
  siteId: string
  version: number
  open: boolean
  initialVariant?: string | undefined
  onClose: () => void
}) => {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('siteEditor.experiments.create.title')}
      width="min(720px, 100vw)"
      destroyOnHidden
    >
      {open && (
        <CreateForm siteId={siteId} version={version} initialVariant={initialVariant} onClose={onClose} />
      )}
    </Modal>
  )
}
