/**
 * How a swipe page's consent banner and its ad-tags file talk (./tags-vendors.ts): the banner stores
 * the visitor's choice under `CONSENT_STORAGE_KEY` and dispatches `CONSENT_EVENT` on `window` with
 * the choice as `detail`; the tags file reads the one and listens for the other. A module of its
 * own, with no dependency, so the page's island carries only these words.
 */
export const CONSENT_STORAGE_KEY = 'swipe-consent'
export const CONSENT_EVENT = 'swipe:consent'
export type ConsentChoice = 'granted' | 'denied'
