import { type PaymentsEvent, paymentsEvent } from '@swipe/shared/contract/runtime'
import { declareAwsAdapters, platform } from '#platform'
import { awsPayments } from '#platform/aws/payments'
import { awsSecrets } from '#platform/aws/secrets'
import { type Answer, answerOf } from '#platform/services/invoke'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ secrets: awsSecrets, payments: awsPayments })

/**
 * The payments Lambda (the runtime table's `payments` invocation; docs/decisions/0073-cold-starts-near-the-floor.md,
 * third round): billing's API and jobs invoke it synchronously for each call of the payments port
 * (#platform/aws/invoked-payments) and it runs that method of the Stripe adapter with the Stripe keys,
 * the only function given them. It answers the method's result, or the refusal it threw.
 */
export const handler = async (event: unknown): Promise<Answer<{ result?: unknown }>> => {
  const parsed = paymentsEvent.safeParse(event)
  if (!parsed.success) throw new Error('The payments Lambda takes only payments events')
  const { method, args }: PaymentsEvent = parsed.data
  try {
    const payments = platform().payments
    const run = payments[method] as (...a: unknown[]) => Promise<unknown>
    return { ok: true, result: await run.apply(payments, args) }
  } catch (error) {
    return answerOf(error)
  }
}
