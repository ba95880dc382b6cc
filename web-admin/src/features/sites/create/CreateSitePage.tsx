import { gridSchema, SITE_LANGUAGES, type SiteLanguage, SiteNameSchema } from '@swipe/shared'
import { planNameIn } from '@swipe/shared/plan-names'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Radio,
  Spin,
  Typography,
} from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ListError } from '../../../components/ListError.tsx'
import { useLocalizedValidation } from '../../../hooks/useLocalizedValidation.ts'
import { useUnsavedChangesPrompt } from '../../../hooks/useUnsavedChangesPrompt.ts'
import { currentLocale, tShared } from '../../../i18n/index.ts'
import { errorMessage } from '../../../lib/api.ts'
import { applyServerErrors, serverFieldErrors } from '../../../lib/formRules.ts'
import { zodRule } from '../../../lib/schemaRules.ts'
import { useToast } from '../../../lib/toast.ts'
import { ActionButton } from '../../shell/permissions.tsx'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'
import { isPlanRefusal, type SiteLimits, type SitePlan, siteLimitsQuery, useCreateSite } from '../api.ts'

interface CreateSiteValues {
  name: string
  numberHorizontal: number | null
  numberVertical: number | null
  viewMode: 'MOBILE' | 'PC'
  languages: SiteLanguage[]
  defaultLanguage: SiteLanguage
}

/** The fields a server 400 may name (`details[].path` like `body.numberHorizontal`). */
const FIELDS = [
  'name',
  'numberHorizontal',
  'numberVertical',
  'viewMode',
  'languages',
  'defaultLanguage',
] as const
type GridField = 'numberHorizontal' | 'numberVertical'

const VIEW_MODES = ['MOBILE', 'PC'] as const
/** SPEC §5 / shared gridSchema: rows 1–100, columns 1–26 (A–Z). */
const MAX_ROWS = 100
const MAX_COLUMNS = 26

const fail = (key: string, params?: Record<string, string | number>) =>
  Promise.reject(new Error(tShared(key, params)))

/**
 * Rows and columns checked together with the shared `gridSchema` at the plan's creatives, so the
 * form refuses what `POST /site` refuses, with the same localised message on the same field.
 */
const gridRule =
  (field: GridField, maxCreatives: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') return fail('validation.required')
      const result = gridSchema(maxCreatives).safeParse({
        numberHorizontal: getFieldValue('numberHorizontal'),
        numberVertical: getFieldValue('numberVertical'),
      })
      const issue = result.error?.issues.find((candidate) => candidate.path[0] === field)
      return issue ? fail(issue.message) : Promise.resolve()
    },
  })

/** At least one language; several only when the plan has the multi-language feature. */
const languagesRule =
  (plan: SitePlan): FormRule =>
  () => ({
    validator: (_rule, value: unknown) => {
      const chosen = Array.isArray(value) ? value : []
      if (chosen.length === 0) return fail('validation.required')
      if (chosen.length > 1 && !plan.features.multiLanguage) return fail('plan.noMultiLanguage')
      return Promise.resolve()
    },
  })

