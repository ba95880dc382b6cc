/**
 * `npm start`'s stand-in for the EventBridge Scheduler schedule of the custom-domain checker
 * (issue 19): every minute (`DOMAIN_CHECK_INTERVAL_MS`) it runs the same job in this process
 * (functions/src/sites/domains.ts `checkPendingDomains`): every domain still verifying is looked up
 * through the local DNS server, connected when its CNAME is right and its own TXT token
 * (`_swipe-challenge.<name>`, issue 29) is seen, given up after 72 hours. Claims stored before
 * issue 29 are migrated first (a token each).
 */
export const scheduleDomainChecks = (log: (line: string) => void): (() => void) => {
  const every = Number(process.env.DOMAIN_CHECK_INTERVAL_MS ?? 60_000)
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      const { checkPendingDomains } = await import('../../functions/src/sites/domains.ts')
      const { checkPendingOemDomains } = await import('../../functions/src/sites/oem-domains.ts')
      const outcome = await checkPendingDomains()
      const oem = await checkPendingOemDomains()
      outcome.checked += oem.checked
      outcome.active += oem.active
      outcome.failed += oem.failed
      if (outcome.active || outcome.failed)
        log(`domains: ${outcome.active} connected, ${outcome.failed} given up (${outcome.checked} checked)`)
    } catch (error) {
      log(`domains: the check failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running = false
    }
  }, every)
  timer.unref()
  return () => clearInterval(timer)
}
