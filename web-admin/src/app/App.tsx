import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary.tsx'
import { configureApi } from '../lib/api.ts'
import { authKeys } from '../lib/auth.ts'
import { createQueryClient, RootProviders } from './RootProviders.tsx'
import { routes } from './routes.tsx'

// One router and one query client for the page's lifetime, created outside React so that
// StrictMode's double rendering cannot wire the API client to a router that is not shown.
const router = createBrowserRouter(routes)
const queryClient = createQueryClient()

configureApi({
  navigate: (to) => void router.navigate(to),
  currentPath: () => router.state.location.pathname,
  onUserInfo: (info) => queryClient.setQueryData(authKeys.userInfo(), info),
})

export const App = () => (
  <RootProviders queryClient={queryClient}>
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  </RootProviders>
)
