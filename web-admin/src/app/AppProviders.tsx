import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import type { ReactNode } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { antdLocale, i18n } from '../i18n/index.ts'
import { TOAST_CONFIG } from '../lib/toast.ts'

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  })

/** antd follows the interface language: date pickers, pagination and empty states change with it. */
const LocalizedAntd = ({ children, motion }: { children: ReactNode; motion: boolean }) => {
  const { i18n: instance } = useTranslation()
  // Loaded with the language's texts (i18n/index.ts), so it is there whenever the language is.
  const locale = antdLocale(instance.language)
  return (
    <ConfigProvider
      locale={locale}
      button={{ autoInsertSpace: false }}
      theme={motion ? undefined : { token: { motion: false } }}
    >
      <AntApp notification={TOAST_CONFIG} message={{ duration: 3, maxCount: 1 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  )
}

export interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** Animations on (default); tests turn them off because jsdom never ends a CSS transition. */
  motion?: boolean
}

/** Everything a screen needs around it: server state, translations and antd. */
export const AppProviders = ({ queryClient, children, motion = true }: AppProvidersProps) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <LocalizedAntd motion={motion}>{children}</LocalizedAntd>
    </I18nextProvider>
  </QueryClientProvider>
)
