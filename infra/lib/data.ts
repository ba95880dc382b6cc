import { TABLE } from '@swipe/functions/data/table'
import { AttributeType, Billing, type GlobalSecondaryIndexPropsV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'

export interface DataProps {
  config: StageConfig
}

/**
 * The single table (ARCHITECTURE decision 3), shaped by `TABLE` from functions/src/data/table.ts,
 * the same constant the entities and the local bootstrap use: keys, indexes and TTL are never
 * typed twice.
 */
export class Data extends Construct {
  readonly table: TableV2

  constructor(scope: Construct, id: string, { config }: DataProps) {
    super(scope, id)
    const globalSecondaryIndexes: GlobalSecondaryIndexPropsV2[] = Object.entries(TABLE.indexes).map(
      ([indexName, keys]) => ({
        indexName,
        partitionKey: { name: keys.partitionKey, type: AttributeType.STRING },
        sortKey: { name: keys.sortKey, type: AttributeType.STRING },
      }),
    )
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes,
      billing: Billing.onDemand(),
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !config.isDev,
      removalPolicy: config.removalPolicy,
    })
  }
}
