import { CONTRACT_STATUSES, type ContractStatus } from '@swipe/shared'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format.ts'
import type { HistoryEntry, Profile } from './api.ts'
import { USER_FORM_FIELDS } from './formFieldNames.ts'

const STATUS_COLORS: Record<ContractStatus, string> = {
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  TERMINATED: 'red',
  INACTIVE: 'default',
}

const isStatus = (value: string): value is ContractStatus =>
  (CONTRACT_STATUSES as readonly string[]).includes(value)

/** A contract status in words, the same everywhere in the console; an unknown status as sent. */
export const contractStatusLabel = (status: string, t: TFunction): string =>
  isStatus(status) ? t(`users.contractStatuses.${status}`) : status

/** The contract status as a coloured tag; the text carries the meaning, the colour only helps. */
export const ContractStatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation()
  return (
    <Tag color={isStatus(status) ? STATUS_COLORS[status] : undefined}>{contractStatusLabel(status, t)}</Tag>
  )
}

/** "start 〜 end", or "not set" without dates. */
export const contractPeriod = (
  profile: Pick<Profile, 'contractStartDate' | 'contractEndDate'>,
  t: TFunction,
  locale: string,
): string => {
  const start = formatDate(profile.contractStartDate, locale)
  const end = formatDate(profile.contractEndDate, locale)
  if (!start && !end) return t('common.notSet')
  return t('users.period', { start: start ?? '', end: end ?? '' }).trim()
}

/** The name a user is shown by: company, else contact, else email. */
export const displayName = (profile: Pick<Profile, 'companyName' | 'contactName' | 'email'>): string =>
  profile.companyName ?? profile.contactName ?? profile.email

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
