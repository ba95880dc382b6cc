import { StyleProvider } from '@ant-design/cssinjs'
import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router'
import { afterEach } from 'vitest'
import { AppProviders } from '../app/AppProviders.tsx'
import { routes as appRoutes } from '../app/routes.tsx'
import { i18n } from '../i18n/index.ts'
import { configureApi, resetApiState } from '../lib/api.ts'
import { authKeys } from '../lib/auth.ts'

/*
 * jsdom's getComputedStyle walks every stylesheet, and antd injects thousands of rules, which makes
 * each role query take seconds. Inline styles are enough for the visibility checks of Testing
 * Library (antd and rc-motion hide elements with inline `display: none`).
 */
window.getComputedStyle = (element: Element) =>
  element instanceof HTMLElement ? element.style : document.createElement('div').style

// Every file that renders through this helper starts each test in Japanese with a fresh API client.
afterEach(async () => {
  resetApiState()
  await i18n.changeLanguage('ja')
})

export interface RenderOptions {
  /** Where the memory router starts (a path or `{ pathname, search, state }`). */
  at?: InitialEntry
  /** Render one element at `at` instead of the console's routes. */
  ui?: ReactElement
  routes?: RouteObject[]
}

/**
 * Renders through the same providers as the app: a fresh QueryClient without retries, i18n, antd,
 * and a memory data router (data routers are what `useBlocker` needs). The API client navigates
 * with this router, as it does in the app.
 */
export const renderWithProviders = ({ at = '/', ui, routes }: RenderOptions = {}) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const routeList = ui ? [{ path: '*', element: ui }] : (routes ?? appRoutes)
  const router = createMemoryRouter(routeList, { initialEntries: [at] })
  configureApi({
    navigate: (to) => void router.navigate(to),
    currentPath: () => router.state.location.pathname,
    onUserInfo: (info) => queryClient.setQueryData(authKeys.userInfo(), info),
  })
  // No delay between keystrokes: antd re-renders on each one and the default pause adds up.
  const user = userEvent.setup({ delay: null })
  // antd's component styles are built but not written into the document (`mock="server"`): the
  // queries read inline styles only (above), and rc-util's style lookup walks every <style> of the
  // head through jsdom on each insert: 0.75× the console tests' time (docs/benchmarks.md, CI duration).
  const result = render(
    <StyleProvider mock="server">
      <AppProviders queryClient={queryClient} motion={false}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  )
  return { ...result, router, queryClient, user }
}
