import { documentClient, tableName } from '#platform/services/dynamo'

/** Options every entity shares: the one table and its document client. */
export const entityConfig = { table: tableName, client: documentClient }
export const SERVICE = 'swipe'

/**
 * Whether a conditional write failed its condition: the SDK's ConditionalCheckFailedException, as
 * ElectroDB wraps it (its `cause`), or its message when a transaction or a batch reports it.
 */
export const isConditionFailure = (error: unknown): boolean => {
  const cause = (error as { cause?: { name?: string } }).cause
  return (
    cause?.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(String(error))
  )
}
