import { LOGO_MAX_BYTES } from '@swipe/shared'
import { Alert, App, Avatar, Button, Card, Flex, Progress, Space, Typography, Upload } from 'antd'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt.ts'
import { tShared } from '../../i18n/index.ts'
import { errorMessage } from '../../lib/api.ts'
import { type FileRule, fileProblem, isAbort } from '../../lib/files.ts'
import { useToast } from '../../lib/toast.ts'
import { ActionButton } from '../shell/permissions.tsx'
import { useCurrentUser } from '../shell/useCurrentUser.ts'
import { type LogoContentType, useRemoveLogo, useSaveLogo } from './api.ts'

const MAX_MB = LOGO_MAX_BYTES / (1024 * 1024)
const LOGO_TYPES: readonly LogoContentType[] = ['image/png', 'image/jpeg']
const LOGO_RULE: FileRule = {
  extensions: ['png', 'jpg', 'jpeg'],
  types: LOGO_TYPES,
  maxBytes: LOGO_MAX_BYTES,
}
/** Shown at this size: the recommended 250×250. */
const PICTURE_SIZE = 250

/** The type to sign the upload with; a file the browser gave no type is judged by its extension. */
const contentTypeOf = (file: File): LogoContentType =>
  LOGO_TYPES.find((type) => type === file.type) ?? (/\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg')

interface Chosen {
  file: File
  contentType: LogoContentType
  /** A data URL of the file, for the preview before saving. */
  preview: string
}

/** /:userTypeId/profile-picture: the picture the header shows for the signed-in account. */
export const ProfilePicturePage = () => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const toast = useToast()
  const { modal } = App.useApp()
  const save = useSaveLogo()
  const remove = useRemoveLogo()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const picks = useRef(0)
  const upload = useRef<AbortController | null>(null)
  const currentId = useId()
  const previewId = useId()
  useUnsavedChangesPrompt(chosen !== null)
  // Leaving the page stops an upload still under way.
  useEffect(() => () => upload.current?.abort(), [])

  const choose = (file: File) => {
    const pick = ++picks.current
    save.reset()
    setChosen(null)
    const problem = fileProblem(file, LOGO_RULE)
    setRefusal(problem)
    if (problem) return
    const reader = new FileReader()
    reader.onload = () => {
      // A later choice wins over a slower read of an earlier one.
      if (pick === picks.current)
        setChosen({ file, contentType: contentTypeOf(file), preview: String(reader.result) })
    }
    reader.onerror = () => {
      if (pick === picks.current) setRefusal(tShared('upload.unsupportedType', { file: file.name }))
    }
    reader.readAsDataURL(file)
  }

  const onSave = () => {
    if (!chosen) return
    const controller = new AbortController()
    upload.current = controller
    setProgress(0)
    save.mutate(
      {
        file: chosen.file,
        contentType: chosen.contentType,
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: (data) => {
          toast.success(data.message ?? tShared('profile.logoSaved'))
          setChosen(null)
        },
      },
    )
  }

  const discard = () => {
    picks.current += 1
    setChosen(null)
    setRefusal(null)
    save.reset()
  }

  const confirmRemove = () =>
    modal.confirm({
      title: t('profilePicture.removeTitle'),
      content: t('profilePicture.removeContent'),
      okText: t('profilePicture.removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync()
          .then((data) => toast.success(data?.message ?? tShared('profile.logoRemoved')))
          .catch((error: unknown) => toast.error(errorMessage(error))),
    })

  const saveError = save.isError && !isAbort(save.error) ? errorMessage(save.error) : null

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('pages.profilePicture')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('profilePicture.description', { maxMb: MAX_MB })}
      </Typography.Paragraph>

      <Flex wrap gap={32} align="flex-start">
        <section aria-labelledby={currentId}>
          <Typography.Title level={2} id={currentId} style={{ fontSize: 16 }}>
            {t('profilePicture.current')}
          </Typography.Title>
          {info.logoUrl ? (
            <img
              src={info.logoUrl}
              alt={t('profilePicture.currentAlt')}
              width={PICTURE_SIZE}
              height={PICTURE_SIZE}
              style={{ display: 'block', objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }}
            />
          ) : (
            <Flex vertical align="center" gap={8} style={{ width: PICTURE_SIZE }}>
              <Avatar shape="square" size={160} aria-hidden="true">
                {(info.companyName ?? info.email).slice(0, 1)}
              </Avatar>
              <Typography.Text type="secondary">{t('profilePicture.none')}</Typography.Text>
            </Flex>
          )}
          {info.logoUrl && (
            <div style={{ marginTop: 12 }}>
              <ActionButton
                action="self:update"
                danger
                loading={remove.isPending}
                disabled={save.isPending}
                onClick={confirmRemove}
              >
                {t('profilePicture.remove')}
              </ActionButton>
            </div>
          )}
        </section>

        <div style={{ flex: '1 1 320px', maxWidth: 480 }}>
          <Upload.Dragger
            // Every file reaches the check below, so a dropped file of the wrong type is refused by name.
            accept={{ format: '.png,.jpg,.jpeg,image/png,image/jpeg', filter: 'native' }}
            multiple={false}
            showUploadList={false}
            disabled={save.isPending}
            aria-label={t('profilePicture.select')}
            beforeUpload={(file) => {
              choose(file)
              return Upload.LIST_IGNORE
            }}
          >
            <p className="ant-upload-text">{t('profilePicture.dropHint')}</p>
            <p className="ant-upload-hint">{t('profilePicture.dropSub', { maxMb: MAX_MB })}</p>
          </Upload.Dragger>

          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 16 }} />}
          {saveError && <Alert type="error" showIcon title={saveError} style={{ marginTop: 16 }} />}

          {chosen && (
            <section aria-labelledby={previewId} style={{ marginTop: 16 }}>
              <Typography.Title level={2} id={previewId} style={{ fontSize: 16 }}>
                {t('profilePicture.preview')}
              </Typography.Title>
              <img
                src={chosen.preview}
                alt={t('profilePicture.previewAlt')}
                width={PICTURE_SIZE}
                height={PICTURE_SIZE}
                style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('profilePicture.selected', { name: chosen.file.name })}
              </Typography.Paragraph>
            </section>
          )}

          {save.isPending && (
            <div style={{ marginTop: 16 }}>
              <Typography.Text>{t('profilePicture.uploading')}</Typography.Text>
              <Progress percent={progress} aria-label={t('upload.progress')} />
            </div>
          )}
          <Space style={{ marginTop: 16 }}>
            <ActionButton
              action="self:update"
              type="primary"
              disabled={!chosen}
              loading={save.isPending}
              onClick={onSave}
            >
              {t('profilePicture.save')}
            </ActionButton>
            {chosen && (
              <Button disabled={save.isPending} onClick={discard}>
                {t('profilePicture.discard')}
              </Button>
            )}
          </Space>
        </div>
      </Flex>
    </Card>
  )
}
