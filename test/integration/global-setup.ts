import type { TestProject } from 'vitest/node'
import { type ProvidedStack, startTestStack } from '../support/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack
  }
}

// The machines run Node 20 while Lambda runs Node 22 (ARCHITECTURE.md); the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'

/** Starts the emulators, the local gateway and the site edge once for all integration tests. */
export default async function setup(project: TestProject) {
  const stack = await startTestStack({ admin: false })
  project.provide('stack', { urls: stack.urls, env: stack.env, clockFile: stack.clockFile })
  return async () => {
    await stack.stop()
  }
}
