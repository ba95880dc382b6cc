import { Alert, Button, Flex, Progress, Typography, theme, Upload } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../../lib/api.ts'
import { isAbort } from '../../../../lib/files.ts'
import type { ConfirmedUpload } from '../../api.ts'
import { SITE_IMAGE_EXTENSIONS } from '../upload.ts'

const ACCEPT = SITE_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')

interface ImageUploadProps {
  /** Accessible name of the drop zone, e.g. "ファビコン画像を選択". */
  label: string
  /** Recommended size and accepted files. */
  hint: string
  /** The attached file's storage key. */
  storageKey: string | null | undefined
  previewUrl: string | undefined
  previewAlt: string
  removeLabel: string
  disabled: boolean
  /** Sends the file (presigned URL, PUT, server confirmation). */
  upload: (
    file: File,
    options: { onProgress: (percent: number) => void; signal: AbortSignal },
  ) => Promise<ConfirmedUpload>
  onUploaded: (upload: ConfirmedUpload) => void
  onRemove: () => void
}

/**
 * One image attached to the site (favicon, logo, CTA image): drop or choose a file, see its upload
 * progress and a preview, or remove it. Leaving the screen cancels an upload on its way.
 */
export const ImageUpload = ({
  label,
  hint,
  storageKey,
  previewUrl,
  previewAlt,
  removeLabel,
  disabled,
  upload,
  onUploaded,
  onRemove,
}: ImageUploadProps) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  const uploading = progress !== null

  useEffect(() => () => controller.current?.abort(), [])

  const start = async (file: File) => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setError(null)
    setProgress(0)
    try {
      const confirmed = await upload(file, { onProgress: setProgress, signal: current.signal })
      if (!current.signal.aborted) onUploaded(confirmed)
    } catch (cause) {
      if (!isAbort(cause) && !current.signal.aborted) setError(errorMessage(cause))
    } finally {
      if (controller.current === current) {
        controller.current = null
        setProgress(null)
      }
    }
  }

  return (
    <Flex gap={16} wrap align="flex-start">
      <Flex
        align="center"
        justify="center"
        style={{
          width: 120,
          height: 120,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          background: token.colorFillAlter,
          textAlign: 'center',
          padding: 4,
        }}
      >
        {storageKey && previewUrl ? (
          <img
            src={previewUrl}
            alt={previewAlt}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(storageKey ? 'siteEditor.upload.noPreview' : 'siteEditor.upload.none')}
          </Typography.Text>
        )}
      </Flex>
      <Flex vertical gap={8} style={{ flex: '1 1 240px', maxWidth: 380 }}>
        <Upload.Dragger
          // Every file reaches uploadSiteFile's check, so a dropped file of the wrong type is refused by name.
          accept={{ format: ACCEPT, filter: 'native' }}
          multiple={false}
          showUploadList={false}
          disabled={disabled || uploading}
          aria-label={label}
          beforeUpload={(file) => {
            void start(file)
            return Upload.LIST_IGNORE
          }}
        >
          <p className="ant-upload-text">{t('siteEditor.upload.drop')}</p>
          <p className="ant-upload-hint">{hint}</p>
        </Upload.Dragger>
        {uploading && <Progress percent={progress} size="small" aria-label={t('upload.progress')} />}
        {error && <Alert type="error" showIcon title={error} />}
        {storageKey && (
          <div>
            <Button danger size="small" disabled={disabled || uploading} onClick={onRemove}>
              {removeLabel}
            </Button>
          </div>
        )}
      </Flex>
    </Flex>
  )
}
