import { toCamel } from '@swipe/shared'
import { CONTENT_MAX, DELIVERY_LANGS, type PUBLISH_MODES, TITLE_MAX } from '@swipe/shared/schemas/content'
import { Alert, Button, Flex, Form, type FormInstance, type FormRule, Input, Select, Upload } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocalizedValidation } from '../../hooks/useLocalizedValidation.ts'
import { tShared } from '../../i18n/index.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { checkRequired, fail } from '../../lib/formRules.ts'
import { useToast } from '../../lib/toast.ts'
import {
  type Notice,
  type NoticeBody,
  type NoticeKind,
  uploadNoticeImage,
  useSaveNotice,
} from './noticesApi.ts'
import { iso, optionalUrl, ScheduleFields } from './scheduleFields.tsx'

interface Values {
  title: string
  contentUrl: string
  distributeSiteUrl: string
  content: string
  mode: (typeof PUBLISH_MODES)[number]
  startDate: Dayjs | null
  endDate: Dayjs | null
  lang: (typeof DELIVERY_LANGS)[number]
}

const FIELDS = ['title', 'contentUrl', 'distributeSiteUrl', 'content', 'mode', 'startDate', 'endDate', 'lang']

const textRule = (max: number): FormRule => ({
  validator: (_rule, value: unknown) => {
    const missing = checkRequired(value)
    if (missing) return Promise.reject(new Error(missing))
    return String(value).trim().length > max ? fail('validation.tooLong', { max }) : Promise.resolve()
  },
})

const applyErrors = (form: FormInstance<Values>, error: unknown): boolean => {
  if (!(error instanceof ApiError)) return false
  const fields = error.details.flatMap((detail) => {
    const name = toCamel(detail.path.split('.')[1] ?? '')
    return FIELDS.includes(name) ? [{ name, errors: [detail.message || tShared(detail.code)] }] : []
  })
  form.setFields(fields as Parameters<typeof form.setFields>[0])
  return fields.length > 0
}

/**
 * The latest information / notification delivery form (SPEC §2): title, link target, distribution
 * site, content with a counter to 120 characters, publish now or scheduled, start and end, image,
 * save as draft; deliveries also choose the site language they show in.
 */
export const NoticeForm = ({
  kind,
  item,
  onSaved,
  onCancel,
}: {
  kind: NoticeKind
  item?: Notice
  onSaved: (saved: Notice) => void
  onCancel: () => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const [form] = Form.useForm<Values>()
  useLocalizedValidation(form)
  const save = useSaveNotice(kind)
  const [failure, setFailure] = useState<string | null>(null)
  const [image, setImage] = useState<{ key: string | null; fileName?: string; preview: string | null }>({
    key: item?.imageKey ?? null,
    preview: item?.imageUrl ?? null,
  })
  const [uploading, setUploading] = useState(false)
  const mode = Form.useWatch('mode', form) ?? item?.mode ?? 'INSTANT'

  const submit = async (draft: boolean) => {
    setFailure(null)
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const startDate = values.mode === 'RESERVE' ? iso(values.startDate) : undefined
    const endDate = iso(values.endDate)
    const body: NoticeBody = {
      title: values.title.trim(),
      content: values.content.trim(),
      contentUrl: values.contentUrl.trim(),
      distributeSiteUrl: values.distributeSiteUrl.trim(),
      mode: values.mode,
      draft,
      ...(startDate ? { startDate } : {}),
      ...(endDate ? { endDate } : {}),
      imageKey: image.key,
      ...(image.fileName ? { imageFileName: image.fileName } : {}),
      ...(kind.hasLang ? { lang: values.lang } : {}),
    }
    save.mutate(
      { ...(item ? { id: item.id, version: item.version } : {}), body },
      {
        onSuccess: (saved) => {
          toast.success(saved.message ?? tShared(item ? 'content.updated' : 'content.created'))
          onSaved(saved)
        },
        onError: (error) => {
          if (applyErrors(form, error)) return
          setFailure(errorMessage(error))
        },
      },
    )
  }

  const chooseImage = async (file: File) => {
    setUploading(true)
    try {
      const uploaded = await uploadNoticeImage(kind, file)
      setImage({ key: uploaded.key, fileName: uploaded.fileName, preview: URL.createObjectURL(file) })
    } catch (error) {
      toast.error(error instanceof ApiError ? errorMessage(error) : t('content.notice.imageFailed'))
    } finally {
      setUploading(false)
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="notice"
      initialValues={{
        title: item?.title ?? '',
        contentUrl: item?.contentUrl ?? '',
        distributeSiteUrl: item?.distributeSiteUrl ?? '',
        content: item?.content ?? '',
        mode: item?.mode ?? 'INSTANT',
        startDate: item?.startDate ? dayjs(item.startDate) : null,
        endDate: item?.endDate ? dayjs(item.endDate) : null,
        lang: (item?.lang as Values['lang'] | undefined) ?? 'ALL',
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item name="title" label={t('content.notice.fields.title')} required rules={[textRule(TITLE_MAX)]}>
        <Input count={{ show: true, max: TITLE_MAX }} />
      </Form.Item>
      <Form.Item name="contentUrl" label={t('content.notice.fields.contentUrl')} rules={[optionalUrl]}>
        <Input type="url" placeholder={t('content.form.urlPlaceholder')} maxLength={256} />
      </Form.Item>
      <Form.Item
        name="distributeSiteUrl"
        label={t('content.notice.fields.distributeSiteUrl')}
        rules={[optionalUrl]}
      >
        <Input type="url" placeholder={t('content.form.urlPlaceholder')} maxLength={256} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('content.notice.fields.content')}
        required
        rules={[textRule(CONTENT_MAX)]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: CONTENT_MAX }} />
      </Form.Item>
      {kind.hasLang && (
        <Form.Item name="lang" label={t('content.notice.fields.lang')}>
          <Select
            virtual={false}
            style={{ width: 220 }}
            options={DELIVERY_LANGS.map((value) => ({ value, label: t(`content.notice.langs.${value}`) }))}
          />
        </Form.Item>
      )}
      <ScheduleFields form={form} mode={mode} />
      <Form.Item label={t('content.notice.fields.image')} extra={t('content.notice.imageHint')}>
        <Flex gap={12} align="center" wrap>
          {image.preview && (
            <img src={image.preview} alt="" style={{ maxHeight: 80, maxWidth: 160, objectFit: 'contain' }} />
          )}
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void chooseImage(file)
              return false
            }}
          >
            <Button loading={uploading}>
              {uploading ? t('content.notice.imageUploading') : t('content.notice.imageChoose')}
            </Button>
          </Upload>
          {image.key && (
            <Button type="link" danger onClick={() => setImage({ key: null, preview: null })}>
              {t('content.notice.imageRemove')}
            </Button>
          )}
        </Flex>
      </Form.Item>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={uploading}
          onClick={() => void submit(false)}
        >
          {item && !item.draft ? t('content.form.save') : t('content.form.publish')}
        </Button>
        <Button loading={save.isPending} disabled={uploading} onClick={() => void submit(true)}>
          {t('content.form.saveDraft')}
        </Button>
        <Button disabled={save.isPending} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </Form>
  )
}
