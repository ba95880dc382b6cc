/**
 * The floor of `npm run bench:bundles` (infra/scripts/bench-bundles.ts): what the smallest API
 * function of this stack does at import — the DynamoDB document client, one small ElectroDB entity
 * and one zod object schema — and nothing else. It is bundled with the functions' own options
 * (AppFunction's `BUNDLING`) in the same run, and every function's module load is judged against
 * it (issue 35 item 3). Never deployed.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { Entity } from 'electrodb'
import * as z from 'zod'

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-northeast-1' }), {
  marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
})

const Notes = new Entity(
  {
    model: { entity: 'note', version: '1', service: 'floor' },
    attributes: {
      noteId: { type: 'string', required: true, readOnly: true },
      text: { type: 'string', required: true },
      updatedAt: { type: 'number', required: true },
    },
    indexes: {
      byId: { pk: { field: 'pk', composite: ['noteId'] }, sk: { field: 'sk', composite: [] } },
    },
  },
  { table: 'floor', client },
)

const Body = z.object({ noteId: z.string().min(1).max(64), text: z.string().max(1000) })

export const handler = async (event: { body?: string }) => {
  const body = Body.parse(JSON.parse(event.body ?? '{}'))
  await Notes.put({ ...body, updatedAt: Date.now() }).go()
  return { statusCode: 204 }
}
