import { Stack, Validations } from 'aws-cdk-lib'
import type { IConstruct } from 'constructs'

/**
 * Acknowledges one cdk-nag AwsSolutions finding on a construct and everything below it. Every
 * call carries the reason, so each exception is written down next to the resource it concerns.
 * `rule` is the rule id without the pack prefix, optionally narrowed to one finding:
 * `IAM5[Resource::<Bucket.Arn>/*]`.
 */
export const acknowledge = (scope: IConstruct, rule: string, reason: string): void => {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason })
}

/**
 * How cdk-nag prints a CloudFormation reference inside a finding id (`<LogicalId.Arn>`,
 * `<LogicalId>`), so a granular acknowledgement names exactly one resource instead of a pattern.
 */
export const nagRef = (scope: IConstruct, token: string): string => {
  const resolved: unknown = Stack.of(scope).resolve(token)
  if (typeof resolved === 'string') return resolved
  if (resolved && typeof resolved === 'object') {
    const getAtt = (resolved as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']
    if (getAtt) return `<${getAtt[0]}.${getAtt[1]}>`
    const ref = (resolved as { Ref?: string }).Ref
    if (ref) return `<${ref}>`
  }
  throw new Error(`Cannot name ${JSON.stringify(resolved)} in a cdk-nag finding`)
}
