import { documentClient, tableName } from '#platform/services/dynamo'

/** Options every entity shares: the one table and its document client. */
export const entityConfig = { table: tableName, client: documentClient }
export const SERVICE = 'swipe'
