import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/** The console listens on 127.0.0.1 so browser tests and the local stack find it at a fixed address. */
const port = Number(process.env.ADMIN_PORT ?? 5173)

const SHARED_SOURCE = /[\\/]shared[\\/]src[\\/]/
/** antd's component packages: pure ES modules, but without the `sideEffects` flag antd itself has. */
const RC_COMPONENTS = /[\\/]node_modules[\\/]@rc-component[\\/]/
const PURE = (id: string) => SHARED_SOURCE.test(id) || RC_COMPONENTS.test(id)

/**
 * `@swipe/shared` is one barrel over pure modules (constants, functions, zod schemas). Without a
 * `sideEffects` flag the bundler keeps every module the barrel names, because building a zod
 * schema is a call; marked side-effect free, a screen gets only what it uses, and zod stays out of
 * every chunk that validates nothing (the login page's first load, issue 14).
 */
const sharedIsPure = (): Plugin => ({
  name: 'swipe:shared-is-pure',
  // Tree-shaking is the build's; in dev it would only get in the way of Vite's dependency scan.
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer) return null
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
    if (!resolved || !PURE(resolved.id)) return resolved
    return { ...resolved, moduleSideEffects: false }
  },
})

export default defineConfig({
  // Pinned so `vite build --config web-admin/vite.config.ts` works from the repository root too.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [sharedIsPure(), react()],
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
})
