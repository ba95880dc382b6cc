import { type GridSize, LARGEST_SITE } from '../../test/support/sites.ts'

/** The sites the benchmarks fill: the largest a plan allows, or a 2 × 2 one in one language (quick). */
export const benchSiteSize = (quick: boolean): GridSize =>
  quick ? { rows: 2, columns: 2, languages: ['JP'] } : LARGEST_SITE
