/**
 * The visitor site's server entry (ARCHITECTURE decision 4): the publisher calls
 * `renderSitePages` with a loaded site and writes the files it returns into the release, copying
 * the media `publicMediaKeys` names.
 */

export { FIRST_WINDOW_BYTES, fitsFirstWindow } from './first-window.ts'
export { siteLanguages } from './model.ts'
export {
  CACHE_CONTROL,
  clientScriptPath,
  formsScriptPath,
  inlineCandidates,
  publicMediaKeys,
  renderSitePages,
  renderSwipePage,
  swipePagePath,
} from './render.tsx'
export type * from './types.ts'
