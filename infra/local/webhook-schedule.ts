/**
 * `npm start`'s stand-in for the EventBridge Scheduler schedule of the webhook retry sweep
 * (issue 21; infra/lib/webhooks.ts): every minute (`WEBHOOK_SWEEP_INTERVAL_MS`) it runs the same
 * sweep in this process (functions/src/lib/site-webhooks.ts `sweepDueDeliveries`): every PENDING
 * delivery that is due is attempted again, given up 24 hours after its event.
 */
export const scheduleWebhookSweep = (log: (line: string) => void): (() => void) => {
  const every = Number(process.env.WEBHOOK_SWEEP_INTERVAL_MS ?? 60_000)
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      const { sweepDueDeliveries } = await import('../../functions/src/lib/site-webhooks.ts')
      const outcome = await sweepDueDeliveries()
      if (outcome.attempted)
        log(
          `webhooks: ${outcome.attempted} attempted, ${outcome.delivered} delivered, ${outcome.failed} given up`,
        )
    } catch (error) {
      log(`webhooks: the sweep failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running = false
    }
  }, every)
  timer.unref()
  return () => clearInterval(timer)
}
