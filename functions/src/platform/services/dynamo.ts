import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { clientConfig, readEnv } from './env.ts'

const env = readEnv({ TABLE_NAME: z.string().min(1), DYNAMODB_ENDPOINT: z.url().optional() })

export const tableName = env.TABLE_NAME
export const dynamo = new DynamoDBClient(clientConfig(env.DYNAMODB_ENDPOINT))
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
})
