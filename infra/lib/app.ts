import { App, type AppProps, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { ApiRoute } from './api.ts'
import { readStageConfig, type StageConfig } from './config.ts'
import { FEATURE_FLAGS } from './feature-flags.ts'
import { SwipeStack } from './swipe-stack.ts'

export interface BuildOptions {
  /** Context on top of the pinned feature flags, e.g. `{ stage: 'prod' }` in tests. */
  context?: Record<string, unknown>
  outdir?: string
  /** @default the route table. */
  routes?: ApiRoute[]
}

/** The stack name of a stage: one CloudFormation stack per stage. */
export const stackName = (stage: string): string => `SwipeLp-${stage}`

/**
 * Builds the CDK app: pinned feature flags as default context (cdk.json and `-c` override
 * them), one stack for the stage given by context, and cdk-nag's AwsSolutions pack as a
 * validation plugin, so an unacknowledged finding fails the synth.
 */
export const buildApp = (
  options: BuildOptions = {},
): { app: App; stack: SwipeStack; config: StageConfig } => {
  const props: AppProps = {
    context: { ...FEATURE_FLAGS, ...options.context },
    ...(options.outdir ? { outdir: options.outdir } : {}),
  }
  const app = new App(props)
  const config = readStageConfig(app.node)
  const stack = new SwipeStack(app, stackName(config.stage), {
    config,
    ...(config.env ? { env: config.env } : {}),
    ...(options.routes ? { routes: options.routes } : {}),
  })
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
  return { app, stack, config }
}
