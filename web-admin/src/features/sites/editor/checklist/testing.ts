import { keysToSnake } from '@swipe/shared'
import type { MockReply } from '../../../../test/mockApi.ts'
import type { Checklist, ChecklistItem } from './checklist-api.ts'

/** Test helpers of the pre-publish checklist: items and the checklist as GET /site/{id}/checklist sends it. */

export const blockingItem = (overrides: Partial<ChecklistItem> = {}): ChecklistItem => ({
  rule: 'legalMissing',
  severity: 'blocking',
  place: 'settings',
  lang: 'JP',
  position: null,
  field: 'company.privacyPolicy',
  ref: null,
  params: {},
  message: 'フォームがありますが、プライバシーポリシーが設定されていません。',
  ...overrides,
})

export const warningItem = (overrides: Partial<ChecklistItem> = {}): ChecklistItem => ({
  rule: 'imageAlt',
  severity: 'warning',
  place: 'cell',
  lang: 'JP',
  position: 'B1',
  field: 'imageAlt',
  ref: null,
  params: {},
  message: '画像に代替テキストがありません。',
  ...overrides,
})

export const checklistOf = (
  items: ChecklistItem[],
  overrides: Partial<Omit<Checklist, 'items' | 'blocking' | 'warnings'>> = {},
): Checklist => ({
  items,
  blocking: items.filter((item) => item.severity === 'blocking').length,
  warnings: items.filter((item) => item.severity === 'warning').length,
  links: { checked: 0, unchecked: 0 },
  version: 4,
  checkedAt: '2026-06-01T00:00:00.000Z',
  ...overrides,
})

export const checklistReply = (checklist: Checklist): MockReply => ({ body: keysToSnake(checklist) })
