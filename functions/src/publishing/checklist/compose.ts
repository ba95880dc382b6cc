import {
  CHECKLIST_RULES,
  CHECKLIST_SEVERITY,
  type Checklist,
  type ChecklistItem,
} from '@swipe/shared/contract/approvals'
import type { MessageKey } from '@swipe/shared/i18n/messages'
import { type FieldIssue, ValidationError } from '#edge/errors'
import type { CheckResult } from './types.ts'

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/**
 * The pre-publish checklist's answer for a check's result (issue 33 part 5): every rule's items,
 * blocking first, then warnings, each in the rules' order; each with its severity and its message
 * in the caller's language. No renderer here: the check itself runs where the site is rendered
 * (the platform's publisher, ./check.ts).
 */
export const checklistOf = (result: CheckResult, t: Translate): Checklist => {
  const items: ChecklistItem[] = result.items.map((item) => ({
    ...item,
    severity: CHECKLIST_SEVERITY[item.rule],
    message: t(`checklist.${item.rule}` as MessageKey, item.params),
  }))
  const rank = (item: ChecklistItem) =>
    (item.severity === 'blocking' ? 0 : CHECKLIST_RULES.length) + CHECKLIST_RULES.indexOf(item.rule)
  // A stable sort: within a rule, the rule's own order (language, cell, field).
  items.sort((a, b) => rank(a) - rank(b))
  return {
    items,
    blocking: items.filter((i) => i.severity === 'blocking').length,
    warnings: items.filter((i) => i.severity === 'warning').length,
    links: result.links,
    version: result.version,
    checkedAt: new Date(result.now).toISOString(),
  }
}

/**
 * Refuses (400 `checklist.blocked`) while the checklist has blocking items, one issue per item:
 * the code names the rule (`checklist.<rule>`), the path the place
 * (`checklist.<lang>.<cell or ref>.<field>`), the params its values, so a publish or an approval
 * names what stops it.
 */
export const requireNoBlocking = (checklist: Checklist): void => {
  const issues: FieldIssue[] = checklist.items
    .filter((i) => i.severity === 'blocking')
    .map((i) => ({
      path: ['checklist', i.lang, i.position ?? i.ref, i.field].filter(Boolean).join('.'),
      code: `checklist.${i.rule}`,
      params: {
        ...i.params,
        ...(i.lang ? { lang: i.lang } : {}),
        ...(i.position ? { position: i.position } : {}),
      },
    }))
  if (issues.length) throw new ValidationError(issues, 'checklist.blocked')
}
