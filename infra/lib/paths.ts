import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The monorepo root, found from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The one lock file of the npm workspaces; esbuild bundles against it. */
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json')

/** Handler sources: `functions/src/<context>/index.ts` is the Lambda of a bounded context. */
export const FUNCTIONS_SRC = join(REPO_ROOT, 'functions', 'src')
