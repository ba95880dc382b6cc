import type { GlobalSetting } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'

/** Rows and columns a grid may have (the shared gridSchema's bounds; columns are the letters A–Z). */
export const MAX_ROWS = 100
export const MAX_COLUMNS = 26

type Grid = Pick<GlobalSetting, 'numberHorizontal' | 'numberVertical'>

/**
 * A new grid size (SPEC §4): the creative settings are cleared, and popup CTAs forget pages the new
 * grid no longer has.
 */
export const changeGrid = (draft: SiteDraft, grid: Partial<Grid>): SiteDraft => {
  const globalSetting = { ...draft.globalSetting, ...grid }
  const pages = globalSetting.numberHorizontal * globalSetting.numberVertical
  return {
    ...draft,
    creatives: [],
    globalSetting: {
      ...globalSetting,
      popupCtas: globalSetting.popupCtas.map((cta) =>
        cta.effectiveSheets.some((page) => page > pages)
          ? { ...cta, effectiveSheets: cta.effectiveSheets.filter((page) => page <= pages) }
          : cta,
      ),
    },
  }
}

/** A patch of the global setting. */
export const patchGlobal =
  (patch: Partial<GlobalSetting>) =>
  (draft: SiteDraft): SiteDraft => ({ ...draft, globalSetting: { ...draft.globalSetting, ...patch } })
