import type { MessageKey } from '@swipe/shared'
import type { ExperimentCreateBody } from '@swipe/shared/contract/experiments'
import { EXPERIMENT_LIMITS, variantKind } from '@swipe/shared/experiments/model'
import { verdict } from '@swipe/shared/experiments/stats'
import { parseCell, siteGrid } from '@swipe/shared/site/cells'
import { createWriteTransaction } from 'electrodb'
import type * as z from 'zod'
import { type Experiment, ExperimentSlots, Experiments } from '#data/experiments'
import { timeOrderedId } from '#data/ids'
import { isConditionFailure } from '#data/service'
import type { SiteRow } from '#data/sites'
import { countsOf, totals } from '#domain/experiment-results'
import { planOfOwner, requireFeature } from '#domain/plans'
import { BadRequestError, ConflictError, type FieldIssue, NotFoundError, ValidationError } from '#edge/errors'
import { logger } from '#platform/services/logger'
import { compareContent, type VersionContent } from '../publishing/changes.ts'
import { type PublishAuthor, readSite, servedRelease, syncHostMap } from '../publishing/publish.ts'
import { siteHistory } from '../publishing/release.ts'
import { finishPointer, pointTo } from '../publishing/rollback.ts'
import { contentOf, versionOf } from '../publishing/versions.ts'

/**
 * Experiments on a site (issue 34; docs/decisions/0069-experiments-at-the-edge.md): create one
 * between the live version and test variants, start and end it (by hand or by the
 * `experimentSchedule` run), and promote an arm by moving the live pointer. Its results are
 * #domain/experiment-results.
 */

type CreateBody = z.output<typeof ExperimentCreateBody>

const DAY_MS = 24 * 60 * 60 * 1000

/** Experiments follow the plan's analytics flag (403 `plan.noAnalytics`). */
export const requireExperiments = async (site: Pick<SiteRow, 'ownerId'>) =>
  requireFeature(await planOfOwner(site.ownerId), 'analyticsEffect')

/** One experiment of a site, or 404. */
export const experimentOf = async (siteId: string, experimentId: string): Promise<Experiment> => {
  const found = (await Experiments.get({ siteId, experimentId }).go({ consistent: true })).data
  if (!found) throw new NotFoundError()
  return found
}

/** A site's experiments, newest first (ids are time-ordered). */
export const experimentsOf = async (siteId: string): Promise<Experiment[]> =>
  (await Experiments.query.bySite({ siteId }).go({ order: 'desc', pages: 'all', consistent: true })).data

const invalid = (issues: FieldIssue[]) => new ValidationError(issues)

/**
 * Creates an experiment: the live version first, then one to three other versions whose releases
 * are still kept; weights summing to 100; a goal inside the grid; a start now or within the
 * scheduling horizon and an end after it, at most 180 days later. One open experiment per site
 * (400 `experiment.alreadyOpen`). Starting now puts the split on the edge at once.
 */
