import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/** One config, five projects; `npm test` runs them in order (see package.json). */
export default defineConfig({
  test: {
    // The machines run Node 20 while Lambda runs Node 22 (ARCHITECTURE.md); the SDK's notice about it is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'infra/local/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web-admin/src/**/*.test.{ts,tsx}', 'web-site/src/**/*.test.{ts,tsx}'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
    ],
  },
})
