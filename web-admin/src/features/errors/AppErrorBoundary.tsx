import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isChunkLoadError } from '../../lib/chunkError.ts'
import { ComponentLoadErrorPage, GenericErrorPage } from './ErrorPages.tsx'

interface State {
  error: unknown
}

/** Last line of defence around the router and providers. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack)
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children
    return isChunkLoadError(this.state.error) ? <ComponentLoadErrorPage /> : <GenericErrorPage />
  }
}
