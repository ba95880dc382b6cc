import { randomUUID } from 'node:crypto'
import type { SiteStatus } from '@swipe/shared'
import { gridCells } from '@swipe/shared/site/cells'
import type { TestAccount } from './accounts.ts'
import type { api } from './api.ts'
import { confirmedKeys } from './uploads.ts'

/** A site as a test stored it. */
export interface StoredSite {
  id: string
  uuid: string
  name: string
  status: SiteStatus
  owner: TestAccount
  createdAt?: number
  publishedAt?: number
}

/**
 * A site stored straight through the entity (a 2 × 3 grid, Japanese), for tests that need what
 * the API would not take or stamp itself: exact created and published instants, a name with
 * control characters. Requires the stack env (useStackEnv).
 */
export const storeSite = async (
  site: Omit<StoredSite, 'id' | 'uuid' | 'status'> & { status?: SiteStatus },
): Promise<StoredSite> => {
  // Through the create's transaction (no plan limit here), so the owner's counts include it.
  const { createSiteInSlot } = await import('../../functions/src/domain/plans.ts')
  const stored = { ...site, status: site.status ?? 'DRAFT', id: randomUUID(), uuid: randomUUID() }
  await createSiteInSlot(
    { quantitySite: Number.MAX_SAFE_INTEGER },
    {
      siteId: stored.id,
      ownerId: site.owner.accountId,
      tenantIds: [...site.owner.ancestorIds, site.owner.accountId],
      siteUuid: stored.uuid,
      name: site.name,
      status: stored.status,
      numberHorizontal: 2,
      numberVertical: 3,
      languages: ['JP'],
      ...(site.createdAt === undefined ? {} : { createdAt: site.createdAt }),
      ...(site.publishedAt === undefined ? {} : { publishedAt: site.publishedAt }),
    },
  )
  return stored
}

/** The largest site any plan allows (pro_multi): 10 × 10 cells in every language. */
export const LARGEST_SITE = {
  rows: 10,
  columns: 10,
  languages: ['JP', 'EN', 'CN', 'KR'] as const,
}
/** Its cells, row by row (A1 … J10). */
export const LARGEST_CELLS = gridCells(LARGEST_SITE)

/** A grid site's size: rows × columns cells in each language. */
export interface GridSize {
  rows: number
  columns: number
  languages: readonly string[]
}

/**
 * Every creative of a grid site as a save sends it (snake_case): language by language, cell by
 * cell, each with its own media key from `keys` (in that order) and `main_text` "<label> <lang> <cell>".
 */
export const gridSiteCreatives = (size: GridSize, keys: readonly string[], label: string) => {
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

/** `gridSiteCreatives` of the largest site. */
export const largestSiteCreatives = (keys: readonly string[], label: string) =>
  gridSiteCreatives(LARGEST_SITE, keys, label)

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
    gridSiteCreatives(size, [], '').map(() => 'jpg'),
  )
  return { siteId, version: created.body.version as number, keys }
}
