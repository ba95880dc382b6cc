import { Badge, Tabs } from 'antd'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../../components/visuallyHidden.ts'
import { CreativeSettingsTab } from '../creatives/CreativeSettingsTab.tsx'
import { PopupCtaTab } from '../cta/PopupCtaTab.tsx'
import { DomainTab } from '../domain/DomainTab.tsx'
import type { EditorTabProps } from '../draft.ts'
import { GlobalMenuTab } from '../menu/GlobalMenuTab.tsx'
import { OtherSettingsTab } from '../other/OtherSettingsTab.tsx'
import { SiteSettingsTab } from '../settings/SiteSettingsTab.tsx'
import { AdTagsTab } from '../tags/AdTagsTab.tsx'
import { EDITOR_TABS, type EditorTabKey, tabOfPath } from './editorModel.ts'

const TAB_COMPONENTS: Record<EditorTabKey, ComponentType<EditorTabProps>> = {
  settings: SiteSettingsTab,
  domain: DomainTab,
  cta: PopupCtaTab,
  creatives: CreativeSettingsTab,
  menu: GlobalMenuTab,
  other: OtherSettingsTab,
  tags: AdTagsTab,
}

interface EditorTabsProps {
  active: EditorTabKey
  onActive: (tab: EditorTabKey) => void
  tabProps: EditorTabProps
}

/** The editor's tabs; a tab with problems under its fields carries a count. */
export const EditorTabs = ({ active, onActive, tabProps }: EditorTabsProps) => {
  const { t } = useTranslation()
  const counts = new Map<EditorTabKey, number>()
  for (const problem of tabProps.problems) {
    const tab = tabOfPath(problem.path)
    counts.set(tab, (counts.get(tab) ?? 0) + 1)
  }
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => onActive(key as EditorTabKey)}
      items={EDITOR_TABS.map((key) => {
        const Tab = TAB_COMPONENTS[key]
        const count = counts.get(key) ?? 0
        return {
          key,
          label: (
            <span>
              {t(`siteEditor.tabs.${key}`)}
              {count > 0 && (
                <>
                  <Badge count={count} size="small" style={{ marginInlineStart: 6 }} aria-hidden />
                  <span style={visuallyHidden}>{t('siteEditor.tabs.problemCount', { count })}</span>
                </>
              )}
            </span>
          ),
          children: <Tab {...tabProps} />,
        }
      })}
    />
  )
}
