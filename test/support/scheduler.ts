import { contextDispatch, type Scheduler, startScheduler } from '../../infra/local/scheduler.ts'

/**
 * `npm start`'s scheduler (infra/local/scheduler.ts) in a test's process, on the handlers' clock (the
 * stack's, once the test provides the stack platform), sending job events through the contexts'
 * dispatch. No real timer fires: the test moves the stack's clock and calls `runDue`.
 */
export const startTestScheduler = async (log: (line: string) => void): Promise<Scheduler> => {
  const { now } = await import('../../functions/src/platform/services/clock.ts')
  return startScheduler({ now, dispatch: contextDispatch(), log, setTimer: () => () => {} })
}
