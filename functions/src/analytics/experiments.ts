import { createHash } from 'node:crypto'
import type { AnalyticsEvent } from '@swipe/shared'
import { assignArm, EXPERIMENT_LIMITS } from '@swipe/shared/experiments/model'
import { DAY_MS, jstDay } from '@swipe/shared/time/jst'
import { ExperimentCounts, type ExperimentSlot, ExperimentSlots, ExperimentVisitors } from '#data/experiments'
import { isConditionFailure } from '#data/service'
import { logger } from '#platform/services/logger'

/**
 * Counting an experiment's visitors and conversions (issue 34; docs/decisions/0069-experiments-at-the-edge.md).
 * The page's beacons and forms reach the API on the site's own host, so they carry the visitor's
 * `sl_ab` key; the arm is the one the edge served for that key (`assignArm`, the same function). A
 * visitor counts once per experiment (a conditional create of its record), a conversion once per
 * visitor (a conditional update). One read of the site's open slot per request decides whether
 * anything counts: nothing does before the start or after the end.
 */

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** The conversions the goals beacons can show (forms and registrations come from their handlers). */
const goalMet = (slot: ExperimentSlot, event: AnalyticsEvent): boolean => {
  const e = event as Record<string, unknown>
  switch (slot.goalType) {
    case 'cta':
      return e.event === 'click' && e.target === 'cta'
    case 'link':
      return e.event === 'click' && e.target === 'link'
    case 'reach':
      return (
        (e.event === 'view' && e.position === slot.goalCell) ||
        (e.event === 'swipe' && e.to === slot.goalCell)
      )
    case 'dwell':
      return (
        e.event === 'dwell' &&
        typeof e.durationMs === 'number' &&
        e.durationMs >= (slot.goalSeconds ?? 0) * 1000
      )
    default:
      return false
  }
}

const runningSlot = async (siteId: string, now: number) => {
  const slot = (await ExperimentSlots.get({ siteId }).go()).data
  return slot?.startedAt !== undefined && slot.startedAt <= now ? slot : undefined
}

/** Adds to an arm's counts of a day (created on first use). */
const add = (experimentId: string, day: string, arm: number, visitors: number, conversions: number) =>
  ExperimentCounts.update({ experimentId, day, arm }).add({ visitors, conversions }).go()

/**
 * Counts a visitor exposed (`converted` false) or converted: the first record of a key in an
 * experiment counts its visitor, the first conversion its conversion.
 */
const count = async (slot: ExperimentSlot, visitor: string, converted: boolean, now: number) => {
  const { experimentId } = slot
  const arm = assignArm(experimentId, visitor, slot.weights, sha256Hex)
  const day = jstDay(now)
  const expiresAt = Math.ceil((now + (EXPERIMENT_LIMITS.maxDays + 30) * DAY_MS) / 1000)
  try {
    await ExperimentVisitors.create({
      experimentId,
      visitor,
      arm,
      expiresAt,
      ...(converted ? { converted } : {}),
    }).go()
    await add(experimentId, day, arm, 1, converted ? 1 : 0)
    return
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
  if (!converted) return
  try {
    await ExperimentVisitors.patch({ experimentId, visitor })
      .set({ converted: true })
      .where(({ converted: done }, { notExists }) => notExists(done))
      .go()
    await add(experimentId, day, arm, 0, 1)
  } catch (error) {
    if (!isConditionFailure(error)) throw error
  }
}

/**
 * The experiment part of a beacon request: a landing or any view exposes the visitor, a goal
 * event converts it. Failures are logged, never the visitor's problem.
 */
export const recordExperimentEvents = async (
  visitor: string | undefined,
  events: readonly AnalyticsEvent[],
  now: number,
): Promise<void> => {
  if (!visitor || events.length === 0) return
  for (const siteId of new Set(events.map((e) => e.siteId))) {
    try {
      const slot = await runningSlot(siteId, now)
      if (!slot) continue
      const ofSite = events.filter((e) => e.siteId === siteId)
      const converted = ofSite.some((e) => goalMet(slot, e))
      const exposed = ofSite.some((e) => e.event === 'view')
      if (converted || exposed) await count(slot, visitor, converted, now)
    } catch (error) {
      logger.error('Experiment event not counted', { siteId, error: error as Error })
    }
  }
}

/** A form sent or a member registered on a site: a conversion of its experiment whose goal it is. */
export const recordExperimentGoal = async (
  siteId: string,
  visitor: string | undefined,
  goal: 'form' | 'registration',
  now: number,
): Promise<void> => {
  if (!visitor) return
  try {
    const slot = await runningSlot(siteId, now)
    if (slot?.goalType === goal) await count(slot, visitor, true, now)
  } catch (error) {
    logger.error('Experiment goal not counted', { siteId, goal, error: error as Error })
  }
}
