import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

/**
 * The jsdom tests that run each file in its own worker (the web-isolated project): the visitor
 * site's, which write whole pages into the document; the console's that replace a module with
 * vi.mock; and the toasts', whose fake clock drives antd's own timers (antd stays loaded between
 * files of a worker, and once failed there after another file).
 */
const WEB_ISOLATED = [
  'web-site/src/**/*.test.{ts,tsx}',
  'web-admin/src/features/errors/RouteErrorPage.test.tsx',
  'web-admin/src/features/analytics/AnalyticsPage.test.tsx',
  'web-admin/src/lib/toast.test.tsx',
]

/**
 * One config, six projects; `npm test` runs them in two lanes side by side (package.json,
 * scripts/run-parallel.mjs).
 */
export default defineConfig({
  test: {
    // The machines run Node 20 while Lambda runs Node 22 (ARCHITECTURE.md); the SDK's notice about it is noise here.
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      // Every 2xx JSON answer is checked against its route's response schema (functions/src/edge/http.ts).
      SWIPE_CONTRACT_CHECK: '1',
    },
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, the other
    // core idle while the unit, web and site files ran one after another. Two workers run them
    // side by side (the main process only schedules); integration and infra keep one (below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web-admin/scripts/**/*.test.ts',
          ],
          setupFiles: ['test/support/unit-setup.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web-admin/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
          environment: 'jsdom',
          setupFiles: ['web-admin/src/test/fresh-modules.ts', 'web-admin/src/test/setup.ts'],
          // A worker keeps its jsdom, React and antd from one console test file to the next instead
          // of building them again for each (`npm run ci:times -- web`: about half the project's CPU);
          // fresh-modules.ts gives each file fresh modules of ours and a reset window, setup.ts resets
          // the DOM, storage, timers and mocks after each test.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          include: WEB_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['web-admin/src/test/setup.ts'],
        },
      },
      {
        // web-site's build checks, which need Node (esbuild refuses jsdom's TextEncoder).
        test: {
          name: 'site',
          include: ['web-site/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          environment: 'node',
          // The stack's handlers run in the main process: one test file at a time beside it, in
          // one worker that keeps its modules from file to file (the functions' modules, the SDK
          // clients and ElectroDB's entities load once instead of once per file: 0.70× the
          // project's time). A file that overrides the environment gets fresh modules and puts
          // everything back after it (test/support/env.ts `useStackEnv`); mocks are restored by
          // the files that make them.
          maxWorkers: 1,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          // Each file synthesises the CDK app and bundles every function: one at a time, in one
          // worker without isolation, so the files share the dev and prod synths
          // (infra/test/support.ts `devStage`, `prodStage`) and the loaded CDK library.
          maxWorkers: 1,
          isolate: false,
          testTimeout: 300_000,
        },
      },
    ],
  },
})
