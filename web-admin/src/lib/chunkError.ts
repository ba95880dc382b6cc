/**
 * Whether an error means a lazily loaded screen could not be fetched, typically because a new
 * release replaced the old chunk files. Browsers word it differently; these are the known phrasings.
 */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
]

export const isChunkLoadError = (error: unknown, depth = 0): boolean => {
  if (!(error instanceof Error) || depth > 3) return false
  if (error.name === 'ChunkLoadError') return true
  if (CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))) return true
  // Loaders and test runners may wrap the import failure.
  return isChunkLoadError(error.cause, depth + 1)
}
