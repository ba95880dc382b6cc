import type { SiteLanguage } from '@swipe/shared'
import { Alert, Button } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { languageLabel } from '../../../../components/languageLabel.ts'
import type { FieldProblem, SiteDraft } from '../draft.ts'
import { type EditorTabKey, languageOfPath, tabOfPath } from './editorModel.ts'
import type { ProblemSource } from './useEditorActions.ts'

interface ProblemSummaryProps {
  problems: readonly FieldProblem[]
  source: ProblemSource
  draft: SiteDraft
  /** Opens the tab (and content language) a problem belongs to. */
  onOpen: (tab: EditorTabKey, lang: SiteLanguage | undefined) => void
}

/**
 * What stopped the last save or publish, one line per problem naming its tab; each line opens
 * that tab. Focus moves here when it appears, so keyboard and screen-reader users hear it.
 */
export const ProblemSummary = ({ problems, source, draft, onOpen }: ProblemSummaryProps) => {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (problems.length > 0) ref.current?.focus()
  }, [problems])

  if (problems.length === 0) return null
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none', marginBottom: 16 }}>
      <Alert
        type="error"
        showIcon
        title={t(source === 'publish' ? 'siteEditor.problems.publishTitle' : 'siteEditor.problems.title')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((problem, index) => {
              const tab = tabOfPath(problem.path)
              const lang = languageOfPath(problem.path, draft)
              const where = lang
                ? t('siteEditor.problems.tabInLanguage', {
                    tab: t(`siteEditor.tabs.${tab}`),
                    language: languageLabel(t, lang),
                  })
                : t(`siteEditor.tabs.${tab}`)
              return (
                // Problems have no id; the same path can be reported twice with different messages.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole
                <li key={`${problem.path}-${index}`}>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                    onClick={() => onOpen(tab, lang)}
                  >
                    {t('siteEditor.problems.item', { where, message: problem.message })}
                  </Button>
                </li>
              )
            })}
          </ul>
        }
      />
    </div>
  )
}
