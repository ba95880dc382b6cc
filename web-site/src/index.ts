/**
 * The visitor site's server entry (ARCHITECTURE decision 4): the publisher calls
 * `renderSitePages` with a loaded site and writes the files it returns into the release, copying
 * the media `publicMediaKeys` names.
 */

export { cellReference, parseCell } from './lib/cells.ts'
export { countdownText } from './lib/countdown.ts'
export { isCtaActive, remainingSlots } from './lib/cta.ts'
export { HTML_LANGS, LANGUAGE_SEGMENTS, languageOfSegment } from './lib/languages.ts'
export { siteUrl } from './lib/urls.ts'
export {
  CACHE_CONTROL,
  clientScriptPath,
  formsScriptPath,
  publicMediaKeys,
  renderSitePages,
} from './render.tsx'
export type * from './types.ts'
