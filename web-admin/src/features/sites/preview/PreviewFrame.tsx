import type { SiteLanguage } from '@swipe/shared'
import { renderPreview } from '@swipe/web-site/preview'
import type { PublishInput } from '@swipe/web-site/types'
import { theme } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export type PreviewDevice = 'mobile' | 'desktop'

export interface PreviewFrameProps {
  input: PublishInput
  lang: SiteLanguage
  device: PreviewDevice
  membership: 'locked' | 'unlocked'
  showCta: boolean
  /** The cell to start on; a change moves the preview there. */
  start?: string | undefined
  /** Milliseconds to wait after the last change before rendering again (typing in the editor). */
  debounceMs?: number
  /** The visitor swiped to `cell`. */
  onCell?: (cell: string) => void
  /** The visitor tapped a link (the preview never leaves the page). */
  onLink?: (href: string) => void
  /** The frame's height in CSS pixels (its width follows the device). */
  height?: number
  /** The frame's accessible name, when several are shown (else 「プレビュー」's own). */
  title?: string | undefined
}

/** A phone (390 × 844, the common modern size) or a desktop window (1280 × 800), scaled to fit. */
const DEVICES = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const

/**
 * The site as visitors see it (issue 16): the publish render's page (`@swipe/web-site/preview`)
 * in a sandboxed frame (`allow-scripts` only: an opaque origin, no access to the console), swipeable,
 * rendered again when the input changes. Messages from the frame are taken only from this frame's window.
 */
export const PreviewFrame = ({
  input,
  lang,
  device,
  membership,
  showCta,
  start,
  debounceMs = 0,
  onCell,
  onLink,
  height = 640,
  title,
}: PreviewFrameProps) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const frame = useRef<HTMLIFrameElement>(null)
  const current = useRef<string | undefined>(start)
  const [settled, setSettled] = useState(input)
  useEffect(() => {
    if (!debounceMs) return setSettled(input)
    const timer = setTimeout(() => setSettled(input), debounceMs)
    return () => clearTimeout(timer)
  }, [input, debounceMs])
  // The editor named another cell: start there (otherwise a new render starts where the viewer was).
  const lastStart = useRef(start)
  if (start !== lastStart.current) {
    lastStart.current = start
    if (start) current.current = start
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `start` moves `current` (above) and so the render.
  const html = useMemo(
    () =>
      renderPreview(settled, {
        lang,
        membership,
        showCta,
        start: current.current,
        now: Date.now(),
      }),
    [settled, lang, membership, showCta, start],
  )

  const handlers = useRef({ onCell, onLink })
  handlers.current = { onCell, onLink }
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return
      const data = event.data as { swipePreview?: string; cell?: unknown; href?: unknown }
      if (data?.swipePreview === 'cell' && typeof data.cell === 'string') {
        current.current = data.cell
        handlers.current.onCell?.(data.cell)
      }
      if (data?.swipePreview === 'link' && typeof data.href === 'string') handlers.current.onLink?.(data.href)
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [])

  const size = DEVICES[device]
  const scale = Math.min(1, height / size.height)
  return (
    <div
      style={{
        width: size.width * scale,
        height: size.height * scale,
        overflow: 'hidden',
        borderRadius: device === 'mobile' ? 28 : 8,
        border: `${device === 'mobile' ? 10 : 4}px solid ${token.colorTextBase}`,
        boxSizing: 'content-box',
        background: '#000',
        flex: 'none',
      }}
    >
      <iframe
        ref={frame}
        title={title ?? t('preview.frameTitle')}
        sandbox="allow-scripts"
        srcDoc={html}
        data-testid="preview-frame"
        style={{
          width: size.width,
          height: size.height,
          border: 0,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          display: 'block',
        }}
      />
    </div>
  )
}
