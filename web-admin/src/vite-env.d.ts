/** Build-time settings read by the console (see .env files next to vite.config.ts). */
interface ImportMetaEnv {
  /** Base URL of the API, e.g. http://localhost:3000/api/v1 (the default). */
  readonly VITE_API_URL?: string
}
