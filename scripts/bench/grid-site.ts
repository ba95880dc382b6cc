import { gridCells } from '@swipe/shared/site/cells'
import type { api } from '../../test/support/api.ts'
import { LARGEST_SITE } from '../../test/support/sites.ts'
import { confirmedKeys } from '../../test/support/uploads.ts'
import type { GridSize } from './context.ts'

/** The sites the benchmarks fill: the largest a plan allows, or a 2 × 2 one in one language (quick). */
export const benchSiteSize = (quick: boolean): GridSize =>
  quick ? { rows: 2, columns: 2, languages: ['JP'] } : LARGEST_SITE

/**
 * Every creative of a grid site as a save sends it (snake_case): language by language, cell by
 * cell, each with its own media key from `keys` (in that order) and `main_text` "<label> <lang> <cell>"
 * (test/support/sites.ts `largestSiteCreatives`, for any size).
 */
export const gridCreatives = (size: GridSize, keys: readonly string[], label: string) => {
  const cells = gridCells(size)
  return size.languages.flatMap((lang, l) =>
    cells.map((position, i) => ({
      lang,
      position,
      media_key: keys[l * cells.length + i],
      media_type: 'image',
      image_alt: `${lang} ${position}`,
      main_text: `${label} ${lang} ${position}`,
    })),
  )
}

/**
 * Creates a grid site through the API (empty), for the benchmarks that fill it: its id and version,
 * and one confirmed upload key per creative (`confirmedKeys`, bytes not stored).
 */
export const createGridSite = async (
  http: ReturnType<typeof api>,
  token: string,
  name: string,
  size: GridSize,
): Promise<{ siteId: string; version: number; keys: string[] }> => {
  const created = await http.post(
    '/site',
    {
      name,
      number_horizontal: size.columns,
      number_vertical: size.rows,
      languages: [...size.languages],
    },
    { token },
  )
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`)
  const siteId = created.body.global_setting.id as string
  const keys = await confirmedKeys(
    siteId,
    gridCreatives(size, [], '').map(() => 'jpg'),
  )
  return { siteId, version: created.body.version as number, keys }
}
