/**
 * SPEC §3 Creative detail defaults, declared once (no zod here, so the visitor page's renderer and
 * the API's views can read them without the schemas): the site-builder schema, the Creatives
 * entity, the editor's new cell, the API's creative view and the published page all take them
 * from this object.
 */
export const CREATIVE_DEFAULTS = {
  isInternalLink: false,
  linkButtonColor: '#99D52A',
  linkTextColor: '#FFFFFF',
  snsConfig: false,
  showCompany: false,
  membersOnlyLock: false,
  hoverArrowColor: '#FFFFFF',
} as const
