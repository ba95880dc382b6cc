import { test as base } from '@playwright/test'

/** Tests get the running stack's URLs; `page` starts at the admin console. */
export const test = base.extend<{
  urls: { admin: string; api: string; mail: string; edge: string; adPlatforms: string }
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  urls: async ({}, use) => {
    await use({
      admin: process.env.E2E_ADMIN_URL!,
      api: process.env.E2E_API_URL!,
      mail: process.env.E2E_MAIL_URL!,
      edge: process.env.E2E_EDGE_URL!,
      adPlatforms: process.env.E2E_AD_PLATFORMS_URL!,
    })
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_ADMIN_URL)
  },
})

export { expect } from '@playwright/test'
