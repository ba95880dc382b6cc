import { DEFAULT_HISTORY_DAYS, PLAN_FEATURES, type PlanFeature } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx'
import { useSaveFailure } from '../../hooks/useSaveFailure.ts'
import { call, errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import {
  isPlatformStaff,
  type Plan,
  plansQuery,
  useChangePlan,
  useCreatePlan,
  useUpdatePlan,
  yen,
} from './api.ts'

type PlanValues = Omit<Plan, 'version' | 'retired'> & { retired?: boolean }

const NUMBER_FIELDS = ['price', 'quantitySwipe', 'quantitySite', 'limitAccess', 'limitAccessPrice'] as const
const FIELDS = ['id', 'name', ...NUMBER_FIELDS, 'historyDays', 'swipe', 'features', 'retired'] as const

/** Adds a plan (`target` null) or edits one; mounted only while open. Staff only. */
const PlanModal = ({ target, onClose }: { target: Plan | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<PlanValues>()
  const create = useCreatePlan()
  const update = useUpdatePlan()
  const pending = create.isPending || update.isPending
  // Field errors under their fields, a stale version closes the dialog, anything else shows here.
  const { failure, clear, onError } = useSaveFailure(form, FIELDS, onClose)
  const onFinish = (values: PlanValues) => {
    clear()
    const fields = {
      name: values.name.trim(),
      price: values.price,
      quantitySwipe: values.quantitySwipe,
      quantitySite: values.quantitySite,
      limitAccess: values.limitAccess,
      limitAccessPrice: values.limitAccessPrice,
      historyDays: values.historyDays,
      swipe: Boolean(values.swipe),
      features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, Boolean(values.features?.[f])])) as Record<
        PlanFeature,
        boolean
      >,
    }
    const done = (data: { message: string }) => {
      toast.success(data.message)
      onClose()
    }
    if (target)
      update.mutate(
        { id: target.id, ...fields, retired: Boolean(values.retired), version: target.version },
        { onSuccess: done, onError },
      )
    else create.mutate({ id: values.id.trim(), ...fields }, { onSuccess: done, onError })
  }

  return (
    <Modal
      open
      title={t(target ? 'billing.plans.editTitle' : 'billing.plans.createTitle')}
      okText={t('billing.plans.save')}
      cancelText={t('billing.plans.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<PlanValues>
          form={form}
          name="plan"
          layout="vertical"
          initialValues={
            target ?? {
              price: 0,
              quantitySwipe: 9,
              quantitySite: 1,
              limitAccess: 10_000,
              limitAccessPrice: 100,
              historyDays: DEFAULT_HISTORY_DAYS,
              swipe: true,
              features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])),
            }
          }
          onFinish={onFinish}
        >
          {dom}
        </Form>
      )}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {!target && (
        <Form.Item name="id" label={t('billing.plans.id')} rules={[{ required: true }]}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('billing.plans.name')} rules={[{ required: true }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Flex gap={12} wrap>
        {NUMBER_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`billing.plans.${field}`)}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={field === 'quantitySwipe' || field === 'quantitySite' ? 1 : 0}
              precision={0}
              style={{ width: 180 }}
            />
          </Form.Item>
        ))}
      </Flex>
      <Form.Item
        name="historyDays"
        label={t('billing.plans.historyDays')}
        extra={t('billing.plans.historyDaysHelp')}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={3650} precision={0} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="swipe" label={t('billing.plans.swipe')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Text strong>{t('billing.plans.features')}</Typography.Text>
      <Flex gap={16} wrap style={{ marginTop: 8 }}>
        {PLAN_FEATURES.map((feature) => (
          <Form.Item
            key={feature}
            name={['features', feature]}
            label={t(`billing.plans.feature.${feature}`)}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        ))}
      </Flex>
      {target && (
        <Form.Item
          name="retired"
          label={t('billing.plans.retire')}
          valuePropName="checked"
          extra={t('billing.plans.retiredHint')}
        >
          <Switch />
        </Form.Item>
      )}
    </Modal>
  )
}

interface UserOption {
  value: string
  label: string
}

