import { SITE_LANGUAGES, type SiteLanguage } from '@swipe/shared'
import { App, Button, Dropdown, Flex, Tag, Typography, theme } from 'antd'
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { languageLabel } from '../../../../components/languageLabel.ts'

interface LanguageBarProps {
  languages: readonly SiteLanguage[]
  defaultLanguage: SiteLanguage
  current: SiteLanguage
  onSelect: (lang: SiteLanguage) => void
  /** Why no language can be added (the plan), or null when it can. */
  addRefusal: string | null
  readOnly: boolean
  onAdd: (lang: SiteLanguage) => void
  onRemove: (lang: SiteLanguage) => void
  /** The content edited in the current language (the editor's tabs). */
  children: ReactNode
}

/**
 * The content languages of the site as tabs (arrow keys move between them), with adding a language
 * and removing one (after a confirmation naming what goes with it). The editor below is the
 * tabs' one panel: it stays mounted while the language changes.
 */
export const LanguageBar = ({
  languages,
  defaultLanguage,
  current,
  onSelect,
  addRefusal,
  readOnly,
  onAdd,
  onRemove,
  children,
}: LanguageBarProps) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const { token } = theme.useToken()
  const baseId = useId()
  const tabs = useRef(new Map<SiteLanguage, HTMLButtonElement>())
  const reasonId = `${baseId}-add-reason`
  const panelId = `${baseId}-panel`
  const tabId = (lang: SiteLanguage) => `${baseId}-tab-${lang}`
  const addable = SITE_LANGUAGES.filter((lang) => !languages.includes(lang))

  const move = (event: KeyboardEvent, index: number) => {
    const last = languages.length - 1
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const lang = target === undefined ? undefined : languages[target]
    if (!lang) return
    event.preventDefault()
    onSelect(lang)
    tabs.current.get(lang)?.focus()
  }

  const confirmRemove = (lang: SiteLanguage) => {
    const language = languageLabel(t, lang)
    modal.confirm({
      title: t('siteEditor.languageBar.removeTitle', { language }),
      content: t('siteEditor.languageBar.removeContent', { language }),
      okText: t('siteEditor.languageBar.removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => onRemove(lang),
    })
  }

  const addButton = (
    <Button
      disabled={readOnly || addRefusal !== null || addable.length === 0}
      aria-describedby={addRefusal ? reasonId : undefined}
    >
      {t('siteEditor.languageBar.add')}
    </Button>
  )

  return (
    <section aria-label={t('siteEditor.languageBar.label')}>
      <Flex
        justify="space-between"
        align="flex-end"
        wrap
        gap={8}
        style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <div
          role="tablist"
          aria-label={t('siteEditor.languageBar.label')}
          style={{ display: 'flex', gap: 4 }}
        >
          {languages.map((lang, index) => {
            const selected = lang === current
            return (
              <button
                key={lang}
                ref={(node) => {
                  if (node) tabs.current.set(lang, node)
                  else tabs.current.delete(lang)
                }}
                id={tabId(lang)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => onSelect(lang)}
                onKeyDown={(event) => move(event, index)}
                style={{
                  cursor: 'pointer',
                  padding: '6px 16px',
                  marginBottom: -1,
                  font: 'inherit',
                  color: selected ? token.colorPrimary : token.colorText,
                  background: selected ? token.colorBgContainer : token.colorFillAlter,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderBottomColor: selected ? token.colorBgContainer : token.colorBorderSecondary,
                  borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`,
                }}
              >
                {languageLabel(t, lang)}
                {lang === defaultLanguage && (
                  <Tag style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
                    {t('siteEditor.languageBar.default')}
                  </Tag>
                )}
              </button>
            )
          })}
        </div>
        <Flex gap={8} align="center" wrap style={{ paddingBottom: 6 }}>
          {current !== defaultLanguage && (
            <Button danger disabled={readOnly} onClick={() => confirmRemove(current)}>
              {t('siteEditor.languageBar.remove', { language: languageLabel(t, current) })}
            </Button>
          )}
          {readOnly || addRefusal !== null || addable.length === 0 ? (
            addButton
          ) : (
            <Dropdown
              trigger={['click']}
              menu={{
                items: addable.map((lang) => ({ key: lang, label: languageLabel(t, lang) })),
                onClick: ({ key }) => onAdd(key as SiteLanguage),
              }}
            >
              {addButton}
            </Dropdown>
          )}
        </Flex>
      </Flex>
      {addRefusal && !readOnly && (
        <Typography.Paragraph id={reasonId} type="secondary" style={{ margin: '8px 0 0' }}>
          {addRefusal}
        </Typography.Paragraph>
      )}
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current)} style={{ paddingTop: 16 }}>
        {children}
      </div>
    </section>
  )
}
