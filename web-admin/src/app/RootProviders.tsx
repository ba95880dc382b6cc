import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../i18n/index.ts'
import { MotionContext } from './motion.ts'

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  })

export interface RootProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** Animations on (default); tests turn them off because jsdom never ends a CSS transition. */
  motion?: boolean
}

/**
 * What every screen needs around it: server state and translations. antd's configuration and
 * toast/modal host (`AntdHost`) is not here: the console layout and the public screens that toast
 * mount it (`routes.tsx`), so /login, drawn with plain elements, does not download antd (issue 14).
 */
export const RootProviders = ({ queryClient, children, motion = true }: RootProvidersProps) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <MotionContext.Provider value={motion}>{children}</MotionContext.Provider>
    </I18nextProvider>
  </QueryClientProvider>
)
