/** How long one round of dependency checks answers readiness (issue 14: at most one per 10 s). */
export const READINESS_TTL_MS = 10_000

/**
 * `round`'s answer shared for `ttlMs` from the start of the round that produced it: callers within
 * that time get it again, callers while a round runs wait for that round, so however many requests
 * arrive, the dependencies see at most one round per `ttlMs` (per running instance). `now` is the
 * clock (injectable for tests).
 */
export const sharedRound = <T extends { checkedAt: number }>(
  round: () => Promise<T>,
  { ttlMs = READINESS_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
) => {
  let last: T | undefined
  let running: Promise<T> | undefined
  return (): Promise<T> => {
    if (last && now() - last.checkedAt < ttlMs) return Promise.resolve(last)
    running ??= round()
      .then((result) => {
        last = result
        return result
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
}
