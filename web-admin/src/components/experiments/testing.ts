import type { ArmResult, ExperimentView } from './experiment-model.ts'

/**
 * Test builders of A/B test results as the API answers them (camelCase, before the wire): one
 * arm, and a running test with a control and a variant the statistics call better. The editor's
 * drawer and the analytics screen's section are tested with the same data.
 */

export const arm = (overrides: Partial<ArmResult> = {}): ArmResult => ({
  index: 0,
  label: 'A',
  versionId: 'v-live',
  weight: 50,
  kind: 'control',
  cells: [],
  visitors: 1000,
  conversions: 48,
  rate: 0.048,
  lift: null,
  ...overrides,
})

export const running = (overrides: Partial<ExperimentView> = {}): ExperimentView => ({
  id: 'x-2',
  name: 'ファーストビュー比較',
  state: 'RUNNING',
  goal: { type: 'cta', cell: null, seconds: null },
  arms: [
    arm(),
    arm({
      index: 1,
      label: 'B',
      versionId: 'v-var',
      kind: 'creative',
      cells: ['JP:A1'],
      visitors: 1010,
      conversions: 61,
      rate: 0.0604,
      lift: { absolute: 0.012, lower: -0.003, upper: 0.027, relative: 0.25 },
    }),
  ],
  startAt: null,
  endAt: '2026-06-30T15:00:00.000Z',
  startedAt: '2026-06-01T00:00:00.000Z',
  endedAt: null,
  endReason: null,
  error: null,
  winner: null,
  autoPromote: true,
  minDays: 7,
  verdict: { kind: 'better', arm: 1, confidence: 97, text: 'Bは元の版より優れています（信頼度97%）。' },
  split: { pValue: 0.8, broken: false },
  createdBy: '佐藤 花子',
  createdAt: '2026-06-01T00:00:00.000Z',
  ...overrides,
})
