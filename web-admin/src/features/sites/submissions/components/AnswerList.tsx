import type { SubmissionAnswer } from '@swipe/shared'
import { Descriptions } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * Every answer of one member or submission, title and value, as plain text: what a visitor typed
 * is never read as markup (React escapes it), and its line breaks are kept.
 */
export const AnswerList = ({ email, answers }: { email: string; answers: readonly SubmissionAnswer[] }) => {
  const { t } = useTranslation()
  return (
    <Descriptions
      title={t('siteSubmissions.answers.label', { email })}
      column={1}
      size="small"
      bordered
      items={answers.map((answer, index) => ({
        key: `${index}-${answer.name}`,
        label: answer.title || answer.name,
        children: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.value}</span>,
      }))}
    />
  )
}
