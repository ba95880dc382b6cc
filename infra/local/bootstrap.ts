import { randomBytes } from 'node:crypto'
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DeleteUserPoolCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type UserPoolType,
} from '@aws-sdk/client-cognito-identity-provider'
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb'
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3'
import { TABLE } from '../../functions/src/data/table.ts'
import { localCredentials } from './dynamodb.ts'

export interface Endpoints {
  dynamodb: string
  s3: string
  cognito: string
  mail: string
}

/** Names of the local resources; on AWS the CDK app names them per stage. */
export const localNames = (stage = 'local') => ({
  table: `swipe-${stage}`,
  mediaBucket: `swipe-${stage}-media`,
  sitesBucket: `swipe-${stage}-sites`,
  /** The edge's access log (CloudFront's standard logs on AWS), from which page views are billed. */
  logsBucket: `swipe-${stage}-logs`,
  adminPool: `swipe-${stage}-admins`,
  membersPool: `swipe-${stage}-members`,
  adminClient: `swipe-${stage}-admin-console`,
  membersClient: `swipe-${stage}-members-web`,
  mailFrom: 'no-reply@swipe-lp.example.com',
})

const region = 'ap-northeast-1'
const clientOptions = (endpoint: string) => ({ endpoint, region, credentials: localCredentials })

const gsiDefinition = (IndexName: string, i: { partitionKey: string; sortKey: string }) => ({
  IndexName,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
})

/** Adds the indexes a newer data model declares to a table created by an older one, one at a time. */
const addMissingIndexes = async (client: DynamoDBClient, name: string, existing: string[]) => {
  for (const [indexName, index] of Object.entries(TABLE.indexes)) {
    if (existing.includes(indexName)) continue
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S' as const,
        })),
        GlobalSecondaryIndexUpdates: [{ Create: gsiDefinition(indexName, index) }],
      }),
    )
  }
}

const ensureTable = async (client: DynamoDBClient, name: string) => {
  try {
    const described = await client.send(new DescribeTableCommand({ TableName: name }))
    await addMissingIndexes(
      client,
      name,
      (described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? ''),
    )
    return
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error
  }
  const indexes = Object.entries(TABLE.indexes)
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        TABLE.partitionKey,
        TABLE.sortKey,
        ...indexes.flatMap(([, i]) => [i.partitionKey, i.sortKey]),
      ].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
      GlobalSecondaryIndexes: indexes.map(([IndexName, i]) => gsiDefinition(IndexName, i)),
    }),
  )
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  )
}

const ensureBucket = async (client: S3Client, name: string, corsOrigin?: string) => {
  try {
    await client.send(new HeadBucketCommand({ Bucket: name }))
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: name }))
  }
  if (corsOrigin) {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: name,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [corsOrigin],
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    )
  }
}

const PASSWORD_POLICY = {
  MinimumLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
  TemporaryPasswordValidityDays: 7,
}

const ensurePool = async (
  client: CognitoIdentityProviderClient,
  name: string,
  clientName: string,
  usernameIsEmail: boolean,
): Promise<{ poolId: string; clientId: string }> => {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }))
  let pool: UserPoolType | undefined = pools.UserPools?.find((p) => p.Name === name)
  if (pool?.Id && !usernameIsEmail) {
    // A members pool made when the emulator defaulted every pool to email usernames cannot hold
    // `<siteId>#<email>` usernames: it is made again (it had no members then).
    const described = await client.send(new DescribeUserPoolCommand({ UserPoolId: pool.Id }))
    if (described.UserPool?.UsernameAttributes?.length) {
      await client.send(new DeleteUserPoolCommand({ UserPoolId: pool.Id }))
      pool = undefined
    }
  }
  if (!pool) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: name,
        Policies: { PasswordPolicy: PASSWORD_POLICY },
        ...(usernameIsEmail ? { UsernameAttributes: ['email'] } : {}),
        Schema: [
          { Name: 'account_id', AttributeDataType: 'String', Mutable: true },
          { Name: 'site_id', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    )
    pool = created.UserPool
  }
  const poolId = pool?.Id
  if (!poolId) throw new Error(`User pool ${name} has no id`)
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }))
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === clientName)?.ClientId
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: clientName,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
      }),
    )
    clientId = created.UserPoolClient?.ClientId
  }
  if (!clientId) throw new Error(`User pool client ${clientName} has no id`)
  return { poolId, clientId }
}

/**
 * Creates whatever is missing (table with its indexes and TTL, buckets with CORS, user pools and
 * app clients) and returns the environment the handlers read. Safe to run on every start.
 */
export const bootstrap = async (endpoints: Endpoints, adminOrigin: string, stage = 'local') => {
  const names = localNames(stage)
  const dynamo = new DynamoDBClient(clientOptions(endpoints.dynamodb))
  const s3 = new S3Client({ ...clientOptions(endpoints.s3), forcePathStyle: true })
  const cognito = new CognitoIdentityProviderClient(clientOptions(endpoints.cognito))
  try {
    await ensureTable(dynamo, names.table)
    await ensureBucket(s3, names.mediaBucket, adminOrigin)
    await ensureBucket(s3, names.sitesBucket)
    await ensureBucket(s3, names.logsBucket)
    const admin = await ensurePool(cognito, names.adminPool, names.adminClient, true)
    const members = await ensurePool(cognito, names.membersPool, names.membersClient, false)
    return {
      STAGE: stage,
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: names.table,
      DYNAMODB_ENDPOINT: endpoints.dynamodb,
      MEDIA_BUCKET: names.mediaBucket,
      SITES_BUCKET: names.sitesBucket,
      S3_ENDPOINT: endpoints.s3,
      ADMIN_USER_POOL_ID: admin.poolId,
      ADMIN_USER_POOL_CLIENT_ID: admin.clientId,
      MEMBERS_USER_POOL_ID: members.poolId,
      MEMBERS_USER_POOL_CLIENT_ID: members.clientId,
      COGNITO_ENDPOINT: endpoints.cognito,
      MAIL_FROM: names.mailFrom,
      SES_ENDPOINT: endpoints.mail,
      // The key of login-ID hashes in the security log (functions/src/edge/security-log.ts), new on
      // every start as the origin secret is (a Secrets Manager value on AWS).
      SECURITY_LOG_KEY: randomBytes(32).toString('base64url'),
    }
  } finally {
    dynamo.destroy()
    s3.destroy()
    cognito.destroy()
  }
}

export type HandlerEnv = Awaited<ReturnType<typeof bootstrap>>
