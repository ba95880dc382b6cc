import type { RemovalPolicy } from 'aws-cdk-lib'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { acknowledge } from './nag.ts'
import { giveSecret } from './secret-readers.ts'

/**
 * The vault key (issue 32; functions/src/platform/vault.ts): a generated Secrets Manager secret
 * whose SHA-256 is the AES-256-GCM key that seals the credentials creators give for their
 * server-side conversion destinations, so the table alone never holds them in clear. The site API
 * Lambda (which seals) and the end-user jobs Lambda (which opens, to send) get its ARN as
 * `VAULT_KEY_SECRET_ARN` and may read that one secret, nothing else.
 */
export class VaultKey extends Construct {
  readonly secret: Secret

  constructor(
    scope: Construct,
    id: string,
    props: { readers: readonly LambdaFunction[]; removalPolicy: RemovalPolicy },
  ) {
    super(scope, id)
    this.secret = new Secret(this, 'Key', {
      description:
        'Swipe LP: the key that seals creators’ ad-platform credentials (generated; never set by hand)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    })
    acknowledge(
      this.secret,
      'SMG4',
      'Rotating the key would leave every sealed credential unreadable until re-entered; a rotation means re-sealing, done by a migration, not by a rotation Lambda.',
    )
    giveSecret(this.secret, props.readers, 'VAULT_KEY_SECRET_ARN')
  }
}
