import { vi } from 'vitest'

/*
 * The web project runs the console's test files without isolation (vitest.config.ts): a worker
 * keeps jsdom and the packages it loaded (React, antd, i18next) from one file to the next. This
 * first setup file gives each file what its own worker would: every module of ours loaded fresh
 * (i18n, the API client, stores), and the window's own getComputedStyle, language, title and
 * session storage (setup.ts and renderWithProviders.tsx replace getComputedStyle when loaded).
 */
vi.resetModules()

const jsdomGetComputedStyle = Symbol.for('swipe.test.jsdomGetComputedStyle')
const saved = globalThis as unknown as Record<symbol, typeof window.getComputedStyle | undefined>
window.getComputedStyle = saved[jsdomGetComputedStyle] ??= window.getComputedStyle
for (const name of document.documentElement.getAttributeNames())
  document.documentElement.removeAttribute(name)
document.title = ''
window.sessionStorage.clear()
