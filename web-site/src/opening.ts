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

/**
 * The cells the page carries whole (docs/decisions/0074-first-screen-first.md): the opening cell
 * and the cells one move away from it, where a first swipe, key or arrow lands (client/swipe.ts:
 * left and right in its row; up and down to the first column of the rows above and below, where
 * every other row stands until visited). Their positions; every other cell is a placeholder of
 * the same size until the island fills it from the page's cells file.
 */
export const firstScreen = (model: Pick<PageModel, 'rows' | 'start'>): Set<string> => {
  const { row, column } = openingIndex(model)
  const at = (r: number, c: number) => model.rows[r]?.[c]?.position
  return new Set(
    [at(row, column), at(row, column - 1), at(row, column + 1), at(row - 1, 0), at(row + 1, 0)].filter(
      (p): p is string => p !== undefined,
    ),
  )
}
