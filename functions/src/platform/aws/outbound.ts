import type { PlatformEnv } from '../env.ts'
import type { Outbound } from '../outbound.ts'

/** On AWS nothing is excepted from the outbound-address policy. */
export const awsOutbound = (_env: PlatformEnv): Outbound => ({ allowed: () => undefined })
