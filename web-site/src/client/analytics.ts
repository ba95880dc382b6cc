/**
 * The island's analytics plumbing (docs/decisions/0032-analytics-collection.md): events are queued and
 * sent in batches the endpoint accepts (a JSON array of at most 50 events and 16 KB), the time
 * spent on each creative is measured while the page is visible, and a click that is about to
 * replace the page is recognised, so what is queued goes while the page is still there. No DOM
 * here, so it is tested alone.
 */

/** What one request may carry (the endpoint refuses more: 400 beyond 50 events, 413 beyond 16 KB). */
export const MAX_EVENTS = 50
export const MAX_BYTES = 16 * 1024
/** The server counts a longer dwell as this long (30 minutes): a tab left open is not attention. */
export const MAX_DWELL_MS = 30 * 60_000
/** Events wait this long for others to share their request; leaving the page sends them at once. */
export const FLUSH_MS = 5_000

export type AnalyticsEvent = Record<string, unknown>

const bytes = (text: string) => new TextEncoder().encode(text).length

/**
 * Request bodies for queued events, in order: JSON arrays of at most `maxEvents` events and
 * `maxBytes` bytes each. An event too large for a request of its own is dropped (it would only be
 * refused, and take the others with it).
 */
export const batches = (
  events: readonly AnalyticsEvent[],
  maxEvents = MAX_EVENTS,
  maxBytes = MAX_BYTES,
): string[] => {
  const bodies: string[] = []
  let parts: string[] = []
  let size = 2 // the brackets
  const close = () => {
    if (parts.length) bodies.push(`[${parts.join(',')}]`)
    parts = []
    size = 2
  }
  for (const event of events) {
    const json = JSON.stringify(event)
    const length = bytes(json)
    if (length + 2 > maxBytes) continue
    if (parts.length >= maxEvents || size + length + (parts.length ? 1 : 0) > maxBytes) close()
    size += length + (parts.length ? 1 : 0)
    parts.push(json)
  }
  close()
  return bodies
}

/**
 * A queue that sends its events `delayMs` after the first of them arrived, at once when a request
 * is full, and whenever `flush` is called (the page is hidden or left).
 */
export const createQueue = (send: (body: string) => void, delayMs = FLUSH_MS) => {
  let queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const events = queue
    queue = []
    for (const body of batches(events)) send(body)
  }
  const push = (event: AnalyticsEvent) => {
    queue.push(event)
    if (queue.length >= MAX_EVENTS) flush()
    else timer ??= setTimeout(flush, delayMs)
  }
  return { push, flush, size: () => queue.length }
}

/** Time on one creative, whole milliseconds within 0 … 30 minutes. */
export const clampDwell = (ms: number) => Math.min(Math.max(Math.round(ms), 0), MAX_DWELL_MS)

export interface Dwell {
  position: string
  durationMs: number
}

/**
 * Dwell accounting: the clock runs on the current creative while the page is visible. Leaving a
 * creative, or hiding the page, ends a dwell and answers it; showing the page again starts a new
 * one on the same creative.
 */
export const createDwell = () => {
  let position: string | undefined
  /** When the running dwell started; undefined while the page is hidden. */
  let since: number | undefined
  const stop = (now: number): Dwell | undefined => {
    const started = since
    since = undefined
    return position !== undefined && started !== undefined
      ? { position, durationMs: clampDwell(now - started) }
      : undefined
  }
  return {
    /** The visitor arrived at `to`: the dwell on the creative left, if one was running. */
    enter: (to: string, now: number, visible = true): Dwell | undefined => {
      const left = stop(now)
      position = to
      since = visible ? now : undefined
      return left
    },
    /** The page was hidden or left: the dwell so far, if one was running; the clock stops. */
    pause: stop,
    /** The page is visible again: a new dwell starts on the same creative. */
    resume: (now: number) => {
      if (position !== undefined && since === undefined) since = now
    },
  }
}

/** What of a click decides whether the browser follows its link in this tab. */
export interface ClickLike {
  button: number
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
  defaultPrevented: boolean
}

/** A link as the click found it (an `<a>`): its resolved address, its target, its attributes. */
export interface LinkLike {
  href: string
  target: string
  hasAttribute: (name: string) => boolean
}

/** Targets that load the link where the page is (the visitor page is the top-level document). */
const SAME_TAB = new Set(['', '_self', '_top', '_parent'])

/**
 * Whether a click replaces the page at `here`: a plain primary click nobody cancelled, on an
 * http(s) link that opens in this tab, is no download, and is not a jump within the same
 * document (`#…`). Such a click is the last moment the page can send what it has queued as its
 * own request: a beacon sent while it unloads leaves as the browser's (an emulated phone's then
 * carries the browser's own user agent, a headless one's a robot's) and may be dropped (issue 30).
 */
export const leavesPage = (click: ClickLike, link: LinkLike | null | undefined, here: string): boolean => {
  if (!link || click.defaultPrevented || click.button !== 0) return false
  if (click.ctrlKey || click.metaKey || click.shiftKey || click.altKey) return false
  if (!SAME_TAB.has(link.target.toLowerCase()) || link.hasAttribute('download')) return false
  let to: URL
  let from: URL
  try {
    to = new URL(link.href, here)
    from = new URL(here)
  } catch {
    return false
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return false
  const withoutHash = (url: URL) => url.href.slice(0, url.href.length - url.hash.length)
  return !(to.hash && withoutHash(to) === withoutHash(from))
}