/** Assigns a plan to a user from the lists: the change applies on the 1st of next month. */
const AssignPlan = ({ plans, staff }: { plans: Plan[]; staff: boolean }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [search, setSearch] = useState('')
  const [accountId, setAccountId] = useState<string>()
  const [planId, setPlanId] = useState<string>()
  const [result, setResult] = useState<string | null>(null)
  const change = useChangePlan()
  const users = useQuery({
    queryKey: ['billing', 'assignUsers', search],
    queryFn: ({ signal }) =>
      call('accounts.list', { query: { q: search || undefined, limit: 20 } }, { signal }),
  })
  const options: UserOption[] = (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.companyName ?? u.email} (${u.email})`,
  }))
  const offered = plans.filter((p) => !p.retired && (staff || p.id !== 'ep_oem'))
  const submit = () => {
    if (!accountId || !planId) return
    setResult(null)
    change.mutate(
      { accountId, planId },
      {
        onSuccess: (data) => {
          toast.success(data.message)
          setResult(
            data.pending
              ? t('billing.assign.change', {
                  from: data.current.name,
                  to: data.pending.plan.name,
                  day: data.pending.fromDay,
                })
              : `${t('billing.assign.current')}: ${data.current.name}`,
          )
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    )
  }
  return (
    <section aria-label={t('billing.assign.title')}>
      <Card size="small" title={t('billing.assign.title')} style={{ marginBottom: 24 }}>
        <Typography.Paragraph type="secondary">{t('billing.assign.rule')}</Typography.Paragraph>
        <Flex gap={12} wrap align="end">
          <div>
            <div aria-hidden>{t('billing.assign.user')}</div>
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              virtual={false}
              style={{ width: 360 }}
              placeholder={t('billing.assign.userPlaceholder')}
              options={options}
              value={accountId}
              onChange={setAccountId}
              loading={users.isFetching}
              aria-label={t('billing.assign.user')}
            />
          </div>
          <div>
            <div aria-hidden>{t('billing.assign.plan')}</div>
            <Select
              virtual={false}
              style={{ width: 260 }}
              options={offered.map((p) => ({ value: p.id, label: `${p.name} (${yen(p.price)})` }))}
              value={planId}
              onChange={setPlanId}
              aria-label={t('billing.assign.plan')}
            />
          </div>
          <Button type="primary" onClick={submit} disabled={!accountId || !planId} loading={change.isPending}>
            {t('billing.assign.submit')}
          </Button>
        </Flex>
        {result && <Alert type="info" showIcon title={result} style={{ marginTop: 16 }} role="status" />}
      </Card>
    </section>
  )
}

/** /:userTypeId/plan-management: the plan catalogue (staff edit it) and plan assignment. */
export const PlanManagementPage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const staff = isPlatformStaff(info) && info.allowedActions.includes('plan:manage')
  const canAssign = info.allowedActions.includes('plan:manage')
  const plans = useQuery(plansQuery())
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined)

  // Below 1200 px the page-view allowance, its price and the version history fold away.
  const columns: GridColumn<Plan>[] = [
    {
      title: t('billing.plans.name'),
      key: 'name',
      render: (_, plan) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{plan.name}</Typography.Text>
          <Typography.Text type="secondary">{plan.id}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'price',
      title: t('billing.plans.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: number) => yen(v),
    },
    {
      key: 'quantitySwipe',
      title: t('billing.plans.quantitySwipe'),
      dataIndex: 'quantitySwipe',
      align: 'right',
    },
    {
      key: 'quantitySite',
      title: t('billing.plans.quantitySite'),
      dataIndex: 'quantitySite',
      align: 'right',
    },
    {
      key: 'limitAccess',
      collapse: true,
      title: t('billing.plans.limitAccess'),
      dataIndex: 'limitAccess',
      align: 'right',
      render: (v: number) => v.toLocaleString('ja-JP'),
    },
    {
      key: 'limitAccessPrice',
      collapse: true,
      title: t('billing.plans.limitAccessPrice'),
      dataIndex: 'limitAccessPrice',
      align: 'right',
      render: (v: number) => yen(v),
    },
    {
      key: 'historyDays',
      collapse: true,
      title: t('billing.plans.historyDays'),
      dataIndex: 'historyDays',
      align: 'right',
      render: (v: number) =>
        v === 0 ? t('billing.plans.historyUnlimited') : t('billing.plans.historyDaysValue', { count: v }),
    },
    {
      title: t('billing.plans.features'),
      key: 'features',
      render: (_, plan) => (
        <Flex wrap gap={4}>
          {PLAN_FEATURES.filter((f) => plan.features[f]).map((f) => (
            <Tag key={f}>{t(`billing.plans.feature.${f}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('billing.bills.status'),
      key: 'retired',
      render: (_, plan) =>
        plan.retired ? (
          <Tag color="default">{t('billing.plans.retired')}</Tag>
        ) : (
          <Tag color="green">{t('billing.plans.offered')}</Tag>
        ),
    },
    ...(staff
      ? [
          {
            title: t('billing.bills.actions'),
            key: 'actions',
            render: (_: unknown, plan: Plan) => (
              <Button
                size="small"
                onClick={() => setEditing(plan)}
                aria-label={`${t('billing.plans.edit')} ${plan.name}`}
              >
                {t('billing.plans.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.planManagement')}
      </Typography.Title>
      {canAssign && plans.data && <AssignPlan plans={plans.data.items} staff={staff} />}
      <section aria-label={t('billing.plans.title')}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('billing.plans.title')}
          </Typography.Title>
          {staff ? (
            <Button type="primary" onClick={() => setEditing(null)}>
              {t('billing.plans.create')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('billing.plans.staffOnly')}</Typography.Text>
          )}
        </Flex>
        <DataGrid<Plan> query={plans} items={plans.data?.items ?? []} columns={columns} size="small" />
      </section>
      {editing !== undefined && <PlanModal target={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  )
}
