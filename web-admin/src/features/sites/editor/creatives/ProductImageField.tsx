import { Button, Flex, Image, Progress, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../../lib/api.ts'
import { fileProblem, isAbort } from '../../../../lib/files.ts'
import { IMAGE_RULE, SITE_IMAGE_EXTENSIONS, uploadSiteFile } from '../upload.ts'

/** A product's picture: images only, up to 30 MB, uploaded and confirmed like the creatives. */
export const ProductImageField = ({
  siteId,
  label,
  imageKey,
  url,
  disabled,
  onUploaded,
  onRemove,
}: {
  siteId: string
  label: string
  imageKey: string | null | undefined
  url: string | undefined
  disabled: boolean
  onUploaded: (key: string, url: string) => void
  onRemove: () => void
}) => {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement | null>(null)
  const controller = useRef<AbortController | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const choose = async (file: File | undefined) => {
    if (!file) return
    const refusal = fileProblem(file, IMAGE_RULE)
    setProblem(refusal)
    if (refusal) return
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setPercent(0)
    try {
      const confirmed = await uploadSiteFile(siteId, file, { signal: current.signal, onProgress: setPercent })
      onUploaded(confirmed.key, confirmed.url)
    } catch (error) {
      if (!isAbort(error)) setProblem(errorMessage(error))
    } finally {
      if (controller.current === current) setPercent(null)
    }
  }

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        {imageKey && url && (
          <Image src={url} alt={label} width={64} height={64} style={{ objectFit: 'cover' }} />
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={SITE_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
          aria-label={t('siteContent.product.chooseImage', { label })}
          onChange={(event) => {
            void choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <Button disabled={disabled || percent !== null} onClick={() => input.current?.click()}>
          {imageKey ? t('siteContent.product.replaceImage') : t('siteContent.product.uploadImage')}
        </Button>
        {imageKey && (
          <Button danger disabled={disabled || percent !== null} onClick={onRemove}>
            {t('siteContent.product.removeImage')}
          </Button>
        )}
      </Flex>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          aria-label={t('siteContent.upload.progressOf', { file: label })}
        />
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  )
}
