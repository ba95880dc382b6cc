import type { CellModel, PageModel } from './model.ts'

/**
 * The creative a swipe page opens on (issue 34 "message match", `PublishInput.startCell`). Types
 * only from the model, so the blocks the console also loads can use it.
 */

/**
 * Where the page opens in its rows: the row's index in `model.rows` and the cell's index in that
 * row (empty cells are left out of both, so B2 of a grid without A2 is not at 1, 1). The start cell
 * when the page has one, else the first creative (0, 0).
 */
export const openingIndex = (model: Pick<PageModel, 'rows' | 'start'>): { row: number; column: number } => {
  if (model.start)
    for (const [row, cells] of model.rows.entries()) {
      const column = cells.findIndex((c) => c.position === model.start)
      if (column >= 0) return { row, column }
    }
  return { row: 0, column: 0 }
}

/**
 * The creative the page paints first: the start cell (`PageModel.start`), else the first creative.
 * It gets the first creative's treatment (eager, high priority, preloaded or carried inside, a
 * video's poster and autoplay); the SEO description and link preview stay the first creative's.
 */
export const openingCell = (model: Pick<PageModel, 'rows' | 'start'>): CellModel | undefined => {
  const { row, column } = openingIndex(model)
  return model.rows[row]?.[column]
}
