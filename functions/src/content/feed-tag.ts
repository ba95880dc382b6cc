import { createHash } from 'node:crypto'

/**
 * The bell's ETag without a table read (docs/decisions/0044-notifications.md). What a reader's feed shows
 * changes only when (a) a notification of its audience is written (the audience's version), (b) a
 * scheduled start or an end date of its audience passes (the audience's instants), or (c) the
 * reader marks something read (the reader's version). The tag hashes those with the reader and
 * the language; the versions are kept in this Lambda's memory for a short time, so a poll that
 * finds its tag unchanged is answered 304 from memory. A stale memory never hides a change for
 * longer than `ttlMs`: versions only grow, so a tag the client already holds from a newer state
 * never matches an older one (that poll just reads the table and refreshes the memory).
 */

export interface AudienceState {
  version: number
  /** ISO instants, ascending: scheduled starts and end dates still ahead when last written. */
  instants: readonly string[]
}

export interface ReaderState {
  version: number
}

interface Entry<T> {
  value: T
  loadedAt: number
}

/** A small time-bounded memo of one kind of state, by key. */
export class StateMemo<T> {
  private readonly entries = new Map<string, Entry<T>>()
  constructor(
    private readonly load: (key: string) => Promise<T>,
    private readonly ttlMs: number,
    private readonly clock: () => number,
    private readonly maxEntries = 5000,
  ) {}

  /** The remembered value while fresh, else a fresh load (remembered). */
  async get(key: string): Promise<T> {
    const entry = this.entries.get(key)
    if (entry && this.clock() - entry.loadedAt < this.ttlMs) return entry.value
    return this.refresh(key)
  }

  /** Always loads, and remembers what it loaded. */
  async refresh(key: string): Promise<T> {
    const value = await this.load(key)
    this.set(key, value)
    return value
  }

  /** Remembers a value this Lambda just wrote. */
  set(key: string, value: T): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, loadedAt: this.clock() })
  }
}

/** The latest instant at or before `now` (ms), or '' when none has passed. */
export const passedEpoch = (instants: readonly string[], now: number): string => {
  let epoch = ''
  for (const instant of instants) {
    if (Date.parse(instant) <= now) epoch = instant
    else break
  }
  return epoch
}

/** The feed's entity tag for one reader, language and page. */
export const feedTag = (input: {
  accountId: string
  locale: string
  page: string
  audience: AudienceState | undefined
  reader: ReaderState
  now: number
}): string => {
  const audience = input.audience
    ? `${input.audience.version}:${passedEpoch(input.audience.instants, input.now)}`
    : 'none'
  const hash = createHash('sha256')
    .update([input.accountId, input.locale, input.page, audience, input.reader.version].join('|'))
    .digest('base64url')
    .slice(0, 27)
  return `"${hash}"`
}

/** Whether an If-None-Match header names this tag (a list, weak tags and `*` included). */
export const matchesTag = (header: string | undefined, tag: string): boolean => {
  if (!header) return false
  return header.split(',').some((part) => {
    const candidate = part.trim().replace(/^W\//, '')
    return candidate === '*' || candidate === tag
  })
}
