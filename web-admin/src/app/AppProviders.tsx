import { AntdHost } from './AntdHost.tsx'
import { createQueryClient, RootProviders, type RootProvidersProps } from './RootProviders.tsx'

export { createQueryClient }
export type AppProvidersProps = RootProvidersProps

/**
 * The root providers with antd's host around everything, for rendering single screens in tests
 * (the app itself mounts `AntdHost` per route, see `routes.tsx`).
 */
export const AppProviders = ({ queryClient, children, motion = true }: AppProvidersProps) => (
  <RootProviders queryClient={queryClient} motion={motion}>
    <AntdHost>{children}</AntdHost>
  </RootProviders>
)
