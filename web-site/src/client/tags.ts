/**
 * The page's own events for the site's ad tags (shared/src/site/tags-vendors.ts `PRODUCT_EVENTS`):
 * handed to the tags file's `window.swipeTags.track`, which maps each to every enabled vendor's
 * event with one event id per occurrence, and drops it before consent. A page without ad tags has
 * no `swipeTags`: nothing happens.
 */
export type TagEvent =
  | 'cellReached'
  | 'linkClick'
  | 'ctaClick'
  | 'contactSent'
  | 'homepageFormSent'
  | 'memberRegistered'

type SwipeTags = { track: (event: TagEvent, eventId: string, data?: Record<string, unknown>) => unknown }

/** A new id for one occurrence (shared by the browser's call and, later, the server's). */
export const newEventId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

const tagsOfPage = () => (window as unknown as { swipeTags?: SwipeTags }).swipeTags

/** Events that happened while the tags file was on its way, in order. */
let waiting: [TagEvent, string, Record<string, unknown> | undefined][] | undefined

const send = (tags: SwipeTags, event: TagEvent, id: string, data?: Record<string, unknown>) => {
  try {
    tags.track(event, id, data)
  } catch {
    // A vendor's failure never breaks the page.
  }
}

/**
 * Loads the page's tags file (`src`, from `data-tags` on <body>) once the page is up: the swipe
 * page's island calls this after the first paint, so the tags (and, after consent, the vendors'
 * loaders) never compete with the first creative. Events until it has run wait for it; the file
 * itself drops them without consent.
 */
export const loadTags = (src: string | undefined): void => {
  if (!src || waiting) return
  waiting = []
  const script = document.createElement('script')
  script.src = src
  script.async = true
  const flush = () => {
    const tags = tagsOfPage()
    const queued = waiting ?? []
    waiting = undefined
    if (tags) for (const [event, id, data] of queued) send(tags, event, id, data)
  }
  script.addEventListener('load', flush)
  script.addEventListener('error', flush)
  document.head.append(script)
}

/**
 * Reports one occurrence of `event` to the ad tags, if the page has them; answers its event id.
 * `id`: the id the occurrence already has (a form's conversion sent it to the server too, which
 * sends it on to the platforms: the browser's and the server's events are deduplicated by it).
 */
export const tagEvent = (
  event: TagEvent,
  data?: Record<string, unknown>,
  id = newEventId(),
): string | undefined => {
  const tags = tagsOfPage()
  if (!tags && !waiting) return undefined
  if (tags) send(tags, event, id, data)
  else waiting?.push([event, id, data])
  return id
}
