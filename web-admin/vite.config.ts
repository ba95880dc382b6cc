import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The console listens on 127.0.0.1 so browser tests and the local stack find it at a fixed address. */
const port = Number(process.env.ADMIN_PORT ?? 5173)

export default defineConfig({
  // Pinned so `vite build --config web-admin/vite.config.ts` works from the repository root too.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
})
