import { CONTRACT_STATUSES, type ContractStatus } from '@swipe/shared'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Profile } from '../lib/accounts.ts'
import { formatDate } from '../lib/format.ts'

/*
 * A contract in words, the same on every screen: its status (text and coloured tag) on the summary,
 * the user list and the user detail, its period on the list and the detail.
 */

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
