import type { TFunction } from 'i18next'
import { contractStatusLabel } from '../../components/contractLabels.tsx'
import type { HistoryEntry } from './api.ts'
import { USER_FORM_FIELDS } from './formFieldNames.ts'

type FieldKey = Exclude<(typeof USER_FORM_FIELDS)[number], 'parentId'>
const isFieldKey = (value: string): value is FieldKey =>
  value !== 'parentId' && (USER_FORM_FIELDS as readonly string[]).includes(value)

/**
 * "Processing content" of a history row: the action, then its detail in words. The server writes the
 * changed field names for an update and "FROM -> TO" for a contract change.
 */
export const historyContent = (entry: HistoryEntry, t: TFunction, locale: string): string => {
  const action = t(`users.historyActions.${entry.action}`, { defaultValue: entry.action })
  const detail = entry.detail?.trim()
  if (!detail) return action
  const transition = /^(\w+) -> (\w+)$/.exec(detail)
  if (transition) {
    const [, from = '', to = ''] = transition
    return `${action}: ${contractStatusLabel(from, t)} → ${contractStatusLabel(to, t)}`
  }
  if (entry.action === 'UPDATE') {
    const fields = detail.split(',').map((field) => field.trim())
    if (fields.every(isFieldKey)) {
      const names = fields.map((field) => t(`users.fields.${field}`))
      return `${action}: ${new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(names)}`
    }
  }
  return `${action}: ${detail}`
}