export const createExperiment = async (
  site: SiteRow,
  body: CreateBody,
  author: PublishAuthor | undefined,
  now: number,
): Promise<Experiment> => {
  const { siteId } = site
  const issues: FieldIssue[] = []
  if (body.arms.reduce((sum, arm) => sum + arm.weight, 0) !== 100)
    issues.push({ path: 'body.arms', code: 'experiment.weights' })
  const ids = body.arms.map((arm) => arm.versionId)
  if (new Set(ids).size !== ids.length) issues.push({ path: 'body.arms', code: 'experiment.sameVersion' })
  if (body.goal.type === 'reach' && body.goal.cell) {
    const cell = parseCell(body.goal.cell)
    const grid = siteGrid(site)
    if (!cell || cell.row >= grid.rows || cell.column >= grid.columns)
      issues.push({ path: 'body.goal.cell', code: 'experiment.cellOutside' })
  }
  const startAt = body.startAt ? Date.parse(body.startAt) : undefined
  const endAt = body.endAt ? Date.parse(body.endAt) : undefined
  if (startAt !== undefined && (startAt <= now || startAt > now + EXPERIMENT_LIMITS.maxDays * DAY_MS))
    issues.push({ path: 'body.startAt', code: 'experiment.startAt' })
  const begins = startAt ?? now
  if (endAt !== undefined && (endAt <= begins || endAt > begins + EXPERIMENT_LIMITS.maxDays * DAY_MS))
    issues.push({ path: 'body.endAt', code: 'experiment.endAt' })
  if (issues.length) throw invalid(issues)

  const served = servedRelease(site)
  if (!served) throw new BadRequestError('experiment.notPublished')
  const { kept } = await siteHistory(siteId, site.ownerId, now)
  const versions = await Promise.all(
    body.arms.map(async (arm, index) => {
      const version = await versionOf(siteId, arm.versionId).catch((error: unknown) => {
        if (error instanceof NotFoundError)
          throw invalid([{ path: `body.arms.${index}.versionId`, code: 'experiment.versionUnknown' }])
        throw error
      })
      if (!kept.has(version.releaseId))
        throw invalid([{ path: `body.arms.${index}.versionId`, code: 'version.releaseGone' }])
      return version
    }),
  )
  if (versions[0]!.releaseId !== served)
    throw invalid([{ path: 'body.arms.0.versionId', code: 'experiment.controlNotLive' }])
  // Every arm must have the same message-match start pages: the edge applies one map to all (issue 34 part 5).
  const matchesOf = (v: (typeof versions)[number]) =>
    JSON.stringify(Object.entries((v.matches ?? {}) as Record<string, string>).sort())
  if (versions.some((v) => matchesOf(v) !== matchesOf(versions[0]!)))
    throw invalid([{ path: 'body.arms', code: 'experiment.matchesDiffer' }])
  if (new Set(versions.map((v) => v.releaseId)).size !== versions.length)
    throw invalid([{ path: 'body.arms', code: 'experiment.sameVersion' }])
  // What each variant changes against the control, once (the report shows it).
  const contents = await Promise.all(versions.map((v) => contentOf(siteId, v)))
  const arms = versions.map((version, index) => {
    const changes = compareContent(contents[0] as VersionContent, contents[index] as VersionContent)
    return {
      versionId: version.versionId,
      releaseId: version.releaseId,
      weight: body.arms[index]!.weight,
      kind: index === 0 ? ('control' as const) : variantKind(changes),
      cells: changes.cells.slice(0, 20),
    }
  })
  const experiment = {
    siteId,
    experimentId: timeOrderedId(now),
    name: body.name,
    state: 'SCHEDULED' as const,
    arms,
    goalType: body.goal.type,
    ...(body.goal.type === 'reach' && body.goal.cell ? { goalCell: body.goal.cell } : {}),
    ...(body.goal.type === 'dwell' && body.goal.seconds ? { goalSeconds: body.goal.seconds } : {}),
    ...(startAt !== undefined ? { startAt } : {}),
    ...(endAt !== undefined ? { endAt } : {}),
    autoPromote: body.autoPromote,
    minDays: body.minDays,
    ...(author ? { byAccountId: author.accountId, byName: author.name } : {}),
    createdAt: now,
    dueAt: new Date(begins).toISOString(),
  }
  const result = await createWriteTransaction({ experiments: Experiments, slots: ExperimentSlots }, (e) => [
    e.experiments.create(experiment).commit(),
    e.slots
      .create({
        siteId,
        experimentId: experiment.experimentId,
        weights: arms.map((a) => a.weight),
        releaseIds: arms.map((a) => a.releaseId),
        goalType: experiment.goalType,
        ...(experiment.goalCell ? { goalCell: experiment.goalCell } : {}),
        ...(experiment.goalSeconds ? { goalSeconds: experiment.goalSeconds } : {}),
      })
      .commit(),
  ]).go()
  if (result.canceled) throw new BadRequestError('experiment.alreadyOpen')
  const created = await experimentOf(siteId, experiment.experimentId)
  return startAt === undefined ? startExperiment(created, now) : created
}

