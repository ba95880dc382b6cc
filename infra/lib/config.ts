import { RemovalPolicy } from 'aws-cdk-lib'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { Node } from 'constructs'

/** A custom domain served by CloudFront: the name and its ACM certificate (us-east-1). */
export interface CustomDomain {
  name: string
  certificateArn: string
}

/** Everything that differs between stages, read once from CDK context (`-c key=value`). */
export interface StageConfig {
  stage: string
  /** `dev` is disposable: no deletion protection, resources are destroyed with the stack. */
  isDev: boolean
  /** The admin SPA's own domain; without it the SPA is served on its CloudFront domain. */
  adminDomain?: CustomDomain
  /** Published sites answer on `<site>.<sitesDomain>` and on `<sitesDomain>/sites/<siteId>/` (a certificate for both). */
  sitesDomain?: CustomDomain
  /** The SES domain identity; mail is sent from `no-reply@<mailDomain>`. */
  mailDomain: string
  /** Set both to pin the stack to an account and region; otherwise the stack is environment-agnostic. */
  env?: { account: string; region: string }
  /** What stateful resources do when they leave the template. */
  removalPolicy: RemovalPolicy
  logRetention: RetentionDays
  /**
   * An ffmpeg Lambda layer (arm64, the binary at `/opt/bin/ffmpeg`) for the sites jobs function's
   * video renditions (issue 22). Without it, videos are published as uploaded, and the editor says so.
   */
  ffmpegLayerArn?: string
}

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/
const CERT_PATTERN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/
const LAYER_PATTERN = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:layer:[\w-]+:\d+$/

/** Placeholder mail domain: synth and deploy work, but SES will not verify it until DNS exists. */
export const DEFAULT_MAIL_DOMAIN = 'mail.example.com'

const text = (node: Node, key: string): string | undefined => {
  const value: unknown = node.tryGetContext(key)
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`)
  return value.trim()
}

const domain = (node: Node, key: string, certKey: string): CustomDomain | undefined => {
  const name = text(node, key)?.toLowerCase()
  const certificateArn = text(node, certKey)
  if (!name && !certificateArn) return undefined
  if (!name || !DOMAIN_PATTERN.test(name)) throw new Error(`Context "${key}" must be a domain name`)
  // CloudFront only serves a custom domain with a certificate from us-east-1; no lookups, so the ARN is given.
  if (!certificateArn || !CERT_PATTERN.test(certificateArn)) {
    throw new Error(`Context "${key}" needs "${certKey}": an ACM certificate ARN in us-east-1`)
  }
  return { name, certificateArn }
}

/**
 * Reads the stage configuration from context. Fails fast on a malformed value, so a typo in a
 * deploy command stops at synth instead of creating a half-configured stage.
 */
export const readStageConfig = (node: Node): StageConfig => {
  const stage = text(node, 'stage') ?? 'dev'
  if (!STAGE_PATTERN.test(stage)) throw new Error(`Context "stage" must match ${STAGE_PATTERN}`)
  const isDev = stage === 'dev'

  const mailDomain = (text(node, 'mailDomain') ?? DEFAULT_MAIL_DOMAIN).toLowerCase()
  if (!DOMAIN_PATTERN.test(mailDomain)) throw new Error('Context "mailDomain" must be a domain name')

  const account = text(node, 'account')
  const region = text(node, 'region')
  if (Boolean(account) !== Boolean(region))
    throw new Error('Give both "account" and "region" context, or neither')

  const adminDomain = domain(node, 'adminDomain', 'adminCertificateArn')
  const sitesDomain = domain(node, 'sitesDomain', 'sitesCertificateArn')
  const ffmpegLayerArn = text(node, 'ffmpegLayerArn')
  if (ffmpegLayerArn && !LAYER_PATTERN.test(ffmpegLayerArn))
    throw new Error('Context "ffmpegLayerArn" must be a Lambda layer version ARN')
  return {
    stage,
    isDev,
    ...(adminDomain ? { adminDomain } : {}),
    ...(sitesDomain ? { sitesDomain } : {}),
    mailDomain,
    ...(account && region ? { env: { account, region } } : {}),
    removalPolicy: isDev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    logRetention: isDev ? RetentionDays.TWO_WEEKS : RetentionDays.SIX_MONTHS,
    ...(ffmpegLayerArn ? { ffmpegLayerArn } : {}),
  }
}
