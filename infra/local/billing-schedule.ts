/**
 * `npm start`'s stand-in for the EventBridge Scheduler schedule of the monthly closing run
 * (infra/lib/billing.ts): at 00:00 JST on the 1st it runs the same job (functions/src/billing
 * `closeMonth` of the month that just ended) in this process. Timers wait at most a day at a time
 * (Node's timers stop at ~24.8 days) and re-check the clock.
 */
const DAY_MS = 86_400_000

export const scheduleBillingClose = (log: (line: string) => void): (() => void) => {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const arm = async () => {
    const { monthStart, nextMonth, jstMonth } = await import('@swipe/shared/billing/months')
    if (stopped) return
    const due = monthStart(nextMonth(jstMonth(Date.now())))
    const wait = Math.min(due - Date.now(), DAY_MS)
    timer = setTimeout(
      async () => {
        if (stopped) return
        if (Date.now() >= due) {
          const { closeMonth, monthToClose } = await import('../../functions/src/billing/close.ts')
          const month = monthToClose(Date.now())
          try {
            const result = await closeMonth(month)
            log(
              `billing: closed ${month}: ${result.issued.length} issued, ${result.existing} already issued, ${result.failed.length} failed`,
            )
          } catch (error) {
            log(`billing: closing ${month} failed: ${error instanceof Error ? error.message : String(error)}`)
          }
        }
        void arm()
      },
      Math.max(0, wait),
    )
    timer.unref()
  }
  void arm()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
  }
}
