import type { TestProject } from 'vitest/node'
import { type ProvidedStack, startTestStack } from '../support/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack
  }
}

// The machines run Node 20 while Lambda runs Node 22 (ARCHITECTURE.md); the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
// The gateway's handlers run in this (main) process, which vitest's `test.env` does not reach:
// every 2xx JSON answer is checked against its route's response schema (functions/src/edge/http.ts).
process.env.SWIPE_CONTRACT_CHECK = '1'

/** Starts the emulators, the local gateway and the site edge once for all integration tests. */
export default async function setup(project: TestProject) {
  const stack = await startTestStack({ admin: false })
  project.provide('stack', { urls: stack.urls, env: stack.env, clockFile: stack.clockFile })
  return async () => {
    await stack.stop()
  }
}
