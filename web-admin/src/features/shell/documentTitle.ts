import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { PageKey } from './consoleRoutes.ts'

/** The tab's title of a console screen: 「サイト一覧 | Swipe LP Studio」, the app's name alone without a page. */
export const documentTitleOf = (page: string | undefined, name: string): string =>
  page ? `${page} | ${name}` : name

/**
 * Names the browser tab after the console screen shown (its route's page title), in the console's
 * language, and gives the tab back the app's name when the console is left.
 */
export const useDocumentTitle = (page: PageKey | undefined): void => {
  const { t } = useTranslation()
  // Both texts change with the language, which re-runs the effect.
  const name = t('app.name')
  const title = page ? t(`pages.${page}`) : undefined
  useEffect(() => {
    document.title = documentTitleOf(title, name)
  }, [title, name])
  useEffect(
    () => () => {
      document.title = name
    },
    [name],
  )
}
