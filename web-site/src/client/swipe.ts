/**
 * Two-axis swiping without nested swipers: one pointer handler on the viewport decides the axis
 * from the first movement and moves either the rows (vertical) or the current row's columns
 * (horizontal), so a horizontal row inside the vertical track can never swallow a vertical swipe.
 * The wheel moves one step per gesture on one axis; arrow keys and the arrow buttons do the same.
 * Positions are CSS variables (`--r` on the track, `--c` on each row); the browser animates them.
 */

export type Via = 'swipe' | 'wheel' | 'key' | 'button' | 'menu' | 'auto' | 'restore'

export interface SwipeState {
  row: number
  /** The column each row was left at (vertical moves land on the row's own column). */
  columns: number[]
}

/** The next position for a step, clamped to the grid; the same position when there is none. */
export const step = (
  state: SwipeState,
  sizes: readonly number[],
  axis: 'x' | 'y',
  by: number,
  wrap = false,
): SwipeState => {
  if (axis === 'y') {
    const row = Math.min(Math.max(state.row + by, 0), sizes.length - 1)
    return { row, columns: state.columns }
  }
  const size = sizes[state.row] ?? 1
  let column = (state.columns[state.row] ?? 0) + by
  column = wrap ? (column + size) % size : Math.min(Math.max(column, 0), size - 1)
  const columns = [...state.columns]
  columns[state.row] = column
  return { row: state.row, columns }
}

/** How far a release must have travelled (share of the viewport) or how fast (px/ms) to turn the page. */
export const SWIPE_DISTANCE = 0.18
export const SWIPE_VELOCITY = 0.35
/** Movement before the axis is decided, in CSS pixels. */
export const AXIS_SLOP = 8
/** A wheel gesture ends after this long without wheel events. */
export const WHEEL_QUIET_MS = 250

/** Which way a released drag turns the page: -1, 0 or 1 (against the drag's direction). */
export const releaseStep = (distance: number, size: number, ms: number): -1 | 0 | 1 => {
  const fast = Math.abs(distance) > 20 && Math.abs(distance) / Math.max(ms, 1) > SWIPE_VELOCITY
  if (!fast && Math.abs(distance) < size * SWIPE_DISTANCE) return 0
  return distance < 0 ? 1 : -1
}

export interface SwipeOptions {
  viewport: HTMLElement
  track: HTMLElement
  rows: HTMLElement[]
  /** Called after every move with the cell that is now current. */
  onMove: (from: HTMLElement | undefined, to: HTMLElement, via: Via) => void
  /** Called when the visitor starts touching, wheeling or pressing keys (auto-advance waits). */
  onInteract: () => void
}

