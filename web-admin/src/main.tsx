import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { startI18n } from './i18n/index.ts'
import { lazyTexts } from './i18n/lazy.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// The router starts loading the route's chunk as App is imported; the interface language's texts
// load beside it, and the first render waits for them (a failed load still renders, with keys).
void startI18n(lazyTexts).finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
