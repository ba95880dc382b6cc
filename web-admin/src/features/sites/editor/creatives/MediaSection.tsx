import { SITE_LIMITS } from '@swipe/shared'
import { Button, Flex, Input, Popconfirm, Typography, theme } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import { MEDIA_RULE } from '../upload.ts'
import { Field } from './Field.tsx'
import { MediaRenditionState } from './MediaRenditionState.tsx'
import { FRAME, orNull } from './model.ts'

/** The cell's image or video: a preview, replace and remove, and its alternative text. */
export const MediaSection = ({
  siteId,
  creative,
  url,
  busy,
  disabled,
  onReplace,
  onRemove,
  onAltChange,
  problemAt,
}: {
  /** The site, when the editor knows it: the file's web-rendition state is shown (issue 22). */
  siteId?: string
  creative: Creative
  url: string | undefined
  busy: boolean
  disabled: boolean
  onReplace: (file: File) => void
  onRemove: () => void
  onAltChange: (alt: string | null) => void
  problemAt: (field: string) => string | undefined
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const input = useRef<HTMLInputElement | null>(null)
  const has = Boolean(creative.mediaKey)
  const alt = creative.imageAlt || creative.position

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap align="flex-start">
        <div
          style={{
            width: 140,
            aspectRatio: `${FRAME.width} / ${FRAME.height}`,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
            background: token.colorFillSecondary,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {has && url && creative.mediaType === 'video' && (
            <video
              src={url}
              controls
              muted
              playsInline
              preload="metadata"
              aria-label={alt}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
          {has && url && creative.mediaType !== 'video' && (
            <img src={url} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          )}
          {!has && (
            <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center', padding: 8 }}>
              {t('siteContent.creative.noMedia')}
            </Typography.Text>
          )}
        </div>
        <Flex vertical gap={8} style={{ flex: '1 1 200px' }}>
          <input
            ref={input}
            type="file"
            hidden
            accept={MEDIA_RULE.extensions.map((ext) => `.${ext}`).join(',')}
            aria-label={t('siteContent.creative.chooseMedia', { position: creative.position })}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) onReplace(file)
            }}
          />
          <Flex gap={8} wrap>
            <Button disabled={disabled || busy} onClick={() => input.current?.click()}>
              {has ? t('siteContent.creative.replaceMedia') : t('siteContent.creative.uploadMedia')}
            </Button>
            {has && (
              <Popconfirm
                title={t('siteContent.creative.removeMediaTitle', { position: creative.position })}
                okText={t('siteContent.creative.removeMediaOk')}
                cancelText={t('common.cancel')}
                onConfirm={onRemove}
                disabled={disabled}
              >
                <Button danger disabled={disabled || busy}>
                  {t('siteContent.creative.removeMedia')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
          {siteId && creative.mediaKey && !busy && (
            <MediaRenditionState siteId={siteId} mediaKey={creative.mediaKey} />
          )}
          {problemAt('mediaKey') && (
            <Typography.Text type="danger" role="alert">
              {problemAt('mediaKey')}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('siteContent.creative.recommend', { width: FRAME.width, height: FRAME.height })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('siteContent.upload.rules', { maxMb: Math.round(MEDIA_RULE.maxBytes / (1024 * 1024)) })}
          </Typography.Text>
        </Flex>
      </Flex>
      <Field label={t('siteContent.creative.altText')} problem={problemAt('imageAlt')}>
        {(id) => (
          <Input
            id={id}
            value={creative.imageAlt ?? ''}
            maxLength={SITE_LIMITS.text}
            showCount
            onChange={(event) => onAltChange(orNull(event.target.value))}
          />
        )}
      </Field>
    </Flex>
  )
}
