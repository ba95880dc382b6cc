import type { SiteStatus } from '@swipe/shared'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLORS: Record<SiteStatus, string> = {
  PUBLISH: 'green',
  UNPUBLISHED: 'default',
  DRAFT: 'default',
  EXPIRED: 'red',
  PRIVATE: 'blue',
  DOMAIN_VERIFYING: 'gold',
}

/** A site's publication status (SPEC §4) as a coloured tag with its localised name. */
export const SiteStatusTag = ({ status }: { status: SiteStatus }) => {
  const { t } = useTranslation()
  return <Tag color={COLORS[status]}>{t(`sites.statuses.${status}`, { defaultValue: status })}</Tag>
}
