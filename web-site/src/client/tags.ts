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

/** Reports one occurrence of `event` to the ad tags, if the page has them; answers its event id. */
export const tagEvent = (event: TagEvent, data?: Record<string, unknown>): string | undefined => {
  const tags = (window as unknown as { swipeTags?: SwipeTags }).swipeTags
  if (!tags) return undefined
  const id = newEventId()
  try {
    tags.track(event, id, data)
  } catch {
    // A vendor's failure never breaks the page.
  }
  return id
}
