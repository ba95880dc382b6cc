import { theme } from 'antd'
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import { FRAME } from './model.ts'

/** What the grid shows of one cell. */
export interface GridCell {
  position: string
  creative: Creative | undefined
  hasProblems: boolean
  /** Open review comments on this cell (issue 16). */
  openComments?: number
  /** Two compared versions differ in this cell (issue 33). */
  changed?: boolean
}

const CELL_WIDTH = 72
const CELL_HEIGHT = Math.round((CELL_WIDTH * FRAME.height) / FRAME.width)

/** A play sign for cells holding a video (the console ships no icon font). */
const VideoSign = () => (
  <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="11" fill="rgba(0,0,0,0.55)" />
    <path d="M9.5 7.5v9l7-4.5z" fill="#fff" />
  </svg>
)

/** A cell's thumbnail (a video shows its first frame under a play sign), reference and marker. */
const CellContent = ({ cell, url }: { cell: GridCell; url: string | undefined }) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const creative = cell.creative
  const cover = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const
  return (
    <>
      {creative?.mediaKey && creative.mediaType !== 'video' && url && <img src={url} alt="" style={cover} />}
      {creative?.mediaKey && creative.mediaType === 'video' && (
        <>
          {url && <video src={url} muted playsInline preload="metadata" tabIndex={-1} style={cover} />}
          <span
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: url ? undefined : token.colorTextSecondary,
            }}
          >
            <VideoSign />
          </span>
        </>
      )}
      <span
        aria-hidden="true"
        style={{
          position: 'absolute',
          left: 4,
          top: 4,
          padding: '0 4px',
          borderRadius: 4,
          fontSize: 11,
          lineHeight: '16px',
          color: '#fff',
          background: 'rgba(0,0,0,0.6)',
        }}
      >
        {cell.position}
      </span>
      {(cell.openComments ?? 0) > 0 && (
        <span
          data-testid={`open-comments-${cell.position}`}
          title={t('preview.comments.openCount', { count: cell.openComments })}
          style={{
            position: 'absolute',
            right: 4,
            bottom: 4,
            minWidth: 16,
            height: 16,
            padding: '0 4px',
            borderRadius: 8,
            fontSize: 11,
            lineHeight: '16px',
            textAlign: 'center',
            color: '#fff',
            background: token.colorWarning,
          }}
        >
          {cell.openComments}
        </span>
      )}
      {cell.changed && (
        <span
          aria-hidden="true"
          data-testid={`changed-${cell.position}`}
          title={t('siteEditor.history.compare.badgeHelp')}
          style={{
            position: 'absolute',
            left: 4,
            bottom: 4,
            padding: '0 4px',
            borderRadius: 4,
            fontSize: 11,
            lineHeight: '16px',
            color: '#000',
            background: token.colorWarningBorder,
          }}
        >
          {t('siteEditor.history.compare.badge')}
        </span>
      )}
      {cell.hasProblems && (
        <span
          aria-hidden="true"
          title={t('siteContent.creative.hasProblems')}
          style={{
            position: 'absolute',
            right: 4,
            top: 4,
            width: 16,
            height: 16,
            borderRadius: 8,
            fontSize: 11,
            lineHeight: '16px',
            textAlign: 'center',
            color: '#fff',
            background: token.colorError,
          }}
        >
          !
        </span>
      )}
    </>
  )
}

/**
 * The rows × columns grid of one language (SPEC §2 creative settings): each cell's thumbnail,
 * reference and a marker when it has problems. Arrow keys, Home and End move between cells,
 * Enter or Space selects; files dropped anywhere on the grid go to `onFiles`.
 */
export const CreativeGrid = ({
  rows,
  columns,
  cells,
  selected,
  onSelect,
  onFiles,
  mediaUrl,
  disabled,
}: {
  rows: number
  columns: number
  cells: readonly GridCell[]
  selected: string | null
  onSelect: (position: string) => void
  onFiles: (files: File[]) => void
  mediaUrl: (key: string | null | undefined) => string | undefined
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const selectedIndex = cells.findIndex((c) => c.position === selected)
  const [focused, setFocused] = useState(Math.max(0, selectedIndex))
  const [dragging, setDragging] = useState(false)
  const refs = useRef<(HTMLDivElement | null)[]>([])
  const moved = useRef(false)
  const current = Math.min(focused, cells.length - 1)

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    refs.current[current]?.focus()
  }, [current])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -columns,
      ArrowDown: columns,
    }
    let target: number | undefined
    if (event.key in steps) target = current + (steps[event.key] ?? 0)
    else if (event.key === 'Home') target = 0
    else if (event.key === 'End') target = cells.length - 1
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const cell = cells[current]
      if (cell) onSelect(cell.position)
      return
    } else return
    event.preventDefault()
    if (target < 0 || target >= cells.length) return
    moved.current = true
    setFocused(target)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(files)
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: an interactive ARIA grid with roving focus; a table is not interactive.
    <div
      role="grid"
      aria-label={t('siteContent.creative.gridLabel', { rows, columns })}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        event.preventDefault()
        if (!disabled) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{
        display: 'inline-flex',
        flexDirection: 'column',
        gap: 6,
        padding: 8,
        borderRadius: token.borderRadiusLG,
        border: `2px dashed ${dragging ? token.colorPrimary : token.colorBorderSecondary}`,
        background: dragging ? token.colorPrimaryBg : undefined,
        maxWidth: '100%',
        overflowX: 'auto',
      }}
    >
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of the ARIA grid above.
        // biome-ignore lint/a11y/useFocusableInteractive: a row is a container; its cells take focus.
        <div role="row" key={cells[row * columns]?.position ?? row} style={{ display: 'flex', gap: 6 }}>
          {cells.slice(row * columns, row * columns + columns).map((cell, column) => {
            const index = row * columns + column
            const creative = cell.creative
            const url = mediaUrl(creative?.mediaKey)
            const isSelected = cell.position === selected
            const content = creative?.mediaKey
              ? t(
                  creative.mediaType === 'video'
                    ? 'siteContent.creative.hasVideo'
                    : 'siteContent.creative.hasImage',
                )
              : t('siteContent.creative.empty')
            const label = [
              cell.position,
              content,
              cell.hasProblems ? t('siteContent.creative.hasProblems') : null,
              cell.openComments ? t('preview.comments.openCount', { count: cell.openComments }) : null,
              cell.changed ? t('siteEditor.history.compare.badgeHelp') : null,
            ]
              .filter(Boolean)
              .join('、')
            return (
              // biome-ignore lint/a11y/useSemanticElements: a cell of the ARIA grid, selected by click or key.
              <div
                key={cell.position}
                ref={(element) => {
                  refs.current[index] = element
                }}
                role="gridcell"
                aria-label={label}
                aria-selected={isSelected}
                tabIndex={index === current ? 0 : -1}
                onClick={() => {
                  setFocused(index)
                  onSelect(cell.position)
                }}
                // Keys are handled by the grid: arrows move, Enter and Space select.
                onKeyDown={undefined}
                style={{
                  position: 'relative',
                  width: CELL_WIDTH,
                  height: CELL_HEIGHT,
                  flex: 'none',
                  borderRadius: token.borderRadius,
                  overflow: 'hidden',
                  cursor: 'pointer',
                  background: token.colorFillTertiary,
                  outline: isSelected ? `3px solid ${token.colorPrimary}` : undefined,
                  outlineOffset: 1,
                  boxShadow: cell.hasProblems ? `inset 0 0 0 2px ${token.colorError}` : undefined,
                }}
              >
                <CellContent cell={cell} url={url} />
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}