/**
 * Starts a SCHEDULED experiment: the control must still be what is live (a publish or rollback
 * since fails it, `experiment.controlChanged`). Marks it RUNNING and its slot started, in one
 * conditional transaction, then puts the split on the edge.
 */
export const startExperiment = async (experiment: Experiment, now: number): Promise<Experiment> => {
  const { siteId, experimentId } = experiment
  const site = await readSite(siteId)
  if (!site || servedRelease(site) !== experiment.arms[0]?.releaseId)
    return endExperiment(experiment, 'failed', now, { error: 'experiment.controlChanged' })
  const result = await createWriteTransaction({ experiments: Experiments, slots: ExperimentSlots }, (e) => [
    e.experiments
      .patch({ siteId, experimentId })
      .set({ state: 'RUNNING', startedAt: now, dueAt: new Date(now).toISOString() })
      .where(({ state }, { eq }) => eq(state, 'SCHEDULED'))
      .commit(),
    e.slots
      .patch({ siteId })
      .set({ startedAt: now })
      .where(({ experimentId: id }, { eq }) => eq(id, experimentId))
      .commit(),
  ]).go()
  if (result.canceled) throw new ConflictError()
  await syncHostMap(siteId, site)
  logger.info('Experiment started', { siteId, experimentId, arms: experiment.arms.length })
  return experimentOf(siteId, experimentId)
}

/**
 * Ends an open experiment (stopped, its end time, promoted, or failed to start): ENDED with the
 * reason, its slot deleted, in one conditional transaction; then the edge serves the live version
 * alone again. A second end of the same experiment is 409.
 */
export const endExperiment = async (
  experiment: Experiment,
  reason: NonNullable<Experiment['endReason']>,
  now: number,
  extra: { winner?: number; error?: MessageKey; syncMap?: boolean } = {},
): Promise<Experiment> => {
  const { siteId, experimentId } = experiment
  const result = await createWriteTransaction({ experiments: Experiments, slots: ExperimentSlots }, (e) => [
    e.experiments
      .patch({ siteId, experimentId })
      .set({
        state: 'ENDED',
        endReason: reason,
        endedAt: now,
        ...(extra.winner !== undefined ? { winner: extra.winner } : {}),
        ...(extra.error ? { error: extra.error } : {}),
      })
      .where(({ state }, { ne }) => ne(state, 'ENDED'))
      .commit(),
    e.slots
      .delete({ siteId })
      .where(({ experimentId: id }, { eq }) => eq(id, experimentId))
      .commit(),
  ]).go()
  if (result.canceled) throw new ConflictError()
  if (extra.syncMap !== false && experiment.state === 'RUNNING') {
    const site = await readSite(siteId)
    if (site) await syncHostMap(siteId, site)
  }
  logger.info('Experiment ended', { siteId, experimentId, reason })
  return experimentOf(siteId, experimentId)
}

/**
 * Promotes an arm: a variant becomes the live page by moving the live pointer to its version's
 * release (a version of action `promote`; no render, no media copy), the experiment ends with it
 * as the winner, and the edge serves it to everyone on the next request. Promoting the control
 * ends the experiment and keeps what is live. On the editor's site version (409 otherwise);
 * an experiment that ended by promotion, or failed, cannot be promoted again.
 */
export const promoteArm = async (
  experiment: Experiment,
  arm: number,
  options: { expectVersion: number; author?: PublishAuthor | undefined; now: number },
): Promise<{ experiment: Experiment; version: number }> => {
  const { siteId } = experiment
  const target = experiment.arms[arm]
  if (!target) throw invalid([{ path: 'body.arm', code: 'experiment.armUnknown' }])
  if (
    experiment.state === 'SCHEDULED' ||
    experiment.endReason === 'promoted' ||
    experiment.endReason === 'failed'
  )
    throw new BadRequestError('experiment.notPromotable')
  const site = await readSite(siteId)
  if (!site) throw new NotFoundError()
  if (site.version !== options.expectVersion) throw new ConflictError()
  let version = site.version
  let movedTo: string | undefined
  if (servedRelease(site) !== target.releaseId) {
    const record = await pointTo(site, await versionOf(siteId, target.versionId), {
      expectVersion: options.expectVersion,
      action: 'promote',
      author: options.author,
      now: options.now,
    })
    version = record.siteVersion
    movedTo = record.versionId
  }
  const ended =
    experiment.state === 'ENDED'
      ? await promotedAfterEnd(experiment, arm)
      : await endExperiment(experiment, 'promoted', options.now, { winner: arm, syncMap: !movedTo })
  if (movedTo) await finishPointer(site, movedTo, options.now)
  return { experiment: ended, version }
}

