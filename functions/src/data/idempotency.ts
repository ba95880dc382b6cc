import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * One `Idempotency-Key` of one caller on one route (Stripe's model,
 * docs/decisions/0007-idempotent-writes.md): claimed `inFlight` by a conditional put before the handler runs,
 * then `done` with the response the first request got, which a repeat with the same key and the same
 * request replays. Keyed by the caller's scope (`account:<id>`, `member:<sub>`, `preview:<siteId>`
 * or `client:<hash of the address>`), the route (`sites.create`) and the key as sent (case kept).
 * Only a fingerprint of the request is kept, never its body; expires by TTL 24 hours after the
 * first request.
 */
export const IdempotencyRecords = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'idempotencyRecord', version: '1', service: SERVICE },
        attributes: {
          caller: { type: 'string', required: true, readOnly: true },
          route: { type: 'string', required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          /** SHA-256 (hex) of the canonical request: path parameters, query and body. */
          fingerprint: { type: 'string', required: true },
          state: { type: ['inFlight', 'done'] as const, required: true },
          /** Who holds the claim: a random id per attempt, so only its holder completes or releases it. */
          claimId: { type: 'string', required: true },
          /** Epoch ms of the claim; an `inFlight` claim older than the takeover age may be taken over. */
          claimedAt: { type: 'number', required: true },
          /** The stored response (`done` only). */
          statusCode: { type: 'number' },
          headers: { type: 'any' },
          body: { type: 'string' },
          /** `gzip`: `body` is the base64 of the gzipped text (large responses). */
          bodyEncoding: { type: ['utf8', 'gzip'] as const },
          isBase64Encoded: { type: 'boolean' },
          /** Epoch seconds (the table's TTL attribute). */
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byKey: {
            // `casing: 'none'`: keys are case-sensitive, `Abc` and `abc` are two keys.
            pk: { field: 'pk', composite: ['caller', 'route', 'key'], casing: 'none' },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

export type IdempotencyRecord = EntityItem<typeof IdempotencyRecords>
