import { theme } from 'antd'
import type { KeyboardEvent, PointerEvent, ReactNode, RefObject } from 'react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { clampToFrame, FRAME } from './model.ts'

/** A pointer position as frame pixels (351 × 535), whatever size the frame is drawn at. */
export const toFramePoint = (element: HTMLElement, clientX: number, clientY: number) => {
  const rect = element.getBoundingClientRect()
  const scaleX = rect.width > 0 ? FRAME.width / rect.width : 1
  const scaleY = rect.height > 0 ? FRAME.height / rect.height : 1
  return clampToFrame((clientX - rect.left) * scaleX, (clientY - rect.top) * scaleY)
}

/**
 * The creative as visitors see it, at the frame's proportions (SPEC §9: 351 × 535), with overlays
 * positioned in frame pixels. `frameRef` is the element coordinates are measured against.
 */
export const CreativeFrame = ({
  frameRef,
  url,
  mediaType,
  label,
  children,
}: {
  frameRef: RefObject<HTMLDivElement | null>
  url: string | undefined
  mediaType: 'image' | 'video' | null
  label: string
  children?: ReactNode
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <section
      aria-label={label}
      ref={frameRef}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: FRAME.width,
        aspectRatio: `${FRAME.width} / ${FRAME.height}`,
        background: token.colorFillSecondary,
        borderRadius: token.borderRadius,
        overflow: 'hidden',
        userSelect: 'none',
      }}
    >
      {url && mediaType === 'video' && (
        <video
          src={url}
          muted
          playsInline
          preload="metadata"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {url && mediaType !== 'video' && (
        <img
          src={url}
          alt=""
          draggable={false}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {!url && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: token.colorTextSecondary,
            fontSize: 12,
          }}
        >
          {t('siteContent.frame.noMedia', { width: FRAME.width, height: FRAME.height })}
        </div>
      )}
      {children}
    </section>
  )
}

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/**
 * A numbered marker on the frame that can be dragged with a pointer or nudged with the arrow keys
 * (1 px, 10 px with Shift). `anchor` says which point of the marker sits on (x, y): its centre (a
 * tap point) or its top-left corner (where a product card starts).
 */
export const FrameMarker = ({
  frameRef,
  x,
  y,
  text,
  label,
  anchor,
  color,
  disabled,
  onMove,
}: {
  frameRef: RefObject<HTMLDivElement | null>
  x: number
  y: number
  text: string
  label: string
  anchor: 'center' | 'corner'
  color: string
  disabled: boolean
  onMove: (x: number, y: number) => void
}) => {
  const dragging = useRef(false)

  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    const frame = frameRef.current
    if (!frame) return
    const point = toFramePoint(frame, event.clientX, event.clientY)
    onMove(point.x, point.y)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = KEY_STEPS[event.key]
    if (!step || disabled) return
    event.preventDefault()
    const by = event.shiftKey ? 10 : 1
    const point = clampToFrame(x + step[0] * by, y + step[1] * by)
    onMove(point.x, point.y)
  }

  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => {
        if (disabled) return
        event.preventDefault()
        event.stopPropagation()
        dragging.current = true
        event.currentTarget.setPointerCapture?.(event.pointerId)
      }}
      onPointerMove={(event) => {
        if (dragging.current) follow(event)
      }}
      onPointerUp={(event) => {
        if (!dragging.current) return
        dragging.current = false
        follow(event)
        event.currentTarget.releasePointerCapture?.(event.pointerId)
      }}
      onPointerCancel={() => {
        dragging.current = false
      }}
      onKeyDown={onKeyDown}
      style={{
        position: 'absolute',
        left: `${(x / FRAME.width) * 100}%`,
        top: `${(y / FRAME.height) * 100}%`,
        transform: anchor === 'center' ? 'translate(-50%, -50%)' : undefined,
        minWidth: 24,
        height: 24,
        padding: '0 4px',
        borderRadius: anchor === 'center' ? 12 : '0 6px 6px 6px',
        border: '2px solid #fff',
        background: color,
        color: '#fff',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '20px',
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
        boxShadow: '0 1px 4px rgba(0,0,0,0.4)',
      }}
    >
      {text}
    </button>
  )
}