/** An experiment stopped earlier whose arm is promoted afterwards: it records the winner. */
const promotedAfterEnd = async (experiment: Experiment, arm: number) => {
  await Experiments.patch({ siteId: experiment.siteId, experimentId: experiment.experimentId })
    .set({ endReason: 'promoted', winner: arm })
    .where(({ state }, { eq }) => eq(state, 'ENDED'))
    .go()
  return experimentOf(experiment.siteId, experiment.experimentId)
}

// ---------------------------------------------------------------------------------------------
// The schedule run
// ---------------------------------------------------------------------------------------------

/** How long a run's claim on an experiment holds (a run that died is retaken after it). */
const CLAIM_MS = 10 * 60 * 1000

const claim = async (experiment: Experiment, now: number): Promise<boolean> => {
  try {
    await Experiments.patch({ siteId: experiment.siteId, experimentId: experiment.experimentId })
      .set({ claimedAt: now })
      .where(
        ({ state, claimedAt }, { eq, notExists, lt }) =>
          `${eq(state, experiment.state)} AND (${notExists(claimedAt)} OR ${lt(claimedAt, now - CLAIM_MS)})`,
      )
      .go()
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

const release = (experiment: Experiment) =>
  Experiments.patch({ siteId: experiment.siteId, experimentId: experiment.experimentId })
    .remove(['claimedAt'])
    .go()
    .catch(() => undefined)

/**
 * The runtime table's `experimentSchedule` run (every minute): starts the experiments due, ends
 * those past their end time, and promotes a variant the statistics call better once the minimum
 * duration has passed, when the creator asked for it. Each experiment is claimed first, so two
 * runs never act on it twice. A failure is logged and retried by the next run.
 */
export const runExperimentSchedule = async (now: number) => {
  const done = { started: 0, ended: 0, promoted: 0 }
  const due = await Experiments.query
    .byState({ state: 'SCHEDULED' })
    .lte({ dueAt: new Date(now).toISOString() })
    .go({ pages: 'all' })
  for (const experiment of due.data) {
    if (!(await claim(experiment, now))) continue
    try {
      await startExperiment(experiment, now)
      done.started++
    } catch (error) {
      logger.error('Experiment not started', { experimentId: experiment.experimentId, error: error as Error })
    } finally {
      await release(experiment)
    }
  }
  const running = await Experiments.query.byState({ state: 'RUNNING' }).go({ pages: 'all' })
  for (const experiment of running.data) {
    const ending = experiment.endAt !== undefined && experiment.endAt <= now
    const mayPromote =
      !ending && experiment.autoPromote && now >= (experiment.startedAt ?? now) + experiment.minDays * DAY_MS
    if (!ending && !mayPromote) continue
    if (!(await claim(experiment, now))) continue
    try {
      if (ending) {
        await endExperiment(experiment, 'endTime', now)
        done.ended++
        continue
      }
      const sums = totals(experiment, await countsOf(experiment.experimentId))
      const found = verdict(
        experiment.arms.map((arm, i) => ({ id: String(i), weight: arm.weight, ...sums[i]! })),
      )
      if (found.kind !== 'better') continue
      const site = await readSite(experiment.siteId)
      if (!site) continue
      await promoteArm(experiment, Number(found.variant), { expectVersion: site.version, now })
      done.promoted++
    } catch (error) {
      logger.error('Experiment run failed', { experimentId: experiment.experimentId, error: error as Error })
    } finally {
      await release(experiment)
    }
  }
  return done
}
