/** What ElectroDB answers for a write transaction: whether it was cancelled, and why, per action. */
export interface TransactionOutcome {
  canceled: boolean
  data: ReadonlyArray<{ code: string }>
}

/** How often a transaction is tried while it keeps losing to concurrent ones. */
export const TRANSACTION_ATTEMPTS = 8

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a transaction again while DynamoDB cancels it for `TransactionConflict` (another
 * transaction was changing one of its items at that moment: DynamoDB cancels rather than queues),
 * with jittered exponential backoff; resolves with the first outcome that is not such a conflict,
 * or the last one. Any other cancellation (a failed condition) is the caller's to read.
 */
export const retryOnConflict = async <T extends TransactionOutcome>(
  attempt: () => Promise<T>,
  {
    attempts = TRANSACTION_ATTEMPTS,
    sleep = pause,
    random = Math.random,
  }: { attempts?: number; sleep?: (ms: number) => Promise<void>; random?: () => number } = {},
): Promise<T> => {
  for (let round = 1; ; round += 1) {
    const outcome = await attempt()
    const conflict = outcome.canceled && outcome.data.some((item) => item.code === 'TransactionConflict')
    if (!conflict || round >= attempts) return outcome
    await sleep(random() * 20 * 2 ** Math.min(round, 5))
  }
}
