import { inject } from 'vitest'

/**
 * Gives this test worker the handler environment of the running stack, so a test can import a
 * handler or entity module and read what was stored, exactly as the gateway's handlers do.
 */
export const useStackEnv = (overrides: Record<string, string> = {}) => {
  const stack = inject('stack')
  Object.assign(process.env, stack.env, overrides)
  return stack
}
