import {
  EXPERIMENT_END_REASONS,
  EXPERIMENT_GOALS,
  EXPERIMENT_STATES,
  VARIANT_KINDS,
} from '@swipe/shared/experiments/model'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * One experiment of a site (issue 34; docs/decisions/0069-experiments-at-the-edge.md): its arms
 * (versions and the releases they serve, the live one first), goal, split and schedule. In the
 * site's partition; gsi1 (`experiment#<state>`, sorted by `dueAt`) lets the `experimentSchedule`
 * run find what starts and what runs. At most one is SCHEDULED or RUNNING per site (the create
 * checks it and the start is conditional). Deleted with the site.
 */
export const Experiments = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'experiment', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          experimentId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true, readOnly: true },
          state: { type: EXPERIMENT_STATES, required: true },
          /** Arms in order (0 the control): the version, its release, the weight in percent. */
          arms: {
            type: 'list',
            required: true,
            readOnly: true,
            items: {
              type: 'map',
              properties: {
                versionId: { type: 'string', required: true },
                releaseId: { type: 'string', required: true },
                weight: { type: 'number', required: true },
                /** What it changes against the control, and the cells it changes (at most 20), at creation. */
                kind: { type: VARIANT_KINDS, required: true },
                cells: { type: 'list', items: { type: 'string' } },
              },
            },
          },
          goalType: { type: EXPERIMENT_GOALS, required: true, readOnly: true },
          goalCell: { type: 'string', readOnly: true },
          goalSeconds: { type: 'number', readOnly: true },
          /** Epoch ms: the planned start and end (none: at creation, until stopped). */
          startAt: { type: 'number' },
          endAt: { type: 'number' },
          startedAt: { type: 'number' },
          endedAt: { type: 'number' },
          endReason: { type: EXPERIMENT_END_REASONS },
          /** A failed start's message key. */
          error: { type: 'string' },
          winner: { type: 'number' },
          autoPromote: { type: 'boolean', required: true, readOnly: true },
          minDays: { type: 'number', required: true, readOnly: true },
          byAccountId: { type: 'string', readOnly: true },
          byName: { type: 'string', readOnly: true },
          createdAt: { type: 'number', required: true, readOnly: true },
          /** The index key of the schedule run: SCHEDULED its start, RUNNING its start too (ISO 8601). */
          dueAt: { type: 'string', required: true },
          /** When a run took it (two runs never start or promote it twice). */
          claimedAt: { type: 'number' },
        },
        indexes: {
          bySite: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: ['experimentId'], casing: 'none' },
          },
          byState: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['state'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'experiment#${state}',
              casing: 'none',
            },
            sk: {
              field: 'gsi1sk',
              composite: ['dueAt'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${dueAt}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type Experiment = EntityItem<typeof Experiments>

/**
 * One arm's counts on one day in Japan (YYYY-MM-DD): visitors first seen that day and visitors
 * whose first conversion was that day. The report adds the days up (cumulative per day: the
 * sequence over time); one query per experiment reads them all.
 */
export const ExperimentCounts = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'experimentCount', version: '1', service: SERVICE },
        attributes: {
          experimentId: { type: 'string', required: true, readOnly: true },
          day: { type: 'string', required: true, readOnly: true },
          arm: { type: 'number', required: true, readOnly: true },
          visitors: { type: 'number', default: 0 },
          conversions: { type: 'number', default: 0 },
        },
        indexes: {
          byDay: {
            pk: { field: 'pk', composite: ['experimentId'] },
            sk: { field: 'sk', composite: ['day', 'arm'] },
          },
        },
      },
      entityConfig,
    ),
)
export type ExperimentCount = EntityItem<typeof ExperimentCounts>

/**
 * One visitor key in one experiment: created once (the conditional create that succeeds counts
 * the visitor), then `converted` once (the conditional update that succeeds counts the
 * conversion). The key is the visitor's random cookie; nothing else about the visitor is kept.
 * Its own partition per key; TTL 30 days after the experiment's longest possible end.
 */
export const ExperimentVisitors = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'experimentVisitor', version: '1', service: SERVICE },
        attributes: {
          experimentId: { type: 'string', required: true, readOnly: true },
          visitor: { type: 'string', required: true, readOnly: true },
          arm: { type: 'number', required: true, readOnly: true },
          converted: { type: 'boolean' },
          expiresAt: { type: 'number', required: true },
        },
        indexes: {
          byVisitor: {
            pk: { field: 'pk', composite: ['experimentId', 'visitor'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * A site's one open experiment (SCHEDULED or RUNNING): created with it in one transaction on the
 * condition that none exists, deleted when it ends. It carries what a beacon needs to count —
 * the split, the goal, whether it runs — so a beacon costs one read, and the arms' releases the
 * clean-up must keep.
 */
export const ExperimentSlots = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'experimentSlot', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          experimentId: { type: 'string', required: true, readOnly: true },
          weights: { type: 'list', items: { type: 'number' }, required: true, readOnly: true },
          releaseIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
          goalType: { type: EXPERIMENT_GOALS, required: true, readOnly: true },
          goalCell: { type: 'string', readOnly: true },
          goalSeconds: { type: 'number', readOnly: true },
          /** Set when it starts: beacons count from then. */
          startedAt: { type: 'number' },
        },
        indexes: {
          bySite: {
            pk: { field: 'pk', composite: ['siteId'] },
            sk: { field: 'sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)
export type ExperimentSlot = EntityItem<typeof ExperimentSlots>

/** A running experiment as the host map needs it: its id and each arm's release and weight, the control first. */
export interface RunningSplit {
  experimentId: string
  arms: { releaseId: string; weight: number }[]
}

/**
 * The experiment a site runs now, if any, from its slot (one read: the slot is marked started and
 * deleted in the same transactions that start and end the experiment).
 */
export const runningExperiment = async (siteId: string): Promise<RunningSplit | undefined> => {
  const slot = (await ExperimentSlots.get({ siteId }).go({ consistent: true })).data
  if (slot?.startedAt === undefined) return undefined
  return {
    experimentId: slot.experimentId,
    arms: slot.releaseIds.map((releaseId, index) => ({ releaseId, weight: slot.weights[index]! })),
  }
}
