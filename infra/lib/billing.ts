import { CfnOutput, type RemovalPolicy, Stack } from 'aws-cdk-lib'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { acknowledge } from './nag.ts'
import { giveSecret } from './secret-readers.ts'

/**
 * The Stripe keys (issue 18): one Secrets Manager secret holding
 * `{"secretKey":"sk_live_…","webhookSecret":"whsec_…"}`. CloudFormation creates it with both keys
 * empty (and a generated filler field, so no value is ever written into the template); the operator
 * sets the real value once (README "Deploy"). The payments Lambda (which billing's API and jobs
 * invoke) gets its ARN as `STRIPE_SECRET_ARN` and may read that one secret
 * (`secretsmanager:GetSecretValue`, nothing else); it reads it at cold start and keeps it for the container's life
 * (functions/src/platform/aws/payments.ts). Until it is set, card payments are "unavailable" in the
 * console, card invoices stay `processing` and the webhook believes nothing.
 */
export class StripeSecret extends Construct {
  readonly secret: Secret

  constructor(
    scope: Construct,
    id: string,
    props: { readers: readonly LambdaFunction[]; removalPolicy: RemovalPolicy },
  ) {
    super(scope, id)
    this.secret = new Secret(this, 'Keys', {
      description:
        'Stripe keys for billing: {"secretKey":"sk_live_…","webhookSecret":"whsec_…"} (set by the operator)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }),
        generateStringKey: 'filler',
        excludePunctuation: true,
      },
      removalPolicy: props.removalPolicy,
    })
    acknowledge(
      this.secret,
      'SMG4',
      'Stripe issues and rolls its API keys and webhook signing secrets in its dashboard; no rotation Lambda can create them. The operator rolls a key at Stripe and puts the new value into this secret (README "Deploy").',
    )
    // Named at the stack's top level, like the other outputs, for the operator's put-secret-value.
    new CfnOutput(Stack.of(this), 'StripeSecretArn', {
      value: this.secret.secretArn,
      description:
        'Stripe keys: put {"secretKey":"sk_live_…","webhookSecret":"whsec_…"} here (README "Deploying a stage")',
    })
    giveSecret(this.secret, props.readers, 'STRIPE_SECRET_ARN')
  }
}
