import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda'
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager'

/**
 * Gives each of `readers` the secret's ARN as `variable` and `secretsmanager:GetSecretValue` on
 * that one secret, nothing else (the Stripe keys, the vault key).
 */
export const giveSecret = (secret: Secret, readers: readonly LambdaFunction[], variable: string) => {
  for (const fn of readers) {
    fn.addEnvironment(variable, secret.secretArn)
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
    )
  }
}
