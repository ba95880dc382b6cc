/**
 * The key that seals secrets a creator gives the product to use on their behalf (issue 32: the ad
 * platforms' access tokens), so that the table alone never holds them in clear: on AWS derived from
 * a generated Secrets Manager secret (`VAULT_KEY_SECRET_ARN`, ./aws/vault.ts), locally from a fixed
 * local value (./local/vault.ts: the local stack holds no real secret). Sealing itself is
 * #platform/services/vault.
 */
export interface Vault {
  /** 32 bytes: the AES-256-GCM key. */
  key(): Promise<Uint8Array>
}
