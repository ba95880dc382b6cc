/**
 * The single table's physical shape, used by the CDK data stack, the local bootstrap and the
 * ElectroDB entities. Entities name their access patterns; these are only the physical slots.
 * docs/data-model.md lists which access pattern uses which index.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  ttlAttribute: 'expiresAt',
  indexes: {
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    gsi3: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    gsi4: { partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  },
} as const

export type IndexName = keyof typeof TABLE.indexes