const CreateSiteForm = ({ limits }: { limits: SiteLimits }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const navigate = useNavigate()
  const info = useCurrentUser()
  const [form] = Form.useForm<CreateSiteValues>()
  useLocalizedValidation(form)
  const [dirty, setDirty] = useState(false)
  const [createdId, setCreatedId] = useState<string | null>(null)
  useUnsavedChangesPrompt(dirty && !createdId)
  const base = `/${info.userTypeSegment}`
  const create = useCreateSite()
  const { plan } = limits
  const multiLanguage = plan.features.multiLanguage
  const planName = planNameIn({ planId: plan.id, name: plan.name }, currentLocale())
  const atSiteLimit = limits.sitesUsed >= plan.quantitySite

  // Declared after the prompt's hook, so its blocker already knows the site was created.
  useEffect(() => {
    if (createdId) navigate(`${base}/site/${encodeURIComponent(createdId)}`, { replace: true })
  }, [createdId, base, navigate])

  const languages = Form.useWatch('languages', form) ?? []
  const rows = Form.useWatch('numberHorizontal', form)
  const columns = Form.useWatch('numberVertical', form)
  const creatives = typeof rows === 'number' && typeof columns === 'number' ? rows * columns : null

  const onValuesChange = (changed: Partial<CreateSiteValues>, values: CreateSiteValues) => {
    // The default language is always one of the chosen ones.
    if (changed.languages) {
      const chosen = changed.languages
      if (chosen.length > 0 && !chosen.includes(values.defaultLanguage))
        form.setFieldValue('defaultLanguage', chosen[0])
    }
    setDirty(form.isFieldsTouched())
  }

  const onFinish = (values: CreateSiteValues) =>
    create.mutate(
      {
        name: values.name.trim(),
        numberHorizontal: values.numberHorizontal ?? 0,
        numberVertical: values.numberVertical ?? 0,
        viewMode: values.viewMode,
        // In the catalogue's order (JP, EN, CN, KR), whatever order they were ticked in.
        languages: SITE_LANGUAGES.filter((lang) => values.languages.includes(lang)),
        defaultLanguage: values.defaultLanguage,
      },
      {
        onSuccess: (data) => {
          toast.success(data.message ?? tShared('site.created'))
          setCreatedId(data.globalSetting.id)
        },
        onError: (error) => {
          if (applyServerErrors(form, error, FIELDS)) {
            const first = serverFieldErrors(error, FIELDS)[0]
            if (first) form.scrollToField(first.name, { block: 'center' })
          }
        },
      },
    )

  const refusal = create.isError && serverFieldErrors(create.error, FIELDS).length === 0 ? create.error : null

  return (
    <>
      {atSiteLimit && (
        <Alert
          type="warning"
          showIcon
          title={t('siteList.limitReached', {
            plan: planName,
            max: plan.quantitySite,
            used: limits.sitesUsed,
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      {refusal && (
        <Alert
          type={isPlanRefusal(refusal) ? 'warning' : 'error'}
          showIcon
          title={errorMessage(refusal)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<CreateSiteValues>
        form={form}
        name="createSite"
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          name: '',
          numberHorizontal: 1,
          numberVertical: 1,
          viewMode: 'MOBILE',
          languages: ['JP'],
          defaultLanguage: 'JP',
        }}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
      >
        <Form.Item name="name" label={t('siteList.createForm.name')} rules={[zodRule(SiteNameSchema)]}>
          <Input maxLength={50} showCount autoComplete="off" />
        </Form.Item>

        <Flex gap={16} wrap>
          <Form.Item
            name="numberHorizontal"
            label={t('siteList.createForm.rows')}
            extra={t('siteList.createForm.rowsRange', { max: MAX_ROWS })}
            dependencies={['numberVertical']}
            rules={[gridRule('numberHorizontal', plan.quantitySwipe)]}
          >
            <InputNumber min={1} max={MAX_ROWS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="numberVertical"
            label={t('siteList.createForm.columns')}
            extra={t('siteList.createForm.columnsRange', { max: MAX_COLUMNS })}
            dependencies={['numberHorizontal']}
            rules={[gridRule('numberVertical', plan.quantitySwipe)]}
          >
            <InputNumber min={1} max={MAX_COLUMNS} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('siteList.createForm.gridUsage', {
            total: creatives ?? '-',
            max: plan.quantitySwipe,
            plan: planName,
          })}
          <br />
          {t('siteList.createForm.gridNote')}
        </Typography.Paragraph>

        <Form.Item name="viewMode" label={t('siteList.createForm.viewMode')}>
          <Radio.Group
            options={VIEW_MODES.map((mode) => ({ value: mode, label: t(`siteList.viewModes.${mode}`) }))}
          />
        </Form.Item>

        <Form.Item
          name="languages"
          label={t('siteList.createForm.languages')}
          rules={[languagesRule(plan)]}
          extra={multiLanguage ? undefined : t('siteList.createForm.singleLanguage', { plan: planName })}
        >
          <Checkbox.Group
            options={SITE_LANGUAGES.map((lang) => ({
              value: lang,
              label: t(`siteList.languages.${lang}`),
              // One language on a plan without multi-language: untick it to choose another.
              disabled: !multiLanguage && languages.length > 0 && !languages.includes(lang),
            }))}
          />
        </Form.Item>

        <Form.Item
          name="defaultLanguage"
          label={t('siteList.createForm.defaultLanguage')}
          extra={t('siteList.createForm.defaultLanguageHelp')}
        >
          <Radio.Group
            options={SITE_LANGUAGES.filter((lang) => languages.includes(lang)).map((lang) => ({
              value: lang,
              label: t(`siteList.languages.${lang}`),
            }))}
          />
        </Form.Item>

        <Flex gap={8}>
          <ActionButton
            action="site:write"
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            disabled={atSiteLimit}
          >
            {t('siteList.createForm.submit')}
          </ActionButton>
          <Button onClick={() => navigate(`${base}/site-list`)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </>
  )
}

/** /:userTypeId/create-site: a new draft site for the signed-in account, within its plan's limits. */
export const CreateSitePage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  // The form needs the plan (creatives, languages) before it can check anything.
  const limits = useQuery(siteLimitsQuery())

  const body = () => {
    if (limits.isPending) return <Spin description={t('common.loading')} />
    if (limits.isError) return <ListError error={limits.error} onRetry={() => void limits.refetch()} />
    return <CreateSiteForm limits={limits.data} />
  }

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.createSite')}
      </Typography.Title>
      <Typography.Paragraph>
        <Link to={`/${info.userTypeSegment}/site-list`}>{t('siteList.createForm.backToList')}</Link>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('siteList.createForm.intro')}</Typography.Paragraph>
      {body()}
    </Card>
  )
}
