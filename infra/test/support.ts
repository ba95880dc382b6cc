import { existsSync, mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Template } from 'aws-cdk-lib/assertions'
import type { ApiRoute } from '../lib/api.ts'
import { buildApp } from '../lib/app.ts'
import { FUNCTIONS_SRC } from '../lib/paths.ts'

/** A CloudFormation template as plain JSON. */
export type Json = Record<string, unknown>
export type Resources = Record<string, { Type: string; Properties?: Json; DeletionPolicy?: string }>

export interface Synthesized {
  app: ReturnType<typeof buildApp>['app']
  stack: ReturnType<typeof buildApp>['stack']
  template: Template
  resources: Resources
  /** Logical id of a construct's CloudFormation resource. */
  logicalId: (construct: { node: { defaultChild?: unknown } }) => string
}

/**
 * Synthesizes the app the way `cdk synth` does (same feature flags, cdk-nag plugin), with
 * bundling skipped so a test run does not invoke esbuild. Template.fromStack runs the
 * validation plugins: an unacknowledged AwsSolutions error makes it throw.
 */
export const synth = (
  context: Record<string, unknown> = {},
  routes?: ApiRoute[],
  bundle = false,
): Synthesized => {
  const { app, stack } = buildApp({
    context: { ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
    outdir: mkdtempSync(join(tmpdir(), 'swipe-cdk-')),
    ...(routes ? { routes } : {}),
  })
  const template = Template.fromStack(stack)
  const resources = template.toJSON().Resources as Resources
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as Parameters<typeof stack.getLogicalId>[0])
  return { app, stack, template, resources, logicalId }
}

/** Memoised synth per scenario: a synth takes seconds, the assertions milliseconds. */
export const memo = <T>(make: () => T): (() => T) => {
  let value: T | undefined
  return () => {
    value ??= make()
    return value
  }
}

/** A production-like stage: custom domains, so the TLS and retention branches are exercised too. */
export const PROD_CONTEXT = {
  stage: 'prod',
  adminDomain: 'admin.swipe-lp.example',
  adminCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  sitesDomain: 'sites.swipe-lp.example',
  sitesCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/66666666-7777-8888-9999-000000000000',
  mailDomain: 'mail.swipe-lp.example',
  account: '123456789012',
  region: 'ap-northeast-1',
}

/**
 * The two stages every file reads as they are (no routes or bundling of their own), synthesized
 * once per worker: the infra project runs its files in one worker without isolation
 * (vitest.config.ts), so the files share them. Tests only read a synthesized stack.
 */
export const devStage = (() => {
  let value: Synthesized | undefined
  return () => (value ??= synth())
})()
export const prodStage = (() => {
  let value: Synthesized | undefined
  return () => (value ??= synth(PROD_CONTEXT))
})()

/** Every auth kind, so the authorizer wiring is tested before the real table uses each kind. */
export const EVERY_AUTH_KIND: ApiRoute[] = [
  {
    id: 'health.get',
    method: 'GET',
    path: '/health',
    context: 'health',
    action: 'get',
    auth: 'public',
  },
  {
    id: 'health.admin',
    method: 'GET',
    path: '/admin-only',
    context: 'health',
    action: 'admin',
    auth: 'admin',
  },
  {
    id: 'health.member',
    method: 'GET',
    path: '/end-user/x',
    context: 'health',
    action: 'member',
    auth: 'endUser',
  },
  {
    id: 'health.preview',
    method: 'GET',
    path: '/preview/site/{siteId}',
    context: 'health',
    action: 'preview',
    auth: 'preview',
  },
  {
    id: 'health.external',
    method: 'POST',
    path: '/external/{tag}',
    context: 'health',
    action: 'external',
    auth: 'siteApi',
  },
]

/** The logical id a `Ref` or `Fn::GetAtt` points at, if the value is one. */
export const refOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined
  const v = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown }
  if (typeof v.Ref === 'string') return v.Ref
  if (Array.isArray(v['Fn::GetAtt']) && typeof v['Fn::GetAtt'][0] === 'string') return v['Fn::GetAtt'][0]
  return undefined
}

/** Every logical id referenced anywhere inside a value (Ref, GetAtt, Join...); pseudo parameters left out. */
export const refsIn = (value: unknown): Set<string> => {
  const found = new Set<string>()
  const visit = (node: unknown) => {
    const ref = refOf(node)
    if (ref && !ref.startsWith('AWS::')) found.add(ref)
    if (Array.isArray(node)) node.forEach(visit)
    else if (node && typeof node === 'object') Object.values(node).forEach(visit)
  }
  visit(value)
  return found
}

/** An environment value as the handler would see it: references become plausible placeholders. */
export const placeholder = (value: unknown): string => {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join']
    return parts.map((part) => (typeof part === 'string' ? part : 'placeholder.example')).join(separator)
  }
  return 'placeholder'
}

/** Whether this machine is Lambda's platform (arm64 Linux), for which native modules are installed in assets. */
const LAMBDA_HOST = process.platform === 'linux' && process.arch === 'arm64'

/**
 * Node options that load an asset's bundle (`asset`: its folder) on this machine when the asset carries sharp built for
 * Lambda's platform (the jobs Lambda that makes renditions) and this machine is another: a resolve
 * hook hands the bundle the repository's own sharp, the same version (infra/test/media.test.ts),
 * built for this machine. Everything else the bundle loads is its own. None elsewhere.
 */
export const nativeStandIns = (asset: string): string[] => {
  if (LAMBDA_HOST || !existsSync(join(asset, 'node_modules', 'sharp'))) return []
  const sharp = pathToFileURL(createRequire(join(FUNCTIONS_SRC, 'index.ts')).resolve('sharp')).href
  const hook = `export const resolve = (specifier, context, next) => next(specifier === 'sharp' ? ${JSON.stringify(sharp)} : specifier, context)`
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})`
  return ['--import', `data:text/javascript,${encodeURIComponent(register)}`]
}
