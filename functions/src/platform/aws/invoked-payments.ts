import type { PaymentMethod, PaymentsEvent } from '@swipe/shared/contract/runtime'
import type { PlatformEnv } from '../env.ts'
import type { Invoker } from '../invoker.ts'
import type { Payments } from '../payments.ts'
import type { Secrets } from '../secrets.ts'

/**
 * The payments port of the billing Lambdas on AWS: each call is a synchronous invoke of the payments
 * Lambda (`PAYMENTS_FUNCTION_NAME`, the runtime table's `payments` invocation; functions/src/payments/index.ts),
 * which runs the same method of the Stripe adapter (./payments.ts) with the Stripe keys. So the
 * billing Lambdas carry neither Stripe's SDK (246 KB of every load: decision 0073, third round) nor
 * the keys. A refusal comes back as the `AppError` the adapter threw; any other failure is the
 * caller's 500, as before. `configured()` is asked on billing's screens: once it answered yes it is
 * kept for the container's life, as the adapter keeps its client (a no is asked again). It reads no
 * secret (`_secrets`: the adapters' common signature, ./index.ts `AwsAdapters`).
 */
export const invokedPayments = (env: PlatformEnv, _secrets: Secrets, invoker: Invoker): Payments => {
  const call = async <T>(method: PaymentMethod, ...args: unknown[]): Promise<T> => {
    const functionName = env.PAYMENTS_FUNCTION_NAME
    if (!functionName) throw new Error('No payments Lambda (PAYMENTS_FUNCTION_NAME) in this function')
    const event: PaymentsEvent = { source: 'swipe.payments', method, args }
    const { result } = await invoker.invokeSync<{ result?: T }>(functionName, event, `Payments ${method}`)
    return result as T
  }
  let configured = false
  return {
    configured: async () => {
      configured ||= await call<boolean>('configured')
      return configured
    },
    verifiedEvent: (rawBody, signature) => call('verifiedEvent', rawBody, signature),
    createCustomer: (input) => call('createCustomer', input),
    saveCard: (customerId, card) => call('saveCard', customerId, card),
    charge: (input) => call('charge', input),
    createSetupSession: (input) => call('createSetupSession', input),
    setupSessionCard: (sessionId) => call('setupSessionCard', sessionId),
    setDefaultCard: (customerId, paymentMethodId) => call('setDefaultCard', customerId, paymentMethodId),
    detachCard: (paymentMethodId) => call('detachCard', paymentMethodId),
  }
}