export const createSwipe = ({ viewport, track, rows, onMove, onInteract }: SwipeOptions) => {
  const cells = rows.map((row) => [...row.children] as HTMLElement[])
  const sizes = cells.map((row) => row.length)
  let state: SwipeState = { row: 0, columns: rows.map(() => 0) }
  const current = () => cells[state.row]![state.columns[state.row]!]!

  const apply = (next: SwipeState, via: Via) => {
    const from = current()
    state = next
    track.style.setProperty('--r', String(state.row))
    const column = state.columns[state.row]!
    rows[state.row]!.style.setProperty('--c', String(column))
    const to = current()
    if (to !== from || via === 'restore') onMove(via === 'restore' ? undefined : from, to, via)
  }

  const go = (axis: 'x' | 'y', by: number, via: Via, wrap = false) =>
    apply(step(state, sizes, axis, by, wrap), via)

  /** Moves straight to a cell element (menu jumps, restored positions). */
  const jump = (cell: HTMLElement | null, via: Via) => {
    const row = cells.findIndex((r) => cell && r.includes(cell))
    if (row < 0 || !cell) return false
    const columns = [...state.columns]
    columns[row] = cells[row]!.indexOf(cell)
    apply({ row, columns }, via)
    return true
  }

  // --- touch, pen and mouse drags -------------------------------------------------------------
  let drag: { id: number; x: number; y: number; t: number; axis?: 'x' | 'y'; el?: HTMLElement } | undefined
  let suppressClick = false

  const offset = (axis: 'x' | 'y', d: number) => {
    const at = axis === 'x' ? state.columns[state.row]! : state.row
    const last = axis === 'x' ? sizes[state.row]! - 1 : rows.length - 1
    // Past the first or last cell the content follows the finger at a third: a rubber band.
    return (d > 0 && at === 0) || (d < 0 && at === last) ? d / 3 : d
  }

  viewport.addEventListener('pointerdown', (e) => {
    if (!e.isPrimary || e.button !== 0) return
    suppressClick = false
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, t: e.timeStamp }
    onInteract()
  })
  viewport.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return
    const dx = e.clientX - drag.x
    const dy = e.clientY - drag.y
    if (!drag.axis) {
      if (Math.hypot(dx, dy) < AXIS_SLOP) return
      drag.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y'
      drag.el = drag.axis === 'x' ? rows[state.row]! : track
      drag.el.classList.add('dg')
      viewport.setPointerCapture?.(e.pointerId)
    }
    const d = drag.axis === 'x' ? dx : dy
    drag.el!.style.setProperty(drag.axis === 'x' ? '--dx' : '--dy', `${offset(drag.axis, d)}px`)
    e.preventDefault()
  })
  const release = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return
    const { axis, el } = drag
    if (axis && el) {
      const d = axis === 'x' ? e.clientX - drag.x : e.clientY - drag.y
      el.classList.remove('dg')
      el.style.removeProperty(axis === 'x' ? '--dx' : '--dy')
      suppressClick = true
      const size = axis === 'x' ? viewport.clientWidth : viewport.clientHeight
      const by = e.type === 'pointercancel' ? 0 : releaseStep(d, size, e.timeStamp - drag.t)
      if (by) go(axis, by, 'swipe')
    }
    drag = undefined
  }
  viewport.addEventListener('pointerup', release)
  viewport.addEventListener('pointercancel', release)
  // A drag that ends on a link or button is not a click on it.
  viewport.addEventListener(
    'click',
    (e) => {
      if (!suppressClick) return
      suppressClick = false
      e.preventDefault()
      e.stopPropagation()
    },
    true,
  )
  viewport.addEventListener('dragstart', (e) => e.preventDefault())

  // --- wheel: one step per gesture, on its dominant axis ---------------------------------------
  let wheelLocked = false
  let wheelTimer: ReturnType<typeof setTimeout> | undefined
  document.addEventListener(
    'wheel',
    (e) => {
      if (e.ctrlKey || (e.target as Element).closest?.('dialog,.dd,.bb')) return
      e.preventDefault()
      clearTimeout(wheelTimer)
      wheelTimer = setTimeout(() => {
        wheelLocked = false
      }, WHEEL_QUIET_MS)
      if (wheelLocked) return
      const dx = e.shiftKey && !e.deltaX ? e.deltaY : e.deltaX
      const dy = e.shiftKey ? 0 : e.deltaY
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 4) return
      wheelLocked = true
      onInteract()
      if (Math.abs(dx) > Math.abs(dy)) go('x', Math.sign(dx), 'wheel')
      else go('y', Math.sign(dy), 'wheel')
    },
    { passive: false },
  )

  // --- keyboard ----------------------------------------------------------------------------
  const KEYS: Record<string, ['x' | 'y', number]> = {
    ArrowDown: ['y', 1],
    PageDown: ['y', 1],
    ArrowUp: ['y', -1],
    PageUp: ['y', -1],
    ArrowRight: ['x', 1],
    ArrowLeft: ['x', -1],
  }
  document.addEventListener('keydown', (e) => {
    const key = KEYS[e.key]
    if (!key || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
    const target = e.target as Element
    if (target.closest?.('input,textarea,select,[contenteditable],[role=tablist],dialog,.dd')) return
    e.preventDefault()
    onInteract()
    go(key[0], key[1], 'key')
  })

  // Focus moving into a clipped cell would scroll the viewport natively; positions are ours.
  viewport.addEventListener(
    'scroll',
    (e) => {
      const el = e.target as HTMLElement
      if (el.scrollTop || el.scrollLeft) {
        el.scrollTop = 0
        el.scrollLeft = 0
      }
    },
    true,
  )

  return {
    go,
    jump,
    current,
    /** Row and column of the current cell and its neighbours' availability. */
    where: () => {
      const column = state.columns[state.row]!
      return {
        row: state.row,
        column,
        left: column > 0,
        right: column < sizes[state.row]! - 1,
        up: state.row > 0,
        down: state.row < rows.length - 1,
      }
    },
    /** The cells next to the current one (what to load next). */
    neighbours: () => {
      const column = state.columns[state.row]!
      const around = [
        cells[state.row]![column - 1],
        cells[state.row]![column + 1],
        cells[state.row - 1]?.[state.columns[state.row - 1]!],
        cells[state.row + 1]?.[state.columns[state.row + 1]!],
      ]
      return around.filter((c): c is HTMLElement => Boolean(c))
    },
    rowSize: () => sizes[state.row]!,
    cells: () => cells.flat(),
  }
}

/**
 * Where the island starts (SPEC §9): the link's explicit position (`?position=B2`, then `#B2`),
 * else the cell the page was rendered to open on (`<body data-start>`, issue 34 "message match":
 * the page already shows it, so starting there moves nothing), else where the visitor was (the
 * cookie, then local storage), else the first creative (undefined). The rendered start comes before
 * the remembered position: an ad's page keeps showing the ad's creative, which it painted first,
 * instead of swapping to where an earlier visit ended. Only a cell of this page counts (`isCell`).
 */
export const startingCell = (
  candidates: {
    query?: string | null | undefined
    hash?: string | undefined
    rendered?: string | undefined
    cookie?: string | undefined
    stored?: string | undefined
  },
  isCell: (position: string) => boolean,
): string | undefined =>
  [candidates.query, candidates.hash, candidates.rendered, candidates.cookie, candidates.stored].find(
    (p): p is string => Boolean(p && isCell(p)),
  )
