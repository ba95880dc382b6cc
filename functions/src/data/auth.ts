import { Entity } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/** Failed sign-ins per login ID (known or not), for the lockout. Expires by TTL. */
export const LoginAttempts = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'loginAttempts', version: '1', service: SERVICE },
        attributes: {
          loginId: { type: 'string', required: true, readOnly: true },
          failures: { type: 'number', required: true, default: 0 },
          windowStart: { type: 'number', required: true },
          lockedUntil: { type: 'number' },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byLoginId: { pk: { field: 'pk', composite: ['loginId'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      entityConfig,
    ),
)

/** A password-reset link, stored only as the SHA-256 of its token. Single use; expires by time and TTL. */
export const ResetTokens = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'resetToken', version: '1', service: SERVICE },
        attributes: {
          tokenHash: { type: 'string', required: true, readOnly: true },
          accountId: { type: 'string', required: true, readOnly: true },
          email: { type: 'string', required: true, readOnly: true },
          cognitoUsername: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true },
        },
        indexes: {
          byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      entityConfig,
    ),
)

/** Refresh tokens revoked at log-out (hash only), refused by refresh even where Cognito would not. */
export const RevokedTokens = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'revokedToken', version: '1', service: SERVICE },
        attributes: {
          tokenHash: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'number', required: true, readOnly: true },
        },
        indexes: {
          byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
        },
      },
      entityConfig,
    ),
)
