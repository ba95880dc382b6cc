import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda'
import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import { clientConfig } from '../services/env.ts'
import { type Answer, settle } from '../services/invoke.ts'

/**
 * Lambda's Invoke API, with one client made on first use. Both ways carry at most 6 MB (Lambda's
 * synchronous payload limit; 256 KB for an asynchronous event).
 */
export const awsInvoker = (_env: PlatformEnv): Invoker => {
  let lambda: LambdaClient | undefined
  const client = () => {
    lambda ??= new LambdaClient(clientConfig(undefined))
    return lambda
  }
  return {
    invokeSync: async <T extends object>(functionName: string, event: object, what: string) => {
      const result = await client().send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'RequestResponse',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      )
      if (result.FunctionError || !result.Payload) {
        throw new Error(`${what} failed in ${functionName}: ${result.FunctionError ?? 'no answer'}`)
      }
      return settle(JSON.parse(new TextDecoder().decode(result.Payload)) as Answer<T>)
    },
    invokeAsync: async (functionName, event) => {
      await client().send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      )
    },
  }
}
