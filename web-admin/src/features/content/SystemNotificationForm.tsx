import { toCamel } from '@swipe/shared'
import {
  CONTENT_MAX,
  LocalizedContent,
  LocalizedTitle,
  type PUBLISH_MODES,
  SYSTEM_NOTI_AUDIENCES,
  TEXT_LOCALES,
  TITLE_MAX,
} from '@swipe/shared/schemas/content'
import { useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  Tabs,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { tShared } from '../../i18n/index.ts'
import { ApiError, errorMessage, isStaleVersion } from '../../lib/api.ts'
import { fail } from '../../lib/formRules.ts'
import { zodRule } from '../../lib/schemaRules.ts'
import { useToast } from '../../lib/toast.ts'
import { FEED_KEY } from '../shell/bellApi.ts'
import { type SystemNoti, type SystemNotiBody, useCreateSystemNoti, useUpdateSystemNoti } from './api.ts'
import { iso, optionalUrl, ScheduleFields } from './scheduleFields.tsx'

type Lang = (typeof TEXT_LOCALES)[number]
type Texts = Partial<Record<Lang, string>>

interface Values {
  audiences: string[]
  mode: (typeof PUBLISH_MODES)[number]
  startDate: Dayjs | null
  endDate: Dayjs | null
  title: Texts
  content: Texts
  contentUrl: string
}

const FIELDS = ['audiences', 'mode', 'startDate', 'endDate', 'title', 'content', 'contentUrl']

const toValues = (item: SystemNoti | undefined): Values => ({
  audiences: item?.audiences ?? [],
  mode: item?.mode ?? 'INSTANT',
  startDate: item?.startDate ? dayjs(item.startDate) : null,
  endDate: item?.endDate ? dayjs(item.endDate) : null,
  title: { ...(item?.title ?? {}) },
  content: { ...(item?.content ?? {}) },
  contentUrl: item?.contentUrl ?? '',
})

const texts = (value: Texts): SystemNotiBody['title'] => {
  const out: SystemNotiBody['title'] = { ja: value.ja?.trim() ?? '' }
  for (const lang of ['en', 'zh', 'ko'] as const) {
    const text = value[lang]?.trim()
    if (text) out[lang] = text
  }
  return out
}

const toBody = (values: Values, draft: boolean): SystemNotiBody => {
  const startDate = values.mode === 'RESERVE' ? iso(values.startDate) : undefined
  const endDate = iso(values.endDate)
  return {
    audiences: values.audiences as SystemNotiBody['audiences'],
    mode: values.mode,
    draft,
    title: texts(values.title),
    content: texts(values.content),
    contentUrl: values.contentUrl.trim(),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  }
}

/** The server's field errors on nested fields (`body.title.ja` → `['title', 'ja']`). */
const applyNestedErrors = (form: FormInstance<Values>, error: unknown): boolean => {
  if (!(error instanceof ApiError)) return false
  const fields = error.details.flatMap((detail) => {
    const segments = detail.path.split('.').slice(1).map(toCamel)
    if (!FIELDS.includes(segments[0] ?? '')) return []
    return [{ name: segments, errors: [detail.message || tShared(detail.code)] }]
  })
  form.setFields(fields as Parameters<typeof form.setFields>[0])
  return fields.length > 0
}

const atLeastOne: FormRule = {
  validator: (_rule, value: unknown) =>
    Array.isArray(value) && value.length > 0 ? Promise.resolve() : fail('validation.required'),
}

/**
 * The system notification form (SPEC §2, §5): receivers by role, publish now or scheduled, start
 * and end, title and content (≤ 120 characters, with a counter) per UI language, link; save as
 * draft or publish. `item` edits an existing one (optimistic lock on its version).
 */
export const SystemNotificationForm = ({
  item,
  onSaved,
  onCancel,
}: {
  item?: SystemNoti
  onSaved: (saved: SystemNoti) => void
  onCancel?: () => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  useLocalizedValidation(form)
  const create = useCreateSystemNoti()
  const update = useUpdateSystemNoti()
  const pending = create.isPending || update.isPending
  const [failure, setFailure] = useState<string | null>(null)
  const mode = Form.useWatch('mode', form) ?? item?.mode ?? 'INSTANT'

  const submit = async (draft: boolean) => {
    setFailure(null)
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const body = toBody(values, draft)
    const onError = (error: unknown) => {
      if (applyNestedErrors(form, error)) return
      setFailure(errorMessage(error))
      if (isStaleVersion(error)) toast.error(errorMessage(error))
    }
    const onSuccess = (saved: SystemNoti & { message?: string }) => {
      toast.success(saved.message ?? tShared(item ? 'content.updated' : 'content.created'))
      void queryClient.invalidateQueries({ queryKey: FEED_KEY })
      onSaved(saved)
    }
    if (item) update.mutate({ ...body, id: item.id, version: item.version }, { onSuccess, onError })
    else create.mutate(body, { onSuccess, onError })
  }

  const languageTab = (lang: Lang) => ({
    key: lang,
    label:
      lang === 'ja'
        ? `${t(`content.languages.${lang}`)}（${t('content.form.required')}）`
        : t(`content.languages.${lang}`),
    forceRender: true,
    children: (
      <>
        <Form.Item
          name={['title', lang]}
          label={t('content.fields.title')}
          required={lang === 'ja'}
          rules={[zodRule(LocalizedTitle.shape[lang])]}
        >
          <Input maxLength={TITLE_MAX * 2} count={{ show: true, max: TITLE_MAX }} lang={lang} />
        </Form.Item>
        <Form.Item
          name={['content', lang]}
          label={t('content.fields.content')}
          required={lang === 'ja'}
          rules={[zodRule(LocalizedContent.shape[lang])]}
        >
          <Input.TextArea rows={3} count={{ show: true, max: CONTENT_MAX }} lang={lang} />
        </Form.Item>
      </>
    ),
  })

  return (
    <Form<Values> form={form} layout="vertical" name="systemNotification" initialValues={toValues(item)}>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item name="audiences" label={t('content.fields.audiences')} required rules={[atLeastOne]}>
        <Checkbox.Group
          options={SYSTEM_NOTI_AUDIENCES.map((value) => ({ value, label: t(`content.audiences.${value}`) }))}
        />
      </Form.Item>
      <ScheduleFields form={form} mode={mode} />
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('content.fields.texts')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('content.form.languagesHint')}</Typography.Paragraph>
      <Tabs items={TEXT_LOCALES.map(languageTab)} />
      <Form.Item name="contentUrl" label={t('content.fields.contentUrl')} rules={[optionalUrl]}>
        <Input type="url" placeholder={t('content.form.urlPlaceholder')} maxLength={256} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" loading={pending} onClick={() => void submit(false)}>
          {item && !item.draft ? t('content.form.save') : t('content.form.publish')}
        </Button>
        <Button loading={pending} onClick={() => void submit(true)}>
          {t('content.form.saveDraft')}
        </Button>
        {onCancel && (
          <Button disabled={pending} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </Flex>
    </Form>
  )
}
