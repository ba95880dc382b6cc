import { Button, Card, Flex, Typography, theme } from 'antd'
import type { MouseEvent } from 'react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImageLinkPoint } from '../../api.ts'
import { CreativeFrame, FrameMarker, toFramePoint } from './CreativeFrame.tsx'
import { LinkField } from './LinkField.tsx'
import { FRAME, MAX_LINK_POINTS } from './model.ts'

/**
 * Points on the creative that link somewhere: a click on the preview adds one there (Enter on the
 * preview adds one in the middle), markers can be dragged or nudged, each point gets a URL or an
 * internal target. At most 20.
 */
export const ImageLinkPoints = ({
  points,
  onChange,
  url,
  mediaType,
  problemAt,
  disabled,
}: {
  points: readonly ImageLinkPoint[]
  onChange: (update: (points: ImageLinkPoint[]) => ImageLinkPoint[]) => void
  url: string | undefined
  mediaType: 'image' | 'video' | null
  /** The save's problem at `<n>.<field>` below this creative's `imageLinkPoints`. */
  problemAt: (path: string) => string | undefined
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const frameRef = useRef<HTMLDivElement | null>(null)
  const full = points.length >= MAX_LINK_POINTS

  const add = (event: MouseEvent<HTMLButtonElement>) => {
    const frame = frameRef.current
    if (!frame || full) return
    // A click from the keyboard has no position: the point starts in the middle.
    const point =
      event.detail === 0
        ? { x: Math.round(FRAME.width / 2), y: Math.round(FRAME.height / 2) }
        : toFramePoint(frame, event.clientX, event.clientY)
    onChange((list) => [...list, { ...point, linkUrl: null, isInternalLink: false }])
  }

  const change = (index: number, patch: Partial<ImageLinkPoint>) =>
    onChange((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)))

  return (
    <Flex gap={16} wrap align="flex-start">
      <div style={{ flex: `0 1 ${FRAME.width}px` }}>
        <CreativeFrame
          frameRef={frameRef}
          url={url}
          mediaType={mediaType}
          label={t('siteContent.points.frame')}
        >
          <button
            type="button"
            aria-label={t('siteContent.points.addHere')}
            disabled={disabled || full}
            onClick={add}
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              background: 'transparent',
              border: 'none',
              cursor: disabled || full ? 'default' : 'crosshair',
            }}
          />
          {points.map((point, index) => (
            <FrameMarker
              // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their number is their identity.
              key={index}
              frameRef={frameRef}
              x={point.x}
              y={point.y}
              text={String(index + 1)}
              label={t('siteContent.points.marker', { n: index + 1, x: point.x, y: point.y })}
              anchor="center"
              color={token.colorPrimary}
              disabled={disabled}
              onMove={(x, y) => change(index, { x, y })}
            />
          ))}
        </CreativeFrame>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {full ? t('siteContent.points.full', { max: MAX_LINK_POINTS }) : t('siteContent.points.hint')}
        </Typography.Paragraph>
      </div>
      <Flex vertical gap={8} style={{ flex: '1 1 280px', minWidth: 0 }}>
        {points.length === 0 && (
          <Typography.Text type="secondary">{t('siteContent.points.none')}</Typography.Text>
        )}
        {points.map((point, index) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their number is their identity.
            key={index}
            size="small"
            title={t('siteContent.points.title', { n: index + 1, x: point.x, y: point.y })}
            extra={
              <Button
                size="small"
                danger
                disabled={disabled}
                onClick={() => onChange((list) => list.filter((_, i) => i !== index))}
              >
                {t('siteContent.points.remove', { n: index + 1 })}
              </Button>
            }
          >
            <LinkField
              label={t('siteContent.points.link', { n: index + 1 })}
              internal={point.isInternalLink}
              value={point.linkUrl}
              problem={problemAt(`${index}.linkUrl`)}
              onChange={({ isInternalLink, value }) => change(index, { isInternalLink, linkUrl: value })}
            />
          </Card>
        ))}
      </Flex>
    </Flex>
  )
}
