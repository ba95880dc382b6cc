import { randomBytes } from 'node:crypto'

/**
 * A time-ordered id: the UTC instant to the millisecond (`20261130T051502123Z`), then random hex.
 * Ids sort in the order they were made, so a partition's items (releases, versions, publish
 * requests, notices) read oldest or newest first by their sort key.
 */
export const timeOrderedId = (at: number): string =>
  `${new Date(at).toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`
