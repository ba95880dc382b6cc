import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'

/**
 * The local stack runs every context, the publisher and the PDF renderer in one process (the
 * local publisher, documents and jobs adapters call them directly): there is no other Lambda to
 * call, and asking for one is a mistake of the caller.
 */
export const localInvoker = (_env: PlatformEnv): Invoker => {
  const refuse = (functionName: string): never => {
    throw new Error(`No Lambda ${functionName} on the local stack: its work runs in this process`)
  }
  return {
    invokeSync: async (functionName) => refuse(functionName),
    invokeAsync: async (functionName) => refuse(functionName),
  }
}
