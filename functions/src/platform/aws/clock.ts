import type { Clock } from '../clock.ts'
import type { PlatformEnv } from '../env.ts'

/** The system clock: nothing on AWS moves it. */
export const awsClock = (_env: PlatformEnv): Clock => ({ now: () => Date.now() })
