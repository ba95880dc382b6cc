/**
 * The visitor site's server entry (ARCHITECTURE decision 4): the publisher calls
 * `renderSitePages` with a loaded site and writes the files it returns into the release, copying
 * the media `publicMediaKeys` names.
 */

export { fitsFirstWindow } from './first-window.ts'
export {
  CACHE_CONTROL,
  clientScriptPath,
  formsScriptPath,
  inlineCandidates,
  publicMediaKeys,
  renderSitePages,
} from './render.tsx'
export type * from './types.ts'
