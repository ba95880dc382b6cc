/**
 * Members-only creatives on the swipe page: the page ships a lock and no media (docs/decisions.md
 * "Visitor site"); for a signed-in member the island asks the end-user API for the creative and
 * puts it where the lock was.
 */

import { MEMBER_HEADERS } from './endUser.ts'

/** The parts of the API's creative view (`creativeView`, snake_case on the wire) the page shows. */
interface MemberCreative {
  locked?: boolean
  media_type?: string
  media_url?: string | null
  image_alt?: string | null
  main_text?: string | null
}

/**
 * Asks `GET <api>/page/<cell>/private?lang=` (same origin: the browser adds the member's session
 * cookie, which no script can read) and replaces the cell's lock with the creative's image or
 * video and its main text, inside the same 351 × 535 frame (`.st`) as every creative, so nothing
 * moves. Texts go in as text. Resolves to the answer's status; the caller drops its sign-in hint
 * on a 401 (SPEC §8).
 */
export const openLockedCell = async (cell: HTMLElement, api: string, lang: string): Promise<number> => {
  const response = await fetch(
    // A cell id is a cell reference and `lang` a language segment: nothing to encode.
    `${api}/page/${cell.id}/private?lang=${lang}`,
    { headers: MEMBER_HEADERS, credentials: 'same-origin', cache: 'no-store' },
  )
  if (!response.ok) return response.status
  const { creative } = (await response.json()) as { creative?: MemberCreative }
  const lock = cell.querySelector('.lk')
  if (!lock || !creative || creative.locked || !creative.media_url) return response.status
  const stage = document.createElement('div')
  stage.className = 'st'
  const alt = creative.image_alt?.trim() ?? ''
  const media = document.createElement(creative.media_type === 'video' ? 'video' : 'img')
  // `.m` fills the frame the lock filled: nothing around it moves.
  media.className = 'm'
  if (media instanceof HTMLVideoElement) {
    // Controls instead of autoplay: the visitor starts it (and can pause it, WCAG 2.2.2).
    Object.assign(media, { muted: true, loop: true, playsInline: true, controls: true, preload: 'metadata' })
    if (alt) media.setAttribute('aria-label', alt)
  } else {
    Object.assign(media, { alt, decoding: 'async', draggable: false })
  }
  media.src = creative.media_url
  stage.append(media)
  if (creative.main_text?.trim()) {
    const overlay = document.createElement('div')
    overlay.className = 'ov'
    const text = overlay.appendChild(document.createElement('p'))
    text.className = 'tx'
    text.textContent = creative.main_text
    stage.append(overlay)
  }
  const focused = lock.contains(document.activeElement)
  lock.replaceWith(stage)
  if (focused) cell.focus({ preventScroll: true })
  return response.status
}
