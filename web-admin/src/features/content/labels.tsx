import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SystemNotiStatus } from './api.ts'

const STATUS_COLORS: Record<SystemNotiStatus, string> = {
  public: 'green',
  unpublic: 'blue',
  draft: 'default',
  expired: 'orange',
}

/** A status computed by the server when read (SPEC §4), as a coloured tag. */
export const StatusTag = ({ status }: { status: SystemNotiStatus }) => {
  const { t } = useTranslation()
  return <Tag color={STATUS_COLORS[status]}>{t(`content.status.${status}`)}</Tag>
}

type Texts = { ja: string; en?: string | undefined; zh?: string | undefined; ko?: string | undefined }

/** A text in the interface language when written, else the Japanese one (always written). */
export const textIn = (texts: Texts, language: string): string => {
  const value = texts[language as keyof Texts]
  return value?.trim() ? value : texts.ja
}
