import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { bundledTexts } from '../i18n/bundled.ts'
import { startI18nBundled } from '../i18n/index.ts'

/**
 * Shared by every jsdom test (web-admin and web-site): cleans the DOM and storage between tests
 * and adds the browser APIs antd needs that jsdom lacks.
 */

// The console loads texts per language and feature; tests hold them all from the start, in Japanese.
startI18nBundled(bundledTexts, 'ja')

// antd screens are heavy in jsdom and routes load lazily: give findBy* and each test more time.
// These limits only stop a test that hangs; they are not speed checks. A screen that appears in
// 1–2 s on an idle machine took over 5 s (findBy) and 20 s (a test) when the 2 cores were shared
// with other suites, and a test that times out keeps typing into the next test's screen.
// The hooks (unmounting a screen, resetting the API client and the language) share the limit:
// under the same load an afterEach took over vitest's default 10 s.
configure({ asyncUtilTimeout: 15_000 })
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  })
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}

// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const getComputedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => getComputedStyle(element)

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
