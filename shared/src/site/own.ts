/** A record's own entry for a key that comes from stored data (never `constructor` and friends). */
export const own = <T>(record: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined =>
  key != null && Object.hasOwn(record, key) ? record[key] : undefined
