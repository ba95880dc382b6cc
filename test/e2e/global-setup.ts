import { startTestStack } from '../support/stack.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
// The stack's handlers run in this process: every 2xx JSON answer is checked against its route's
// response schema, as in the integration tests (functions/src/edge/http.ts).
process.env.SWIPE_CONTRACT_CHECK = '1'

/**
 * The whole local stack with the admin console's production build (built once per run, served by
 * `vite preview`), on free ports. The URLs go to the test workers through the environment, which
 * Playwright passes on to them.
 */
export default async function globalSetup() {
  const stack = await startTestStack({ admin: true })
  process.stderr.write(`console build: ${((stack.adminBuildMs ?? 0) / 1000).toFixed(1)} s\n`)
  process.env.E2E_ADMIN_URL = stack.urls.admin
  process.env.E2E_API_URL = stack.urls.api
  process.env.E2E_MAIL_URL = stack.urls.mail
  process.env.E2E_EDGE_URL = stack.urls.edge
  // The ad platforms' conversion API stand-in (infra/local/ad-platforms), controlled over HTTP.
  process.env.E2E_AD_PLATFORMS_URL = stack.urls.adPlatforms
  // The handlers' clock offset (test/support/clock.ts): a spec may move the stack's clock forward.
  process.env.E2E_CLOCK_FILE = stack.clockFile
  // The console's production build this run serves (bench:console's quick mode measures it).
  process.env.E2E_ADMIN_BUILD_DIR = stack.adminDir ?? ''
  // The demo site, published by the seed through the same publisher as "save and publish".
  process.env.E2E_DEMO_SITE_URL = stack.seeded?.url ?? ''
  // What the seed made, for tests that fill route parameters with it (console-routes.spec.ts).
  process.env.E2E_SEEDED = JSON.stringify({
    accounts: stack.seeded?.accounts ?? {},
    siteId: stack.seeded?.site.siteId ?? '',
  })
  return async () => {
    await stack.stop()
  }
}
