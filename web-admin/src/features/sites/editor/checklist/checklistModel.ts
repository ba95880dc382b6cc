import type { SiteLanguage } from '@swipe/shared'
import type { TFunction } from 'i18next'
import { languageLabel } from '../../../../components/languageLabel.ts'
import type { EditorTabKey } from '../frame/editorModel.ts'
import type { ChecklistItem } from './checklist-api.ts'

/**
 * Where the editor opens a checklist item: a tab, the content language, the cell to select, or
 * the review comments (a comment lives in the preview's comment list, not in a tab).
 */
export interface ChecklistTarget {
  tab: EditorTabKey
  lang: SiteLanguage | null
  /** The cell to select in the creative grid. */
  cell: string | null
  /** Open the review comments instead of a tab. */
  comments: boolean
}

export const targetOf = (item: ChecklistItem): ChecklistTarget => {
  const base = { lang: item.lang, cell: null, comments: false }
  switch (item.place) {
    case 'cell':
      return { ...base, tab: 'creatives', cell: item.position }
    case 'global':
      return { ...base, tab: 'settings', lang: null }
    case 'popupCta':
      return { ...base, tab: 'cta', lang: null }
    case 'settings':
      // SEO, company and legal pages are the language's other settings.
      return { ...base, tab: 'other' }
    case 'comment':
      return { ...base, tab: 'creatives', cell: item.position, comments: true }
  }
}

/** The popup CTA's number as the tab shows it (the item names its index). */
const ctaNumber = (ref: string | null) => {
  const index = Number(ref)
  return Number.isInteger(index) && index >= 0 ? index + 1 : null
}

/** Where an item is, in a few words: 「日本語 A1」, 「ポップアップCTA 2」, 「日本語 その他設定」. */
export const whereOf = (t: TFunction, item: ChecklistItem): string => {
  const language = item.lang ? languageLabel(t, item.lang) : null
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ')
  switch (item.place) {
    case 'cell':
      return join(language, item.position)
    case 'comment':
      return t('siteEditor.checklist.where.comment', { where: join(language, item.position) || '-' })
    case 'global':
      return t('siteEditor.tabs.settings')
    case 'popupCta': {
      const number = ctaNumber(item.ref)
      return number ? t('siteEditor.checklist.where.cta', { number }) : t('siteEditor.tabs.cta')
    }
    case 'settings':
      return join(language, t('siteEditor.tabs.other'))
  }
}
